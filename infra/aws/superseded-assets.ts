/**
 * The previous releases' assets, kept for a week: a tab opened before a release still loads the hashed files its
 * index.html named (a lazy page, a chunk it had not needed yet), so a release never deletes them at once. After the
 * release is in place (its assets, then index.html and the pages: web-stack.ts), a deploy-time function marks each
 * asset the build no longer has as superseded, and a lifecycle rule of the site bucket expires marked assets a week
 * later.
 *
 * Why a mark and not a plain lifecycle rule on assets/: S3 counts a rule's days from an object's creation, and an asset
 * that every release keeps (its hash unchanged) was created long ago; a rule on age would delete files the current
 * index.html names. So the mark is a copy of the object onto itself, tagged `release=superseded`: a new object, created
 * when it was superseded, from which the rule's week counts. An asset the build has again (a roll forward to an older
 * commit) loses its mark the same way.
 */
import { CustomResource, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Bucket, CfnBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { acknowledge } from './checks.js';

/** The prefix of the build's hashed assets in the site bucket. */
export const ASSETS_PREFIX = 'assets/';
/** The tag a superseded asset carries… */
export const SUPERSEDED_TAG = { key: 'release', value: 'superseded' } as const;
/** …and the days it is kept from then. */
export const SUPERSEDED_ASSET_DAYS = 7;

/**
 * The deploy-time function (runs only during a deployment, on the site bucket's assets): lists assets/, and copies
 * each asset whose mark is wrong onto itself with the right one, keeping its content type and caching.
 */
const markerCode = `
const { S3Client, ListObjectsV2Command, GetObjectTaggingCommand, HeadObjectCommand, CopyObjectCommand } = require('@aws-sdk/client-s3');
const https = require('node:https');
const s3 = new S3Client({});
const TAG = ${JSON.stringify(SUPERSEDED_TAG)};

async function mark(bucket, current) {
  const keep = new Set(current);
  let ContinuationToken;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: ${JSON.stringify(ASSETS_PREFIX)}, ContinuationToken }));
    for (const { Key } of page.Contents || []) {
      const { TagSet } = await s3.send(new GetObjectTaggingCommand({ Bucket: bucket, Key }));
      const superseded = TagSet.some((tag) => tag.Key === TAG.key && tag.Value === TAG.value);
      if (keep.has(Key) !== superseded) continue;
      const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key }));
      await s3.send(new CopyObjectCommand({
        Bucket: bucket,
        Key,
        CopySource: bucket + '/' + Key.split('/').map(encodeURIComponent).join('/'),
        MetadataDirective: 'REPLACE',
        ContentType: head.ContentType,
        CacheControl: head.CacheControl,
        Metadata: superseded ? {} : { 'superseded-at': new Date().toISOString() },
        TaggingDirective: 'REPLACE',
        Tagging: superseded ? '' : TAG.key + '=' + TAG.value,
      }));
      console.log(JSON.stringify({ key: Key, superseded: !superseded }));
    }
    ContinuationToken = page.NextContinuationToken;
  } while (ContinuationToken);
}

function respond(event, Status, Reason) {
  const body = JSON.stringify({
    Status,
    Reason,
    PhysicalResourceId: event.PhysicalResourceId || event.LogicalResourceId,
    StackId: event.StackId,
    RequestId: event.RequestId,
    LogicalResourceId: event.LogicalResourceId,
  });
  return new Promise((resolve, reject) => {
    const request = https.request(event.ResponseURL, { method: 'PUT', headers: { 'content-type': '', 'content-length': Buffer.byteLength(body) } }, (response) => {
      response.resume();
      response.on('end', resolve);
    });
    request.on('error', reject);
    request.end(body);
  });
}

exports.handler = async (event) => {
  try {
    if (event.RequestType !== 'Delete') await mark(event.ResourceProperties.Bucket, event.ResourceProperties.Current);
    await respond(event, 'SUCCESS');
  } catch (error) {
    console.error(error);
    await respond(event, 'FAILED', String((error && error.message) || error).slice(0, 500));
  }
};
`;

export interface SupersededAssetsProps {
  siteBucket: Bucket;
  /** The build's assets, as keys of the site bucket (assets/…). */
  current: readonly string[];
}

/** Marks the assets the build no longer has; the site bucket's lifecycle rule (supersededAssetsRule) expires them. */
export class SupersededAssets extends Construct {
  readonly marking: CustomResource;
  readonly handler: LambdaFunction;

  constructor(scope: Construct, id: string, props: SupersededAssetsProps) {
    super(scope, id);
    const { siteBucket } = props;
    const logGroup = new LogGroup(this, 'Logs', { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY });
    const role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: 'Marks the previous releases assets in the site bucket as superseded',
    });
    logGroup.grantWrite(role);
    role.addToPolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [siteBucket.bucketArn] }));
    role.addToPolicy(
      new PolicyStatement({
        actions: ['s3:GetObject', 's3:GetObjectTagging', 's3:PutObject', 's3:PutObjectTagging'],
        resources: [siteBucket.arnForObjects(`${ASSETS_PREFIX}*`)],
      }),
    );
    this.handler = new LambdaFunction(this, 'Handler', {
      description: 'Marks the assets a release superseded (deploy time only)',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      handler: 'index.handler',
      code: Code.fromInline(markerCode),
      timeout: Duration.minutes(5),
      memorySize: 256,
      role,
      logGroup,
    });
    const site = Stack.of(this).getLogicalId(siteBucket.node.defaultChild as CfnBucket);
    acknowledge(
      this.handler,
      'L1',
      `${Runtime.NODEJS_22_X.name} is the runtime of every function of the app (lambda.ts); this one runs only while deploying.`,
    );
    acknowledge(
      role,
      `IAM5[Resource::<${site}.Arn>/${ASSETS_PREFIX}*]`,
      'Marks any of the site bucket hashed assets (their names are content hashes, unknown before the build), and nothing outside assets/.',
    );
    this.marking = new CustomResource(this, 'Marking', {
      serviceToken: this.handler.functionArn,
      resourceType: 'Custom::SupersededAssets',
      serviceTimeout: Duration.minutes(5),
      properties: { Bucket: siteBucket.bucketName, Current: [...props.current].sort() },
    });
    this.marking.node.addDependency(role);
  }
}

/** The site bucket's rule that expires marked assets a week after they were superseded. */
export const supersededAssetsRule = {
  id: 'SupersededAssets',
  prefix: ASSETS_PREFIX,
  tagFilters: { [SUPERSEDED_TAG.key]: SUPERSEDED_TAG.value },
  expiration: Duration.days(SUPERSEDED_ASSET_DAYS),
};
