/**
 * The one-time links that make an owner of the label (`npm run admin:enrol -- <email>`), on the one stream
 * `admin-enrolments#label`: its fold knows each address's newest link, so a newer link voids an older one, and a link is
 * used once whatever runs at once (the stream's version). The link's token is never here, only its SHA-256.
 */
import * as z from 'zod/mini';
import { DELETED, defineEvent } from './envelope.js';
import { isoDateTime, nonEmpty } from './fields.js';

const id = nonEmpty;

/** An operator issued a link for this address, good until `expiresAt`; any older link for it is void from now on. */
export const AdminEnrolmentIssued = defineEvent(
  'AdminEnrolmentIssued',
  z.object({
    enrolmentId: id,
    /** Trimmed and lower-cased. */
    email: z.email(),
    /** SHA-256 of the link's token (base64url): the token has 256 random bits, so a plain hash is enough. */
    tokenHash: nonEmpty,
    expiresAt: isoDateTime,
  }),
  [],
  // The address may have no account yet: it is keyed by itself, as a fan's is.
  { owner: (data) => `email:${data.email}`, fields: { email: DELETED.email } },
  ['tokenHash'],
);

/** The link was used: the account `userId` (made for the address, or the one it had) became an owner. */
export const AdminEnrolled = defineEvent('AdminEnrolled', z.object({ enrolmentId: id, userId: id }));

export const adminEnrolmentEvents = [AdminEnrolmentIssued, AdminEnrolled] as const;
