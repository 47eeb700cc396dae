/**
 * The consumer manifest: one line per queue consumer. The relay routes each event type to the
 * FIFO queue of every consumer that subscribes to it; the local SQS trigger and the CDK
 * event-source mappings both come from here.
 */
import type { EventType } from '../events/index.js';

export interface ConsumerSpec {
  /** Queue is `<prefix><name>.fifo`, its DLQ `<prefix><name>-dlq.fifo`. */
  name: string;
  /** Module under functions/consumers/ exporting `handler`. */
  module: string;
  events: EventType[];
  batchSize: number;
  /** Receives before a message moves to the DLQ. */
  maxReceiveCount: number;
  visibilityTimeoutSeconds: number;
}

const consumer = (name: string, events: EventType[], opts: Partial<ConsumerSpec> = {}): ConsumerSpec => ({
  name,
  module: name,
  events,
  batchSize: 10,
  maxReceiveCount: 5,
  visibilityTimeoutSeconds: 30,
  ...opts,
});

export const consumers: ConsumerSpec[] = [
  consumer('catalogue-projector', ['ArtistCreated', 'AlbumPublished', 'AlbumDetailsChanged']),
  consumer('stats-projector', ['PlayRecorded']),
];

export const queueName = (prefix: string, c: Pick<ConsumerSpec, 'name'>) => `${prefix}${c.name}.fifo`;
export const dlqName = (prefix: string, c: Pick<ConsumerSpec, 'name'>) => `${prefix}${c.name}-dlq.fifo`;
