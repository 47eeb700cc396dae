/**
 * The environment the handlers read in the local cloud (functions/platform/env.ts and the AWS SDK's endpoint
 * variables), and the secrets kept in the data directory so sessions and the admin's password survive a restart.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CREDENTIALS, REGION, type Emulators } from './emulators.js';
import { NAMES, tableName } from './resources.js';
import type { Shutdown } from './shutdown.js';

export interface AdminSignIn {
  email: string;
  password: string;
}

export interface HandlerEnvironmentInput {
  emulators: Pick<Emulators, 'dynamo' | 'fauxqs' | 'ses'>;
  /** The app's origin (the gateway's URL). */
  url: string;
  dataDir: string;
  staticDir: string;
  admin: AdminSignIn;
  /** The Stripe sandbox's variables. */
  stripe: Record<string, string>;
  /** The Shopify sandbox's variables (store, Storefront token, webhook secret). */
  shopify: Record<string, string>;
  /** The pre-rendered pages' renderer, built into the data directory (a layer in AWS). */
  pageRenderer: string;
  /** Tests only: the fault proxies the handlers reach these services through instead (the cloud's own machinery does not). */
  proxied?: { dynamodb: string; sqs: string; ses: string };
}

export function handlerEnvironment({
  emulators,
  url,
  dataDir,
  staticDir,
  admin,
  stripe,
  shopify,
  pageRenderer,
  proxied,
}: HandlerEnvironmentInput): Record<string, string> {
  const { dynamo, fauxqs, ses } = emulators;
  return {
    AWS_REGION: REGION,
    AWS_DEFAULT_REGION: REGION,
    AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    AWS_EC2_METADATA_DISABLED: 'true',
    AWS_ENDPOINT_URL_DYNAMODB: proxied?.dynamodb ?? dynamo.endpoint,
    AWS_ENDPOINT_URL_DYNAMODB_STREAMS: dynamo.endpoint,
    AWS_ENDPOINT_URL_SQS: proxied?.sqs ?? fauxqs.endpoint,
    AWS_ENDPOINT_URL_S3: fauxqs.endpoint,
    AWS_ENDPOINT_URL_SESV2: proxied?.ses ?? ses.endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    TABLE_EVENTS: tableName('events'),
    TABLE_VIEWS: tableName('views'),
    TABLE_COUNTERS: tableName('counters'),
    TABLE_EPHEMERAL: tableName('ephemeral'),
    TABLE_KEYS: tableName('keys'),
    MEDIA_BUCKET: NAMES.bucket,
    SITE_BUCKET: NAMES.siteBucket,
    PAGE_RENDERER: pathToFileURL(pageRenderer).href,
    QUEUE_PREFIX: NAMES.queuePrefix,
    SESSION_SECRET: sessionSecret(dataDir),
    PERSONAL_DATA_SECRET: persistedSecret(dataDir, 'personal-data-secret', () => randomBytes(48).toString('base64url')),
    // A data directory from before the second factor had a secret of its own sealed its admins' authenticator secrets
    // under a key derived from the session secret: its second factor secret starts as that value, so they still open.
    SECOND_FACTOR_SECRET: persistedSecret(dataDir, 'second-factor-secret', () => existingSecret(dataDir, 'secret') ?? randomSecret()),
    DOWNLOAD_LINK_SECRET: persistedSecret(dataDir, 'download-link-secret', randomSecret),
    // The gateway adds it to each API request, as CloudFront does (infra/local/gateway.ts).
    ORIGIN_SECRET: persistedSecret(dataDir, 'origin-secret', randomSecret),
    APP_ORIGIN: url,
    BUILD_TIME: buildTime(staticDir),
    // Every local request comes from 127.0.0.1, so the per-IP sign-in limit would count the whole test suite as one person.
    SIGNIN_LIMIT_PER_IP: '1000',
    // The app's CloudWatch metrics (functions/platform/metrics.ts) are log lines for AWS to read; here they would only be noise.
    POWERTOOLS_METRICS_DISABLED: 'true',
    // As Lambda sets it for a function run on demand: Powertools marks a handler's first invocation as its cold start.
    AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    ...stripe,
    ...shopify,
  };
}

/** Sets `env` in process.env for the handlers (the shutdown puts the old values back) and clears what would point elsewhere. */
export async function applyHandlerEnvironment(env: Record<string, string>, shutdown: Shutdown) {
  shutdown.setEnv(env);
  shutdown.setEnv({
    AWS_SESSION_TOKEN: undefined,
    AWS_PROFILE: undefined,
    AWS_ENDPOINT_URL: undefined,
    AWS_IGNORE_CONFIGURED_ENDPOINT_URLS: undefined,
  });
  await resetHandlersEnvCache();
}

/** The first admin: the one given, else admin@toko.local with a password kept in `<dataDir>/admin-password`. */
export const firstAdmin = (dataDir: string, given?: AdminSignIn): AdminSignIn =>
  given ?? { email: 'admin@toko.local', password: persistedSecret(dataDir, 'admin-password', () => randomBytes(12).toString('base64url')) };

const randomSecret = () => randomBytes(48).toString('base64url');

/** What `<dataDir>/<name>` holds, or undefined before it was first written. */
function existingSecret(dataDir: string, name: string): string | undefined {
  try {
    return fs.readFileSync(path.join(dataDir, name), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/** A secret generated on first start and kept in `<dataDir>/<name>`, so it survives a restart. */
function persistedSecret(dataDir: string, name: string, make: () => string): string {
  const existing = existingSecret(dataDir, name);
  if (existing) return existing;
  const secret = make();
  fs.writeFileSync(path.join(dataDir, name), secret, { mode: 0o600 });
  return secret;
}

/** 48 random characters made once per data directory, so sessions survive a restart. */
function sessionSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start
  }
  const secret = randomBytes(36).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function buildTime(staticDir: string): string {
  try {
    return fs.statSync(path.join(staticDir, 'index.html')).mtime.toISOString();
  } catch {
    return new Date().toISOString();
  }
}

/**
 * functions/platform/env.ts caches what it parsed and functions/platform/aws.ts its clients; the cloud sets the
 * variables after they may have loaded (a test file that started a cloud before, in the same worker).
 */
async function resetHandlersEnvCache() {
  const { resetEnvCache } = await import('../../functions/platform/env.js');
  const { resetAwsClients } = await import('../../functions/platform/aws.js');
  resetEnvCache();
  resetAwsClients();
}
