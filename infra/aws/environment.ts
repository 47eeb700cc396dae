/**
 * The environment of every Lambda, in one place (functions/platform/env.ts reads it). No secret's value is in it: a
 * function is told where its own secrets are (`SECRETS`, the ids of those functions/secrets.ts gives it), is granted
 * read on those alone (grantSecrets), and reads them at run time (functions/platform/secrets.ts).
 */
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { SecretName, SecretSources } from '../../functions/platform/secrets.js';

/** Where one of the app's secrets is: a Secrets Manager secret, and its field when the secret is JSON (Stripe's, Shopify's). */
export interface SecretSource {
  secret: ISecret;
  field?: string;
}
export type FunctionSecrets = Record<SecretName, SecretSource>;

/** Read on the secrets `names` are in, and nothing else of Secrets Manager. */
export function grantSecrets(to: IGrantable, names: readonly SecretName[], secrets: FunctionSecrets) {
  for (const secret of new Set(names.map((name) => secrets[name].secret))) secret.grantRead(to);
}

export interface SharedEnvironment {
  tables: { events: ITable; views: ITable; counters: ITable; ephemeral: ITable; keys: ITable };
  mediaBucket: IBucket;
  /** The site bucket (the SPA, and the pre-rendered pages under pages/). */
  siteBucket?: IBucket;
  queuePrefix: string;
  appOrigin: string;
  secrets: FunctionSecrets;
  appVersion: string;
  buildTime?: string;
  stripePublishableKey?: string;
  shopifyMemberDiscountCode?: string;
}

/** A secret made here by its full ARN; one that exists already by its name (its ARN's random suffix is not known). */
const idOf = (secret: ISecret) => secret.secretFullArn ?? secret.secretName;

export function functionEnvironment(
  shared: SharedEnvironment,
  service: string,
  secretNames: readonly SecretName[],
): Record<string, string> {
  const { tables, secrets } = shared;
  const sources: SecretSources = Object.fromEntries(
    secretNames.map((name) => [name, { id: idOf(secrets[name].secret), ...(secrets[name].field ? { field: secrets[name].field } : {}) }]),
  );
  return {
    TABLE_EVENTS: tables.events.tableName,
    TABLE_VIEWS: tables.views.tableName,
    TABLE_COUNTERS: tables.counters.tableName,
    TABLE_EPHEMERAL: tables.ephemeral.tableName,
    TABLE_KEYS: tables.keys.tableName,
    MEDIA_BUCKET: shared.mediaBucket.bucketName,
    ...(shared.siteBucket ? { SITE_BUCKET: shared.siteBucket.bucketName } : {}),
    QUEUE_PREFIX: shared.queuePrefix,
    ...(secretNames.length ? { SECRETS: JSON.stringify(sources) } : {}),
    APP_ORIGIN: shared.appOrigin,
    APP_VERSION: shared.appVersion,
    ...(shared.buildTime ? { BUILD_TIME: shared.buildTime } : {}),
    ...(shared.stripePublishableKey ? { STRIPE_PUBLISHABLE_KEY: shared.stripePublishableKey } : {}),
    ...(shared.shopifyMemberDiscountCode ? { SHOPIFY_MEMBER_DISCOUNT_CODE: shared.shopifyMemberDiscountCode } : {}),
    POWERTOOLS_SERVICE_NAME: service,
    NODE_OPTIONS: '--enable-source-maps',
  };
}
