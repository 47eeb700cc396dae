/**
 * What each Lambda may touch, in one table (least privilege). HTTP contexts append events and
 * read views (queries never write them); projectors write views; only a mailer sends mail.
 * A new context or consumer gets its kind's default; an entry below widens or narrows it.
 * Grants name exact actions and resources (a table's indexes by name); the one wildcard left, the
 * media bucket's objects, is acknowledged where it is granted.
 */
import { Fn } from 'aws-cdk-lib';
import { Grant, type IGrantable } from 'aws-cdk-lib/aws-iam';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import { tables as tableDefinitions, type TableDefinition } from '../tables.js';
import { acknowledge } from './checks.js';

type Level = 'none' | 'read' | 'readWrite';

interface Access {
  events: Level;
  views: Level;
  ephemeral: Level;
  media: Level;
  /** Consumer names whose queues this function sends to directly (e.g. a sign-in code to the mailer). */
  sendsTo: string[];
  sendsMail: boolean;
  /**
   * The sync manager (functions/operations/): reads every consumer queue's depth and sends dead letters back to it; receives,
   * holds (changes visibility), deletes and counts the DLQs' messages. Each queue by its ARN, nothing else of SQS.
   */
  operatesQueues?: boolean;
  /** Lists and deletes the versions the versioned media bucket keeps of a file (the account erasure's avatars). */
  deletesVersions?: boolean;
}

const httpDefault: Access = {
  events: 'readWrite',
  views: 'read',
  ephemeral: 'readWrite',
  media: 'readWrite',
  sendsTo: [],
  sendsMail: false,
};
const consumerDefault: Access = {
  events: 'read',
  views: 'readWrite',
  ephemeral: 'readWrite',
  media: 'none',
  sendsTo: [],
  sendsMail: false,
};

const httpOverrides: Record<string, Partial<Access>> = {
  accounts: { sendsTo: ['mailer'] },
  'user-data': { sendsTo: ['mailer'] },
  // The fan signup's confirmation link (functions/band/fan-signups.ts).
  band: { sendsTo: ['mailer'] },
  // Heals a stream: writes its items and checkpoint in the views (functions/operations/heal.ts).
  'admin-ops': { operatesQueues: true, views: 'readWrite' },
};
const consumerOverrides: Record<string, Partial<Access>> = {
  mailer: { views: 'read', sendsMail: true },
  notifier: { events: 'readWrite' },
  'user-tier': { events: 'readWrite' },
  // Appends (AccountDeleted's aftermath), deletes data keys and reservations, and every version of a deleted account's avatars.
  'account-erasure': { events: 'readWrite', media: 'readWrite', deletesVersions: true },
  'album-downloads': { events: 'readWrite', views: 'read', media: 'readWrite' },
  receipts: { views: 'read', sendsMail: true },
  // Reads uploads, writes streaming MP3s and masters, records TrackProcessed/TrackRefused (the `once` table is unused).
  'track-intake': { events: 'readWrite', views: 'none', ephemeral: 'none', media: 'readWrite' },
  // Reads the catalogue (as a guest's GETs do); writes pre-rendered pages, the page list and share pictures only (grantPages).
  prerender: { views: 'read', ephemeral: 'none' },
  // Writes the correlation index (functions/operations/trace-index.ts) into `ephemeral` from the message alone.
  trace: { events: 'none', views: 'none' },
};

/** Scheduled jobs append events (what is due) and read views (the schedule); nothing else. */
const scheduledDefault: Access = { events: 'readWrite', views: 'read', ephemeral: 'none', media: 'none', sendsTo: [], sendsMail: false };
const scheduledOverrides: Record<string, Partial<Access>> = {
  // Reads events and views; keeps its latest result in `ephemeral` for the sync manager.
  'drift-check': { events: 'read', ephemeral: 'readWrite' },
  // Reads the log and the views, writes a rebuild's generation and its record; appends nothing (functions/operations/rebuild.ts).
  rebuilds: { events: 'read', views: 'readWrite' },
  // Reads the dashboard's daily rollups and writes their summaries; appends nothing.
  'close-rollup-days': { events: 'none', views: 'readWrite' },
};

export const scheduledAccess = (name: string): Access => ({ ...scheduledDefault, ...scheduledOverrides[name] });
export const httpAccess = (context: string): Access => ({ ...httpDefault, ...httpOverrides[context] });
export const consumerAccess = (name: string): Access => ({ ...consumerDefault, ...consumerOverrides[name] });

export interface Resources {
  tables: Record<TableDefinition['name'], ITable>;
  /** The name of the export of the media bucket's ARN (DataStack.mediaBucketArnExport). */
  mediaBucketArnExport: string;
  /** The name of the export of the site bucket's ARN (WebStack.siteBucketArnExport). */
  siteBucketArnExport?: string;
  /** The name of the export of the page list's ARN (WebStack.pageListArnExport). */
  pageListArnExport?: string;
  queues: ReadonlyMap<string, IQueue>;
  /** Each consumer's DLQ, by consumer name. */
  deadLetterQueues: ReadonlyMap<string, IQueue>;
  mailIdentity: IEmailIdentity;
}

// The actions of CDK's grantReadData/grantReadWriteData, on the table and its indexes named in infra/tables.ts.
const tableReads = [
  'dynamodb:BatchGetItem',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
  'dynamodb:GetItem',
  'dynamodb:GetRecords',
  'dynamodb:GetShardIterator',
  'dynamodb:Query',
  'dynamodb:Scan',
];
const tableWrites = ['dynamodb:BatchWriteItem', 'dynamodb:DeleteItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'];

const grantTable = (tables: Resources['tables'], name: TableDefinition['name'], level: Level, to: IGrantable) => {
  if (level === 'none') return;
  const table = tables[name];
  const indexes = tableDefinitions.find((definition) => definition.name === name)?.globalIndexes ?? [];
  Grant.addToPrincipal({
    grantee: to,
    actions: level === 'read' ? tableReads : [...tableReads, ...tableWrites],
    resourceArns: [table.tableArn, ...indexes.map((index) => `${table.tableArn}/index/${index.name}`)],
  });
};

/**
 * The S3 calls of the functions: Get/Head (GetObject, with ListBucket so a missing key answers 404, not 403),
 * Put/Copy/multipart and presigned POST (PutObject; a copy carries the source's tags), DeleteObject, and
 * AbortMultipartUpload.
 */
const mediaReads = { bucket: ['s3:ListBucket'], objects: ['s3:GetObject', 's3:GetObjectTagging'] };
const mediaWrites = ['s3:PutObject', 's3:PutObjectTagging', 's3:DeleteObject', 's3:AbortMultipartUpload'];

/** A file's versions, listed and deleted (functions/accounts/personal-data-deletion.ts). */
const mediaVersions = { bucket: ['s3:ListBucketVersions'], objects: ['s3:DeleteObjectVersion'] };

function grantMedia(to: IGrantable, level: Level, bucketArnExport: string, versions: boolean) {
  if (level === 'none') return;
  const bucketArn = Fn.importValue(bucketArnExport);
  Grant.addToPrincipal({
    grantee: to,
    actions: [...mediaReads.bucket, ...(versions ? mediaVersions.bucket : [])],
    resourceArns: [bucketArn],
  });
  Grant.addToPrincipal({
    grantee: to,
    actions: [
      ...(level === 'read' ? mediaReads.objects : [...mediaReads.objects, ...mediaWrites]),
      ...(versions ? mediaVersions.objects : []),
    ],
    resourceArns: [`${bucketArn}/*`],
  });
  // cdk-nag prints an imported ARN as the name of its export.
  if (Construct.isConstruct(to.grantPrincipal)) acknowledge(to.grantPrincipal, `IAM5[Resource::${bucketArnExport}/*]`, mediaObjectsReason);
}

const mediaObjectsReason =
  "Media keys are made of ids (an album's, a track's, a user's: functions/platform/media-keys.ts) that exist only at run " +
  'time, so the objects are granted by the bucket. The bucket holds only media, and its private prefixes stay ' +
  'unreachable from outside: the bucket policy denies them to CloudFront, and readers get them only through ' +
  'signed URLs the functions issue after their own checks.';

/**
 * The pre-render consumer's own reach. The site bucket: it reads the SPA's index.html (the pages' template) and reads,
 * writes and deletes the pages under pages/, nothing else of the SPA's build. The page list (the KeyValueStore CloudFront
 * reads): its ETag, and its keys. The media bucket's images: it reads an artwork (or an avatar) and writes its share
 * picture beside it (functions/catalogue/media-intake/share-image.ts), with ListBucket so a picture not made yet answers 404.
 */
export function grantPages(
  to: IGrantable,
  resources: Pick<Resources, 'siteBucketArnExport' | 'pageListArnExport' | 'mediaBucketArnExport'>,
) {
  const { siteBucketArnExport, pageListArnExport, mediaBucketArnExport } = resources;
  if (!siteBucketArnExport || !pageListArnExport)
    throw new Error(
      'access.ts: the pre-render consumer needs the site bucket and the page list (Resources.siteBucketArnExport, pageListArnExport)',
    );
  const bucketArn = Fn.importValue(siteBucketArnExport);
  Grant.addToPrincipal({ grantee: to, actions: ['s3:GetObject'], resourceArns: [`${bucketArn}/index.html`] });
  Grant.addToPrincipal({
    grantee: to,
    actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
    resourceArns: [`${bucketArn}/pages/*`],
  });
  Grant.addToPrincipal({
    grantee: to,
    actions: pageListActions,
    resourceArns: [Fn.importValue(pageListArnExport)],
  });
  const mediaArn = Fn.importValue(mediaBucketArnExport);
  Grant.addToPrincipal({ grantee: to, actions: ['s3:ListBucket'], resourceArns: [mediaArn] });
  Grant.addToPrincipal({ grantee: to, actions: ['s3:GetObject', 's3:PutObject'], resourceArns: [`${mediaArn}/images/*`] });
  // cdk-nag prints an imported ARN as the name of its export.
  if (Construct.isConstruct(to.grantPrincipal)) {
    acknowledge(
      to.grantPrincipal,
      `IAM5[Resource::${siteBucketArnExport}/pages/*]`,
      "A page's key is made of an album's or an artist's id, which exist only at run time; the prefix holds pre-rendered pages only.",
    );
    acknowledge(
      to.grantPrincipal,
      `IAM5[Resource::${mediaBucketArnExport}/images/*]`,
      "An artwork's (or an avatar's) key is made of ids and a content hash that exist only at run time; the prefix holds the " +
        "label's public images only, which are what a share picture is made of and stored beside.",
    );
  }
}

/** The KeyValueStore API calls of functions/catalogue/page-list.ts. */
export const pageListActions = [
  'cloudfront-keyvaluestore:DeleteKey',
  'cloudfront-keyvaluestore:DescribeKeyValueStore',
  'cloudfront-keyvaluestore:GetKey',
  'cloudfront-keyvaluestore:PutKey',
];

export function grantAccess(to: IGrantable, access: Access, resources: Resources) {
  grantTable(resources.tables, 'events', access.events, to);
  // The data keys open the personal fields of events: whoever reads or appends events reads or makes keys.
  grantTable(resources.tables, 'keys', access.events, to);
  // `counters` is part of the view store (infra/tables.ts): whoever reads or writes views does the same there.
  grantTable(resources.tables, 'views', access.views, to);
  grantTable(resources.tables, 'counters', access.views, to);
  grantTable(resources.tables, 'ephemeral', access.ephemeral, to);
  grantMedia(to, access.media, resources.mediaBucketArnExport, access.deletesVersions ?? false);
  for (const name of access.sendsTo) {
    const queue = resources.queues.get(name);
    if (!queue) throw new Error(`access.ts: "${name}" is not a consumer in functions/consumers.ts`);
    queue.grantSendMessages(to);
  }
  if (access.operatesQueues) {
    // Send (with GetQueueAttributes and GetQueueUrl) on the queues; receive, change visibility, delete and the same reads on the DLQs.
    for (const queue of resources.queues.values()) queue.grantSendMessages(to);
    for (const queue of resources.deadLetterQueues.values()) queue.grantConsumeMessages(to);
  }
  if (access.sendsMail) resources.mailIdentity.grantSendEmail(to);
}
