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
import { BlockPublicAccess, Bucket, BucketEncryption, BucketPolicy, ObjectOwnership, type IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { PRIVATE_MEDIA_PREFIXES } from '../../functions/lib/media-keys.js';
import type { TokoConfig } from './config.js';

export interface WebStackProps extends StackProps {
  config: TokoConfig;
  mediaBucket: IBucket;
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
      description: 'Toko API; routes come from functions/routes.ts (API stack)',
      createDefaultStage: true,
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
    }

    new CfnOutput(this, 'AppUrl', { value: this.appOrigin });
    new CfnOutput(this, 'ApiEndpoint', { value: httpApi.apiEndpoint });
    new CfnOutput(this, 'DistributionId', { value: distribution.distributionId });
  }
}
