/** Contract of the `platform` context: what the deployment-check page reads. */
import * as z from 'zod/mini';
import { endpoint } from '../../platform/contract/endpoint.js';

export const deploymentStatusAnswer = z.object({
  buildTime: z.string(),
  timestamp: z.string(),
  version: z.string(),
  hasUploads: z.boolean(),
  imagesCount: z.int(),
  audioCount: z.int(),
});
export const deploymentStatus = endpoint({ answer: deploymentStatusAnswer });
