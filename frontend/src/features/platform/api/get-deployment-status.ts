/** GET /api/deployment-status: what is deployed (build, version) and how much media is there, read every 5 s. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { deploymentStatusAnswer } from '#contract/platform.js';
import { api } from '../../../lib/http';

const DEPLOYMENT_POLL_MS = 5000;
/** What a complete deployment of the label holds: the status page counts the media against these. */
export const expectedMedia = { images: 17, audio: 35 } as const;

export type DeploymentStatus = z.infer<typeof deploymentStatusAnswer>;

export type DeploymentHealth = 'checking' | 'error' | 'deployed' | 'issues';

export function deploymentHealth(status: DeploymentStatus | undefined, failed: boolean): DeploymentHealth {
  if (failed) return 'error';
  if (!status) return 'checking';
  const complete = status.hasUploads && status.imagesCount >= expectedMedia.images && status.audioCount >= expectedMedia.audio;
  return complete ? 'deployed' : 'issues';
}

const getDeploymentStatus = (signal?: AbortSignal): Promise<DeploymentStatus> =>
  api('GET /api/deployment-status', deploymentStatusAnswer, { signal });

const deploymentStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['deployment-status'] as const,
    queryFn: ({ signal }) => getDeploymentStatus(signal),
    refetchInterval: DEPLOYMENT_POLL_MS,
    staleTime: 0,
  });

export const useDeploymentStatus = () => useQuery(deploymentStatusQueryOptions());
