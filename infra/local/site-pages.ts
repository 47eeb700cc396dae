/**
 * The local cloud's pre-rendered pages: the renderer built into the data directory (a Lambda layer in AWS), the SPA's
 * index.html put in the site bucket as their template (CDK's deployment puts it there in AWS), and every page rendered
 * once the catalogue has caught up, so a fresh cloud serves them from its first request.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { buildPageRenderer } from '../../frontend/build/page-renderer.js';
import type { AwsClientConfig } from './dynamodb-local.js';
import { NAMES } from './resources.js';
import type { Log } from './util.js';

/** Builds the renderer under `<dataDir>/page-renderer/`; returns its module's path. */
export const preparePageRenderer = (dataDir: string): string => buildPageRenderer(path.join(dataDir, 'page-renderer'));

/** Puts the built SPA's index.html in the site bucket; false when the SPA is not built (then no page is rendered). */
export async function publishTemplate(s3Config: AwsClientConfig, staticDir: string): Promise<boolean> {
  const file = path.join(staticDir, 'index.html');
  if (!fs.existsSync(file)) return false;
  const s3 = new S3Client({ ...s3Config, forcePathStyle: true });
  await s3.send(
    new PutObjectCommand({
      Bucket: NAMES.siteBucket,
      Key: 'index.html',
      Body: fs.readFileSync(file),
      ContentType: 'text/html; charset=utf-8',
    }),
  );
  return true;
}

/**
 * Renders every page (the handlers' environment must be set). A page that cannot be rendered (an SPA build whose
 * index.html the renderer does not recognise) does not stop the cloud: the gateway serves index.html instead.
 */
export async function renderEveryPage(log: Log): Promise<void> {
  const started = performance.now();
  const { renderAllPages } = await import('../../functions/catalogue/consumers/prerender.js');
  try {
    const count = await renderAllPages();
    log.info(`pre-rendered ${count} pages in ${Math.round(performance.now() - started)} ms`);
  } catch (error) {
    log.error('pre-render: the pages were not rendered; the SPA serves them instead', error);
  }
}
