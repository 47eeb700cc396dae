/** Contract of the `admin-history` context: an artist's, album's or person's history from the event log, and an album as it was. */
import * as z from 'zod/mini';
import { adminRelease } from '../../catalogue/contract/admin-catalogue.js';
import { endpoint, idParams, nullableText } from '../../platform/contract/endpoint.js';

export const historyKind = z.enum(['artist', 'album', 'user']);

export const historyEntry = z.object({
  /** The event's version in its stream. */
  version: z.int(),
  type: z.string(),
  /** One sentence, e.g. "Price changed from $9.99 to $7.99". */
  what: z.string(),
  /** An admin's display name, or 'listener', 'system' or 'stripe'. */
  who: z.string(),
  by: z.enum(['admin', 'listener', 'system', 'stripe']),
  /** ISO time the event was recorded. */
  at: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

export const getHistoryAnswer = z.object({ entries: z.array(historyEntry), nextCursor: nullableText });
export const getHistory = endpoint({
  params: z.object({ kind: historyKind, id: idParams.shape.id }),
  query: z.object({
    /** The `nextCursor` of the page before: entries older than it. */
    cursor: z.optional(z.string().check(z.regex(/^\d{1,9}$/, 'Invalid cursor'))),
    limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 50),
  }),
  answer: getHistoryAnswer,
});

/** The release as the admin's form shows it (GET /api/admin/albums/{id}), as its stream folds it at one time. */
export const albumAsOf = z.extend(adminRelease, {
  /** The time asked for, and the version of the album's stream it reflects. */
  asOf: z.string(),
  version: z.int(),
});

export const getAlbumAsOf = endpoint({
  params: idParams,
  query: z.object({ at: z.iso.datetime({ offset: true, message: 'Give the time as an ISO date and time' }) }),
  answer: albumAsOf,
});
