/**
 * What each Lambda may touch, in one table (least privilege). HTTP contexts append events and
 * read views (queries never write them); projectors write views; only a mailer sends mail.
 * A new context or consumer gets its kind's default; an entry below widens or narrows it.
 */
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { IEmailIdentity } from 'aws-cdk-lib/aws-ses';

type Level = 'none' | 'read' | 'readWrite';

export interface Access {
  events: Level;
  views: Level;
  ephemeral: Level;
  media: Level;
  /** Consumer names whose queues this function sends to directly (e.g. a sign-in code to the mailer). */
  sendsTo: string[];
  sendsMail: boolean;
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
};
const consumerOverrides: Record<string, Partial<Access>> = {
  mailer: { views: 'read', sendsMail: true },
  notifier: { events: 'readWrite' },
  'user-tier': { events: 'readWrite' },
  'album-downloads': { events: 'readWrite', views: 'read', media: 'readWrite' },
  receipts: { views: 'read', sendsMail: true },
  // Reads uploads, writes streaming MP3s and masters, records TrackProcessed/TrackRefused (the `once` table is unused).
  'track-intake': { events: 'readWrite', views: 'none', ephemeral: 'none', media: 'readWrite' },
};

/** Scheduled jobs append events (what is due) and read views (the schedule); nothing else. */
const scheduledDefault: Access = { events: 'readWrite', views: 'read', ephemeral: 'none', media: 'none', sendsTo: [], sendsMail: false };
const scheduledOverrides: Record<string, Partial<Access>> = {};

export const scheduledAccess = (name: string): Access => ({ ...scheduledDefault, ...scheduledOverrides[name] });
export const httpAccess = (context: string): Access => ({ ...httpDefault, ...httpOverrides[context] });
export const consumerAccess = (name: string): Access => ({ ...consumerDefault, ...consumerOverrides[name] });

export interface Resources {
  tables: { events: ITable; views: ITable; counters: ITable; ephemeral: ITable };
  mediaBucket: IBucket;
  queues: ReadonlyMap<string, IQueue>;
  mailIdentity: IEmailIdentity;
}

const grantTable = (table: ITable, level: Level, to: IGrantable) => {
  if (level === 'read') table.grantReadData(to);
  if (level === 'readWrite') table.grantReadWriteData(to);
};

export function grantAccess(to: IGrantable, access: Access, resources: Resources) {
  grantTable(resources.tables.events, access.events, to);
  // `counters` is part of the view store (infra/tables.ts): whoever reads or writes views does the same there.
  grantTable(resources.tables.views, access.views, to);
  grantTable(resources.tables.counters, access.views, to);
  grantTable(resources.tables.ephemeral, access.ephemeral, to);
  if (access.media === 'read') resources.mediaBucket.grantRead(to);
  if (access.media === 'readWrite') resources.mediaBucket.grantReadWrite(to);
  for (const name of access.sendsTo) {
    const queue = resources.queues.get(name);
    if (!queue) throw new Error(`access.ts: "${name}" is not a consumer in functions/consumers.ts`);
    queue.grantSendMessages(to);
  }
  if (access.sendsMail) resources.mailIdentity.grantSendEmail(to);
}
