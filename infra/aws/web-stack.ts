/**
 * The front door: one CloudFront origin for the SPA, `/api/*` and media, so the session cookie stays
 * same-origin. The HttpApi itself lives here (its routes are the API stack's): the functions need the
 * app's origin (APP_ORIGIN) and CloudFront needs the API's domain, which would be a cycle across stacks.
 */
import { existsSync } from 'node:fs';
import { CfnOutput, Duration, Fn, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpApi, type IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  CacheQueryStringBehavior,
  Distribution,
  FunctionCode,
  FunctionEventType,
  Function as EdgeFunction,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
  type IDistribution,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
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
import { PRIVATE_MEDIA_PREFIXES } from '../../functions/lib/media-keys.js';
import { acknowledge } from './checks.js';
import type { TokoConfig } from './config.js';
import { accessLogPrefixes } from './data-stack.js';

export interface WebStackProps extends StackProps {
  config: TokoConfig;
  mediaBucket: IBucket;
  /** The data stack's access-log bucket, for the site bucket's and CloudFront's logs. */
  accessLogs: Bucket;
}

/** Paths without a file extension are the SPA's routes: answer them with index.html. API and media 404s stay 404s. */
const spaFallbackCode = `function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/**
 * `/media/<key>` serves bucket object `<key>` (the same URL the local gateway serves), except the private
 * prefixes (album downloads, masters, gated audio), which only a short-lived signed URL from the API reaches.
 * A key that does not decode is refused too. The bucket policy denies CloudFront those prefixes as well.
 */
export const mediaPathCode = `function handler(event) {
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
  readonly distribution: IDistribution;
  /** https://<domain>, the value of APP_ORIGIN. */
  readonly appOrigin: string;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { config } = props;

    const httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `${config.prefix}api`,
      description: 'Toko API; routes and stage come from functions/routes.ts (API stack)',
      createDefaultStage: false,
    });
    this.httpApi = httpApi;
    const apiDomain = Fn.select(2, Fn.split('/', httpApi.apiEndpoint));

    const siteBucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: accessLogPrefixes.site,
    });

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

    const viewerRequest = (name: string, code: string) => [
      {
        function: new EdgeFunction(this, name, { code: FunctionCode.fromInline(code), comment: `${config.prefix}${name}` }),
        eventType: FunctionEventType.VIEWER_REQUEST,
      },
    ];

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
        origin: S3BucketOrigin.withOriginAccessControl(siteBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: ResponseHeadersPolicy.SECURITY_HEADERS,
        functionAssociations: viewerRequest('SpaFallback', spaFallbackCode),
        compress: true,
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new HttpOrigin(apiDomain, { protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          compress: true,
        },
        '/media/*': {
          origin: mediaOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          functionAssociations: viewerRequest('MediaPath', mediaPathCode),
        },
        '/uploads/*': {
          origin: mediaOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: uploadsCachePolicy,
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
        'and per IP in the functions (functions/lib/sign-in-challenges.ts), and an API that routes only its manifest.',
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
        exclude: ['assets/*'],
        cacheControl: [CacheControl.noCache()],
        distribution,
        distributionPaths: ['/*'],
      });
      pages.node.addDependency(assets);
      acknowledgeDeploymentHandler(this, siteBucket);
    }

    new CfnOutput(this, 'AppUrl', { value: this.appOrigin });
    new CfnOutput(this, 'ApiEndpoint', { value: httpApi.apiEndpoint });
    new CfnOutput(this, 'DistributionId', { value: distribution.distributionId });
  }
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
