/**
 * The environment of every Lambda, in one place (functions/lib/env.ts reads it). Secrets enter as
 * CloudFormation dynamic references to Secrets Manager, resolved at deploy time: the template
 * only ever holds `{{resolve:secretsmanager:…}}`, never a value.
 */
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { SecretValue } from 'aws-cdk-lib';

export interface FunctionSecrets {
  session: SecretValue;
  personalData: SecretValue;
  secondFactor: SecretValue;
  downloadLinks: SecretValue;
  /** What CloudFront adds to API requests (the web stack's origin header). */
  origin: SecretValue;
  stripeSecretKey: SecretValue;
  stripeWebhookSecret: SecretValue;
  /** The merch shop: its Shopify store, Storefront access token and webhook signing secret. */
  shopifyStoreDomain: SecretValue;
  shopifyStorefrontToken: SecretValue;
  shopifyWebhookSecret: SecretValue;
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

export function functionEnvironment(shared: SharedEnvironment, service: string): Record<string, string> {
  const { tables, secrets } = shared;
  return {
    TABLE_EVENTS: tables.events.tableName,
    TABLE_VIEWS: tables.views.tableName,
    TABLE_COUNTERS: tables.counters.tableName,
    TABLE_EPHEMERAL: tables.ephemeral.tableName,
    TABLE_KEYS: tables.keys.tableName,
    MEDIA_BUCKET: shared.mediaBucket.bucketName,
    ...(shared.siteBucket ? { SITE_BUCKET: shared.siteBucket.bucketName } : {}),
    QUEUE_PREFIX: shared.queuePrefix,
    SESSION_SECRET: secrets.session.unsafeUnwrap(),
    PERSONAL_DATA_SECRET: secrets.personalData.unsafeUnwrap(),
    SECOND_FACTOR_SECRET: secrets.secondFactor.unsafeUnwrap(),
    DOWNLOAD_LINK_SECRET: secrets.downloadLinks.unsafeUnwrap(),
    ORIGIN_SECRET: secrets.origin.unsafeUnwrap(),
    STRIPE_SECRET_KEY: secrets.stripeSecretKey.unsafeUnwrap(),
    STRIPE_WEBHOOK_SECRET: secrets.stripeWebhookSecret.unsafeUnwrap(),
    SHOPIFY_STORE_DOMAIN: secrets.shopifyStoreDomain.unsafeUnwrap(),
    SHOPIFY_STOREFRONT_TOKEN: secrets.shopifyStorefrontToken.unsafeUnwrap(),
    SHOPIFY_WEBHOOK_SECRET: secrets.shopifyWebhookSecret.unsafeUnwrap(),
    APP_ORIGIN: shared.appOrigin,
    APP_VERSION: shared.appVersion,
    ...(shared.buildTime ? { BUILD_TIME: shared.buildTime } : {}),
    ...(shared.stripePublishableKey ? { STRIPE_PUBLISHABLE_KEY: shared.stripePublishableKey } : {}),
    ...(shared.shopifyMemberDiscountCode ? { SHOPIFY_MEMBER_DISCOUNT_CODE: shared.shopifyMemberDiscountCode } : {}),
    POWERTOOLS_SERVICE_NAME: service,
    NODE_OPTIONS: '--enable-source-maps',
  };
}
