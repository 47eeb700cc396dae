/**
 * The front door: one CloudFront origin for the SPA, `/api/*` and media, so the session cookie stays
 * same-origin. The HttpApi itself lives here (its routes are the API stack's): the functions need the
 * app's origin (APP_ORIGIN) and CloudFront needs the API's domain, which would be a cycle across stacks.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { CfnOutput, Duration, Fn, RemovalPolicy, Stack, type SecretValue, type StackProps } from 'aws-cdk-lib';
import { FRAMABLE_PATH_PATTERN, ORIGIN_HEADER } from '../../functions/platform/edge-headers.js';
import { DomainName, HttpApi, type IDomainName, type IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  CacheQueryStringBehavior,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  Function as EdgeFunction,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  KeyValueStore,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
  type BehaviorOptions,
  type IDistribution,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { EDGE_CACHE_SECONDS, edgeCachedRoutes } from './edge-cache.js';
import { AnyPrincipal, Effect, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  BucketPolicy,
  ObjectOwnership,
  type CfnBucket,
  type IBucket,
} from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { PRIVATE_MEDIA_PREFIXES } from '../../functions/platform/media-keys.js';
import { PAGE_FRESH_SECONDS } from '../../functions/catalogue/page-list.js';
import { HSTS, securityHeaders, type Framing, type SecurityHeaderSources } from '../security-headers.js';
import { acknowledge } from './checks.js';
import type { TokoConfig } from './config.js';
import { accessLogPrefixes } from './data-stack.js';
import { ASSETS_PREFIX, SupersededAssets, supersededAssetsRule } from './superseded-assets.js';

export interface WebStackProps extends StackProps {
  config: TokoConfig;
  mediaBucket: IBucket;
  /** The data stack's access-log bucket, for the site bucket's and CloudFront's logs. */
  accessLogs: Bucket;
  /** Added to each request CloudFront sends the API, which refuses one without it (functions/platform/http.ts). */
  originSecret: SecretValue;
}

/**
 * The site's viewer requests: the home, album and artist pages are answered with their pre-rendered HTML when the page
 * list (the function's KeyValueStore: a page's path → its object's URI, kept by functions/catalogue/consumers/prerender.ts) has them; an
 * unlisted one (an unpublished album) and every other path without a file extension are the SPA's routes: index.html.
 * API and media 404s stay 404s. The rewrite comes before the cache, so a page and index.html are cached apart.
 */
export const sitePagesCode = `import cf from 'cloudfront';
var pageList = cf.kvs();
async function handler(event) {
  var request = event.request;
  var path = request.uri.length > 1 && request.uri.endsWith('/') ? request.uri.slice(0, -1) : request.uri;
  var parts = path.split('/');
  if (path === '/' || (parts.length === 3 && (parts[1] === 'album' || parts[1] === 'artist') && parts[2] !== '')) {
    try {
      request.uri = await pageList.get(path);
      return request;
    } catch (e) {
      // Not listed: the SPA shows it.
    }
  }
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/**
 * `/media/<key>` serves bucket object `<key>` (the same URL the local gateway serves), except the private
 * prefixes (album downloads, masters, gated audio), which only a short-lived signed URL from the API reaches.
 * A key that does not decode is refused too. The bucket policy denies CloudFront those prefixes as well.
 */
const mediaPathCode = `function handler(event) {
  var request = event.request;
  var privatePrefixes = ${JSON.stringify(PRIVATE_MEDIA_PREFIXES)};
  var notFound = { statusCode: 404, statusDescription: 'Not Found' };
  var key;
  try {
    key = decodeURIComponent(request.uri.substring('/media/'.length)).replace(/^\\/+/, '');
  } catch (e) {
    return notFound;
  }
  for (var i = 0; i < privatePrefixes.length; i++) {
    if (key.indexOf(privatePrefixes[i]) === 0) return notFound;
  }
  request.uri = request.uri.substring('/media'.length);
  return request;
}`;

export class WebStack extends Stack {
  readonly httpApi: IHttpApi;
  /** The API's own domain (config.apiDomain), CloudFront's origin, mapped to the stage by the API stack; none without it. */
  readonly apiDomainName?: IDomainName;
  readonly distribution: IDistribution;
  /** The SPA's build, and under pages/ the pre-rendered pages (functions/catalogue/consumers/prerender.ts writes them). */
  readonly siteBucket: Bucket;
  /** The name of the export of the site bucket's ARN, for the pre-render consumer's grant (access.ts). */
  readonly siteBucketArnExport: string;
  /** The pre-rendered pages CloudFront serves, by path (sitePagesCode); the pre-render consumer keeps it. */
  readonly pageList: KeyValueStore;
  /** The name of the export of the page list's ARN, for the pre-render consumer's environment and grant. */
  readonly pageListArnExport: string;
  /** Marks the assets a release superseded; none when no SPA is built. */
  readonly supersededAssets?: SupersededAssets;
  /** https://<domain>, the value of APP_ORIGIN. */
  readonly appOrigin: string;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { config } = props;

    const httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `${config.prefix}api`,
      description: 'Toko API; routes and stage come from functions/routes.ts (API stack)',
      createDefaultStage: false,
      // With a domain of its own, the API answers there alone: a request cannot go around CloudFront at all.
      disableExecuteApiEndpoint: Boolean(config.apiDomain),
    });
    this.httpApi = httpApi;
    if (config.apiDomain && config.apiCertificateArn) {
      this.apiDomainName = new DomainName(this, 'ApiDomain', {
        domainName: config.apiDomain,
        certificate: Certificate.fromCertificateArn(this, 'ApiCertificate', config.apiCertificateArn),
      });
      new CfnOutput(this, 'ApiDomainTarget', { value: this.apiDomainName.regionalDomainName });
    }
    const apiDomain = config.apiDomain ?? Fn.select(2, Fn.split('/', httpApi.apiEndpoint));

    const siteBucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: accessLogPrefixes.site,
      // A release's superseded assets, a week after it (superseded-assets.ts).
      lifecycleRules: [supersededAssetsRule],
    });
    this.siteBucket = siteBucket;
    this.siteBucketArnExport = `${this.stackName}:SiteBucketArn`;
    this.exportValue(siteBucket.bucketArn, { name: this.siteBucketArnExport });

    // The media bucket belongs to the data stack, but a policy naming this distribution can only be
    // written here; the data stack therefore leaves the bucket without a policy.
    const mediaBucket = Bucket.fromBucketAttributes(this, 'MediaBucket', {
      bucketName: props.mediaBucket.bucketName,
      bucketArn: props.mediaBucket.bucketArn,
      bucketRegionalDomainName: props.mediaBucket.bucketRegionalDomainName,
    });
    mediaBucket.policy = new BucketPolicy(this, 'MediaBucketPolicy', { bucket: mediaBucket });
    mediaBucket.policy.document.addStatements(
      new PolicyStatement({
        effect: Effect.DENY,
        principals: [new AnyPrincipal()],
        actions: ['s3:*'],
        resources: [mediaBucket.bucketArn, mediaBucket.arnForObjects('*')],
        conditions: { Bool: { 'aws:SecureTransport': 'false' } },
      }),
    );
    // Defence in depth behind the MediaPath function: CloudFront may never read a private prefix, whatever
    // the path. Signed URLs are signed by the functions' roles, which this does not touch.
    mediaBucket.policy.document.addStatements(
      new PolicyStatement({
        effect: Effect.DENY,
        principals: [new ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: PRIVATE_MEDIA_PREFIXES.map((prefix) => mediaBucket.arnForObjects(`${prefix}*`)),
      }),
    );
    const mediaOrigin = S3BucketOrigin.withOriginAccessControl(mediaBucket);

    const uploadsCachePolicy = new CachePolicy(this, 'UploadsCachePolicy', {
      comment: 'Uploads (avatars) are versioned by a query parameter',
      queryStringBehavior: CacheQueryStringBehavior.all(),
      defaultTtl: Duration.days(1),
      minTtl: Duration.seconds(0),
      maxTtl: Duration.days(365),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    // The catalogue's lists, kept at the edge for a few seconds (edge-cache.ts): no cookie or header in the key, none
    // forwarded, so one cached answer serves everyone, as their handlers answer everyone alike.
    // The origin secret goes with every API request, cached routes' included; the managed origin request policy of
    // /api/* forwards the CloudFront headers too, CloudFront-Viewer-Address among them, which the rate limits key on.
    const apiOrigin = new HttpOrigin(apiDomain, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      customHeaders: { [ORIGIN_HEADER]: props.originSecret.unsafeUnwrap() },
    });
    const catalogueCachePolicy = new CachePolicy(this, 'CatalogueCachePolicy', {
      comment: 'Catalogue lists: the same for every caller, a few seconds old at most',
      minTtl: Duration.seconds(EDGE_CACHE_SECONDS),
      defaultTtl: Duration.seconds(EDGE_CACHE_SECONDS),
      maxTtl: Duration.seconds(EDGE_CACHE_SECONDS),
      queryStringBehavior: CacheQueryStringBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    // The media bucket's origin: gated audio plays from presigned URLs, admin uploads post to the bucket.
    const headerSources = { mediaOrigins: [`https://${mediaBucket.bucketRegionalDomainName}`], checkoutOrigins: [] };
    const responseHeadersPolicy = securityHeadersPolicy(this, headerSources);
    // The embeddable players, the one kind of page other sites may frame.
    const framableHeadersPolicy = securityHeadersPolicy(this, headerSources, { framable: true });

    const edgeCached = Object.fromEntries(
      edgeCachedRoutes.map((route) => [
        route.slice('GET '.length),
        {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: catalogueCachePolicy,
          compress: true,
          responseHeadersPolicy,
        },
      ]),
    );

    const viewerRequest = (name: string, code: string) => [
      {
        function: new EdgeFunction(this, name, { code: FunctionCode.fromInline(code), comment: `${config.prefix}${name}` }),
        eventType: FunctionEventType.VIEWER_REQUEST,
      },
    ];

    const pageList = new KeyValueStore(this, 'PageList', { comment: `${config.prefix}pre-rendered pages: path → object URI` });
    this.pageList = pageList;
    this.pageListArnExport = `${this.stackName}:PageListArn`;
    this.exportValue(pageList.keyValueStoreArn, { name: this.pageListArnExport });
    const sitePages = [
      {
        function: new EdgeFunction(this, 'SitePages', {
          code: FunctionCode.fromInline(sitePagesCode),
          comment: `${config.prefix}SitePages`,
          runtime: FunctionRuntime.JS_2_0,
          keyValueStore: pageList,
        }),
        eventType: FunctionEventType.VIEWER_REQUEST,
      },
    ];
    const siteOrigin = S3BucketOrigin.withOriginAccessControl(siteBucket);
    // A page is the same for everyone (a guest's view; the SPA fills in the rest), and fresh within a minute of a change:
    // the reactor rewrites it in place and CloudFront asks again after PAGE_FRESH_SECONDS, serving the old one meanwhile
    // (stale-while-revalidate), so no invalidation is needed. A page's first listing or its removal changes the URI the
    // function rewrites to, a cache key of its own, and reaches viewers as soon as the page list does.
    const pagesCachePolicy = new CachePolicy(this, 'PagesCachePolicy', {
      comment: 'Pre-rendered pages: the same for every guest, a minute old at most',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(PAGE_FRESH_SECONDS),
      maxTtl: Duration.seconds(PAGE_FRESH_SECONDS),
      queryStringBehavior: CacheQueryStringBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    const pages: BehaviorOptions = {
      origin: siteOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy: pagesCachePolicy,
      responseHeadersPolicy,
      functionAssociations: sitePages,
      compress: true,
    };

    const distribution = new Distribution(this, 'Distribution', {
      comment: `${config.prefix}app`,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: props.accessLogs,
      logFilePrefix: accessLogPrefixes.cloudfront,
      ...(config.domain && config.certificateArn
        ? {
            domainNames: [config.domain],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', config.certificateArn),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      defaultBehavior: {
        // The home page (`/`, a pre-rendered page with its own Cache-Control), the SPA's files and its other routes.
        origin: siteOrigin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy,
        functionAssociations: sitePages,
        compress: true,
      },
      additionalBehaviors: {
        // Listed first: CloudFront takes the first pattern that matches, and these exact paths are under /api/*.
        ...edgeCached,
        '/album/*': pages,
        '/artist/*': pages,
        [FRAMABLE_PATH_PATTERN]: {
          origin: siteOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: framableHeadersPolicy,
          functionAssociations: sitePages,
          compress: true,
        },
        '/api/*': {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          compress: true,
          responseHeadersPolicy,
        },
        '/media/*': {
          origin: mediaOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          functionAssociations: viewerRequest('MediaPath', mediaPathCode),
          responseHeadersPolicy,
        },
        '/uploads/*': {
          origin: mediaOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: uploadsCachePolicy,
          responseHeadersPolicy,
        },
      },
    });
    this.distribution = distribution;
    acknowledge(
      distribution,
      'CFR1',
      'The label sells and streams to listeners everywhere; no territory is to be refused, so there is no geo restriction.',
    );
    acknowledge(
      distribution,
      'CFR2',
      "A CloudFront web ACL must be created in us-east-1, and this app's stacks are region-agnostic. Abuse is bounded " +
        'instead by API Gateway throttling on sign-in, checkout and track-play (throttling.ts), sign-in limits per address ' +
        'and per IP in the functions (functions/accounts/sign-in-challenges.ts), and an API that routes only its manifest.',
    );
    if (!config.domain) {
      acknowledge(
        distribution,
        'CFR4',
        'Without -c domain the distribution answers on its *.cloudfront.net name, whose default certificate CloudFront ' +
          'serves with the TLSv1 policy and allows no other. A deployment with a domain uses TLSv1.2_2021 (config.test.ts).',
      );
    }
    this.appOrigin = `https://${config.domain ?? distribution.distributionDomainName}`;

    if (existsSync(config.spaDir)) {
      // A release in three steps, so a tab open on the previous release keeps working: the new hashed assets beside the
      // old ones (never pruned), then index.html and the rest, then the old assets marked superseded (kept a week).
      // The build's .br/.gz siblings serve the local gateway; CloudFront compresses by itself.
      const spa = () => Source.asset(config.spaDir, { exclude: ['*.br', '*.gz'] });
      // Hashed assets are immutable; everything else (index.html…) is revalidated on each visit.
      const assets = new BucketDeployment(this, 'SpaAssets', {
        sources: [spa()],
        destinationBucket: siteBucket,
        exclude: ['*'],
        include: ['assets/*'],
        cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
        prune: false,
      });
      const pages = new BucketDeployment(this, 'SpaPages', {
        sources: [spa()],
        destinationBucket: siteBucket,
        // The pre-rendered pages are the prerender consumer's, not the build's: excluded, a deployment's prune keeps them.
        exclude: ['assets/*', 'pages/*'],
        cacheControl: [CacheControl.noCache()],
        distribution,
        distributionPaths: ['/*'],
      });
      pages.node.addDependency(assets);
      acknowledgeDeploymentHandler(this, siteBucket);
      this.supersededAssets = new SupersededAssets(this, 'SupersededAssets', { siteBucket, current: builtAssets(config.spaDir) });
      this.supersededAssets.node.addDependency(pages);
    }

    new CfnOutput(this, 'AppUrl', { value: this.appOrigin });
    if (!config.apiDomain) new CfnOutput(this, 'ApiEndpoint', { value: httpApi.apiEndpoint });
    new CfnOutput(this, 'DistributionId', { value: distribution.distributionId });
  }
}

/** The build's hashed assets as the site bucket's keys, as the assets' deployment uploads them (no .br/.gz siblings). */
function builtAssets(spaDir: string): string[] {
  const dir = join(spaDir, 'assets');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name))
    .map((entry) => `${ASSETS_PREFIX}${relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/')}`);
}

/**
 * The app's security headers (infra/security-headers.ts, the same set the local gateway sends) on every answer
 * CloudFront gives: the SPA, the API, media. Those CloudFront types get its typed fields; the rest are custom headers.
 */
function securityHeadersPolicy(scope: Construct, sources: SecurityHeaderSources, framing: Framing = {}): ResponseHeadersPolicy {
  const {
    'content-security-policy': contentSecurityPolicy,
    'strict-transport-security': _hsts,
    'x-content-type-options': contentTypeOptions,
    'x-frame-options': frameOption,
    'referrer-policy': referrerPolicy,
    ...custom
  } = securityHeaders(sources, framing);
  if (contentTypeOptions !== 'nosniff') throw new Error(`CloudFront sends X-Content-Type-Options: nosniff only, not ${contentTypeOptions}`);
  return new ResponseHeadersPolicy(scope, framing.framable ? 'FramableSecurityHeaders' : 'SecurityHeaders', {
    comment: framing.framable
      ? 'Toko security headers of the embeddable players, which any site may frame (infra/security-headers.ts)'
      : 'Toko security headers (infra/security-headers.ts)',
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy, override: true },
      strictTransportSecurity: {
        accessControlMaxAge: Duration.seconds(HSTS.maxAgeSeconds),
        includeSubdomains: HSTS.includeSubdomains,
        override: true,
      },
      contentTypeOptions: { override: true },
      // A framable page sends no X-Frame-Options: its frame-ancestors says who may frame it.
      ...(frameOption ? { frameOptions: { frameOption: enumValue(HeadersFrameOption, frameOption), override: true } } : {}),
      referrerPolicy: { referrerPolicy: enumValue(HeadersReferrerPolicy, referrerPolicy), override: true },
    },
    customHeadersBehavior: {
      customHeaders: Object.entries(custom).map(([header, value]) => ({ header, value, override: true })),
    },
  });
}

/** The member of a CloudFront enum whose value is `value`, or an error naming it. */
function enumValue<E extends Record<string, string>>(values: E, value: string): E[keyof E] {
  const member = Object.values(values).find((candidate) => candidate === value);
  if (!member) throw new Error(`CloudFront has no header value ${value}`);
  return member as E[keyof E];
}

/**
 * BucketDeployment's handler is CDK's own singleton function: its runtime, its role (the basic execution policy) and
 * its grants (the CDK asset bucket's objects, the site bucket's objects, CloudFront invalidations) are chosen by CDK
 * and change with it. It runs only during a deployment, on the deployer's assets.
 */
function acknowledgeDeploymentHandler(stack: Stack, siteBucket: Bucket) {
  const handler = stack.node.children.find((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'));
  if (!handler) throw new Error('web-stack.ts: no BucketDeployment handler to acknowledge');
  const site = stack.getLogicalId(siteBucket.node.defaultChild as CfnBucket);
  const owner = "CDK's BucketDeployment handler (runs only while deploying the SPA):";
  acknowledge(handler, 'L1', `${owner} CDK picks its runtime and moves it with its releases.`);
  acknowledge(
    handler,
    'IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    `${owner} CDK creates its role with the basic execution policy (its own logs).`,
  );
  for (const action of ['s3:GetBucket*', 's3:GetObject*', 's3:List*', 's3:Abort*', 's3:DeleteObject*']) {
    acknowledge(handler, `IAM5[Action::${action}]`, `${owner} CDK's grantRead/grantReadWrite, to copy the build and prune old files.`);
  }
  acknowledge(
    handler,
    'IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*]',
    `${owner} reads the SPA's zip from the bootstrap asset bucket, whose keys are content hashes.`,
  );
  acknowledge(handler, `IAM5[Resource::<${site}.Arn>/*]`, `${owner} writes every file of the SPA into the site bucket.`);
  acknowledge(
    handler,
    'IAM5[Resource::*]',
    `${owner} cloudfront:CreateInvalidation/GetInvalidation, which CDK grants on every distribution, after an upload.`,
  );
}
