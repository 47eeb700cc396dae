/** State: the tables of infra/tables.ts, the media bucket, its access logs, and the secrets the functions read. */
import { CfnOutput, Duration, RemovalPolicy, SecretValue, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table, type ITable } from 'aws-cdk-lib/aws-dynamodb';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership, type IBucket } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { INCOMING_PREFIX } from '../../functions/platform/media-keys.js';
import { tables, type KeyAttribute, type TableDefinition } from '../tables.js';
import { acknowledge } from './checks.js';
import { pascal, type TokoConfig } from './config.js';
import type { FunctionSecrets } from './environment.js';

const attribute = (key: KeyAttribute) => ({ name: key.name, type: key.type === 'S' ? AttributeType.STRING : AttributeType.NUMBER });

/**
 * The event log is the source of truth and is kept, and so are the keys that open its personal fields (losing them
 * would delete everyone's personal data); views are rebuilt from the log; ephemeral data expires anyway.
 */
const removalPolicyOf: Record<TableDefinition['name'], RemovalPolicy> = {
  events: RemovalPolicy.RETAIN,
  views: RemovalPolicy.DESTROY,
  counters: RemovalPolicy.DESTROY,
  ephemeral: RemovalPolicy.DESTROY,
  keys: RemovalPolicy.RETAIN,
};

/**
 * How far back point-in-time recovery reaches, per table. A restore is the one way a deleted person's data comes back
 * (docs/personal-data.md): the event log holds personal fields only sealed, so its 35 days (DynamoDB's longest) bring
 * none back; every other table holds them opened (views, the ephemeral table's limits and challenges) or holds the keys
 * that open them, so it keeps a week, enough to recover from a bad deploy, after which an erasure is final.
 */
const recoveryDaysOf: Record<TableDefinition['name'], number> = {
  events: 35,
  views: 7,
  counters: 7,
  ephemeral: 7,
  keys: 7,
};

/** Where each source writes in the access-log bucket. */
export const accessLogPrefixes = { media: 'media/', site: 'site/', cloudfront: 'cloudfront/' } as const;
/** How long access logs are kept: long enough to investigate an incident, short enough for the visitors' addresses they hold. */
const accessLogDays = 90;

export interface DataStackProps extends StackProps {
  config: TokoConfig;
}

export class DataStack extends Stack {
  readonly tables: { events: ITable; views: ITable; counters: ITable; ephemeral: ITable; keys: ITable };
  readonly mediaBucket: IBucket;
  /**
   * The name of an export of the media bucket's ARN, fixed, for the functions' policies: their acknowledgement of
   * the objects' wildcard (access.ts) names it, which a generated export name would not allow.
   */
  readonly mediaBucketArnExport: string;
  /** Server access logs of both buckets and CloudFront's logs, each under a prefix of its own (`accessLogPrefixes`). */
  readonly accessLogs: Bucket;
  /** Where each of the app's secrets is; the functions read theirs at run time (environment.ts). */
  readonly secrets: FunctionSecrets;
  /** The origin secret: CloudFront's header on API requests (web stack) and the functions' ORIGIN_SECRET. */
  readonly originSecret: SecretValue;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const { config } = props;

    const built = new Map<TableDefinition['name'], Table>();
    for (const definition of tables) {
      const table = new Table(this, `${pascal(definition.name)}Table`, {
        tableName: `${config.prefix}${definition.name}`,
        partitionKey: attribute(definition.partitionKey),
        sortKey: attribute(definition.sortKey),
        billingMode: BillingMode.PAY_PER_REQUEST,
        pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true, recoveryPeriodInDays: recoveryDaysOf[definition.name] },
        stream: definition.stream === 'NEW_IMAGE' ? StreamViewType.NEW_IMAGE : undefined,
        timeToLiveAttribute: definition.ttlAttribute,
        deletionProtection: removalPolicyOf[definition.name] === RemovalPolicy.RETAIN,
        removalPolicy: removalPolicyOf[definition.name],
      });
      for (const index of definition.globalIndexes) {
        table.addGlobalSecondaryIndex({
          indexName: index.name,
          partitionKey: attribute(index.partitionKey),
          sortKey: attribute(index.sortKey),
          projectionType: ProjectionType.ALL,
        });
      }
      built.set(definition.name, table);
      new CfnOutput(this, `${pascal(definition.name)}TableName`, { value: table.tableName });
    }
    const table = (name: TableDefinition['name']) => {
      const found = built.get(name);
      if (!found) throw new Error(`infra/tables.ts defines no "${name}" table`);
      return found;
    };
    this.tables = {
      events: table('events'),
      views: table('views'),
      counters: table('counters'),
      ephemeral: table('ephemeral'),
      keys: table('keys'),
    };

    this.accessLogs = new Bucket(this, 'AccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      // CloudFront's standard logs are delivered with an object ACL, so ACLs stay enabled (owned by the bucket owner).
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [{ expiration: Duration.days(accessLogDays) }],
    });

    // Private: readers reach it through CloudFront (OAC, its policy is owned by the web stack, which
    // knows the distribution) or through signed URLs. CORS lets the player seek with Range requests.
    this.mediaBucket = new Bucket(this, 'MediaBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: BucketEncryption.S3_MANAGED,
      removalPolicy: RemovalPolicy.RETAIN,
      // An overwritten or deleted file (artwork, a master) can be restored for a month; then it is gone for good.
      versioned: true,
      serverAccessLogsBucket: this.accessLogs,
      serverAccessLogsPrefix: accessLogPrefixes.media,
      cors: [
        {
          allowedMethods: [HttpMethods.GET, HttpMethods.HEAD],
          allowedOrigins: [config.domain ? `https://${config.domain}` : '*'],
          allowedHeaders: ['Range', 'If-Range', 'If-None-Match', 'If-Modified-Since'],
          exposedHeaders: ['Accept-Ranges', 'Content-Range', 'Content-Length', 'Content-Type', 'ETag'],
          maxAge: 3600,
        },
        {
          // Admin uploads go straight to the bucket with presigned POST forms (functions/catalogue/media-intake/presign.ts).
          allowedMethods: [HttpMethods.POST],
          allowedOrigins: [config.domain ? `https://${config.domain}` : '*'],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3600,
        },
      ],
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(7) },
        { noncurrentVersionExpiration: Duration.days(30) },
        { expiredObjectDeleteMarker: true },
        // Uploads wait under incoming/ until filed (resized or copied out); one never filed is not kept.
        { prefix: INCOMING_PREFIX, expiration: Duration.days(1), noncurrentVersionExpiration: Duration.days(1) },
      ],
    });
    acknowledge(
      this.mediaBucket,
      'S10',
      'The bucket has one policy, written by the web stack because it names the distribution; it denies every request ' +
        'without TLS (aws:SecureTransport false), as toko.test.ts asserts. A policy here would replace that one.',
    );
    new CfnOutput(this, 'MediaBucketName', { value: this.mediaBucket.bucketName });
    this.mediaBucketArnExport = `${this.stackName}:MediaBucketArn`;
    this.exportValue(this.mediaBucket.bucketArn, { name: this.mediaBucketArnExport });

    // Created secrets are referenced by ARN; existing ones by name (their partial ARN would not resolve).
    // Both are rotated by hand (docs/rotating-secrets.md): the functions read them at run time and keep a value for
    // five minutes, so a new value reaches every function within minutes, without a deployment.
    const existing = (id: string, name: string) => Secret.fromSecretNameV2(this, id, name);
    const manualRotation = (secret: Secret, how: string) => {
      acknowledge(secret, 'SMG4', `Rotated by hand, as docs/rotating-secrets.md describes: ${how}`);
      return secret;
    };
    const session = config.sessionSecretName
      ? existing('SessionSecretExisting', config.sessionSecretName)
      : manualRotation(
          new Secret(this, 'SessionSecret', {
            secretName: `${config.prefix}session-secret`,
            description: 'HMAC key of session tokens (SESSION_SECRET)',
            generateSecretString: { passwordLength: 64, excludePunctuation: true },
          }),
          'a new random value; the functions read it again within five minutes (functions/platform/secrets.ts). It ' +
            'signs sessions and keys the sign-in codes, so a rotation signs everyone out (and nothing else); ' +
            'it is done when the key may have leaked, not on a timer.',
        );
    // The key-encryption key of the personal data keys: the same store and path as the session secret, but its own
    // secret, so rotating the session secret (ending every session) never makes personal data unreadable.
    const personalData = config.personalDataSecretName
      ? existing('PersonalDataSecretExisting', config.personalDataSecretName)
      : manualRotation(
          new Secret(this, 'PersonalDataSecret', {
            secretName: `${config.prefix}personal-data-secret`,
            description: 'Key-encryption key of the personal data keys (PERSONAL_DATA_SECRET)',
            generateSecretString: { passwordLength: 64, excludePunctuation: true },
          }),
          'a new value only together with re-wrapping every item of the keys table under it (each data key is wrapped ' +
            'by this one); a plain rotation would make every personal field unreadable, as if every account were deleted.',
        );
    // The second factor and the download links have secrets of their own, so rotating the session secret after a leak
    // locks no admin out of their authenticator app and voids no download link.
    const secondFactor = config.secondFactorSecretName
      ? existing('SecondFactorSecretExisting', config.secondFactorSecretName)
      : manualRotation(
          new Secret(this, 'SecondFactorSecret', {
            secretName: `${config.prefix}second-factor-secret`,
            description: "Seals the admins' TOTP secrets and keys their recovery codes (SECOND_FACTOR_SECRET)",
            generateSecretString: { passwordLength: 64, excludePunctuation: true },
          }),
          "a new value only together with every admin setting up their authenticator app again: each admin's TOTP " +
            'secret is sealed under it, so a plain rotation would lock every admin out.',
        );
    const downloadLinks = config.downloadLinkSecretName
      ? existing('DownloadLinkSecretExisting', config.downloadLinkSecretName)
      : manualRotation(
          new Secret(this, 'DownloadLinkSecret', {
            secretName: `${config.prefix}download-link-secret`,
            description: 'Signs the album download links (DOWNLOAD_LINK_SECRET)',
            generateSecretString: { passwordLength: 64, excludePunctuation: true },
          }),
          'a new random value, read by the functions within five minutes, when it may have leaked; it voids only the download ' +
            'links of the last 15 minutes, which the library hands out again.',
        );
    // CloudFront adds it to each request it sends the API (web-stack.ts); the API refuses a request without it, so
    // the API's own endpoint answers nobody who goes around CloudFront, its caching and its security headers.
    const origin = manualRotation(
      new Secret(this, 'OriginSecret', {
        secretName: `${config.prefix}origin-secret`,
        description: 'The header CloudFront adds to API requests and the API checks (ORIGIN_SECRET)',
        generateSecretString: { passwordLength: 64, excludePunctuation: true },
      }),
      'a new random value, then a redeploy of the web stack (CloudFront holds it); requests in between are refused, so it is ' +
        'rotated when it may have leaked, in a quiet hour, not on a timer.',
    );
    this.originSecret = origin.secretValue;
    const stripeSecret = config.stripeSecretName
      ? existing('StripeSecretExisting', config.stripeSecretName)
      : manualRotation(
          new Secret(this, 'StripeSecret', {
            secretName: `${config.prefix}stripe`,
            description: 'Stripe keys: replace both placeholders; until then the payment functions refuse to start',
            secretObjectValue: {
              secretKey: SecretValue.unsafePlainText('sk_test_replace_me'),
              webhookSecret: SecretValue.unsafePlainText('whsec_replace_me'),
            },
          }),
          'Stripe issues both keys (a rolled API key, a new webhook signing secret in the dashboard); no Lambda can ' +
            'create them, so an operator pastes them in; the functions read them within five minutes.',
        );
    const shopifySecret = config.shopifySecretName
      ? existing('ShopifySecretExisting', config.shopifySecretName)
      : manualRotation(
          new Secret(this, 'ShopifySecret', {
            secretName: `${config.prefix}shopify`,
            description: 'The merch shop (Shopify): replace the placeholders; until then the merch function refuses to start',
            secretObjectValue: {
              storeDomain: SecretValue.unsafePlainText('replace-me.myshopify.com'),
              storefrontToken: SecretValue.unsafePlainText('replace_me'),
              webhookSecret: SecretValue.unsafePlainText('replace_me'),
            },
          }),
          'Shopify issues the Storefront token and the webhook signing secret (in the store admin); no Lambda can create ' +
            'them, so an operator pastes them in; the functions read them within five minutes.',
        );
    this.secrets = {
      SESSION_SECRET: { secret: session },
      PERSONAL_DATA_SECRET: { secret: personalData },
      SECOND_FACTOR_SECRET: { secret: secondFactor },
      DOWNLOAD_LINK_SECRET: { secret: downloadLinks },
      ORIGIN_SECRET: { secret: origin },
      STRIPE_SECRET_KEY: { secret: stripeSecret, field: 'secretKey' },
      STRIPE_WEBHOOK_SECRET: { secret: stripeSecret, field: 'webhookSecret' },
      SHOPIFY_STORE_DOMAIN: { secret: shopifySecret, field: 'storeDomain' },
      SHOPIFY_STOREFRONT_TOKEN: { secret: shopifySecret, field: 'storefrontToken' },
      SHOPIFY_WEBHOOK_SECRET: { secret: shopifySecret, field: 'webhookSecret' },
    };
    // Where the personal data key is (never its value): the operator's commands that record personal fields read it
    // with the operator's own credentials (infra/ops/deployment.ts).
    new CfnOutput(this, 'PersonalDataSecretId', { value: personalData.secretFullArn ?? personalData.secretName });
  }
}
