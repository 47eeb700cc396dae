/** GET /api/deployment-status: what is deployed (build, version) and how much media is there, read every 5 s. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { request } from '../../../lib/http';

export const DEPLOYMENT_POLL_MS = 5000;
/** What a complete deployment of the label holds (spec part 1 §9). */
export const expectedMedia = { images: 17, audio: 35 } as const;

const deploymentStatusSchema = z.object({
  buildTime: z.nullish(z.string()),
  timestamp: z.nullish(z.string()),
  version: z.nullish(z.string()),
  hasUploads: z.boolean(),
  imagesCount: z.number(),
  audioCount: z.number(),
});
export type DeploymentStatus = z.infer<typeof deploymentStatusSchema>;

export type DeploymentHealth = 'checking' | 'error' | 'deployed' | 'issues';

export function deploymentHealth(status: DeploymentStatus | undefined, failed: boolean): DeploymentHealth {
  if (failed) return 'error';
  if (!status) return 'checking';
  const complete = status.hasUploads && status.imagesCount >= expectedMedia.images && status.audioCount >= expectedMedia.audio;
  return complete ? 'deployed' : 'issues';
}

export const getDeploymentStatus = (signal?: AbortSignal): Promise<DeploymentStatus> =>
  request('/api/deployment-status', deploymentStatusSchema, { signal });

export const deploymentStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['deployment-status'] as const,
    queryFn: ({ signal }) => getDeploymentStatus(signal),
    refetchInterval: DEPLOYMENT_POLL_MS,
    staleTime: 0,
  });

export const useDeploymentStatus = () => useQuery(deploymentStatusQueryOptions());
