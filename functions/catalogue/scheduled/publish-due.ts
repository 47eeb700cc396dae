/**
 * Scheduled job (every minute, functions/schedules.ts): publishes each scheduled release whose time has come, through
 * the same PublishAlbum decision as publishing now. Idempotent: an album already published records nothing, so a second
 * run (or two overlapping runs) publishes nothing twice.
 */
import { randomUUID } from 'node:crypto';
import { DomainError } from '../../platform/errors.js';
import { dynamoEventStore, type EventStore } from '../../platform/event-store.js';
import { publishIfDue } from '../catalogue-commands.js';
import { dueReleases } from '../release-board.js';
import { createLogger } from '../../platform/log.js';
import { withSecrets } from '../../platform/secrets.js';

const logger = createLogger('scheduled-publish-due');

/** Publishes what is due at `now`; answers the albums it published. */
export async function publishDue(now: Date, eventStore: EventStore, correlationId: string = randomUUID()): Promise<string[]> {
  const published: string[] = [];
  for (const albumId of await dueReleases(now)) {
    try {
      const { events } = await publishIfDue(albumId, now, { correlationId, eventStore });
      if (events.length) published.push(albumId);
    } catch (error) {
      // One release that cannot be published (its artist was removed since) must not hold back the others.
      if (!(error instanceof DomainError)) throw error;
      logger.error('scheduled release refused', { albumId, code: error.code, message: error.message });
    }
  }
  if (published.length) logger.info('published scheduled releases', { albumIds: published });
  return published;
}

/** The EventBridge event carries the time the rule fired. */
export const handler = withSecrets(async (event: { time?: string; id?: string } = {}) => {
  await publishDue(event.time ? new Date(event.time) : new Date(), dynamoEventStore, event.id);
});
