/** HTTP context `platform`: what the deployment-check page reads. */
import { ListObjectsV2Command, type ListObjectsV2CommandOutput } from '@aws-sdk/client-s3';
import { s3Client } from '../../platform/aws.js';
import { env } from '../../platform/env.js';
import { authorizer } from '../../accounts/index.js';
import { contextHandler } from '../../platform/http.js';
import { platformRoutes } from '../../routes.js';

const startedAt = new Date().toISOString();

async function countObjects(prefix: string): Promise<number> {
  let count = 0;
  let token: string | undefined;
  do {
    const page: ListObjectsV2CommandOutput = await s3Client().send(
      new ListObjectsV2Command({ Bucket: env().MEDIA_BUCKET, Prefix: prefix, ContinuationToken: token }),
    );
    count += page.KeyCount ?? page.Contents?.length ?? 0;
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return count;
}

export const handler = contextHandler(platformRoutes, authorizer, {
  'GET /api/deployment-status': async () => {
    const [imagesCount, audioCount] = await Promise.all([countObjects('images/'), countObjects('audio/')]);
    return {
      buildTime: env().BUILD_TIME ?? startedAt,
      timestamp: new Date().toISOString(),
      version: env().APP_VERSION,
      hasUploads: imagesCount + audioCount > 0,
      imagesCount,
      audioCount,
    };
  },
});
