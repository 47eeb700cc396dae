/**
 * What an admin reads in a stream's history: one sentence per event ("Price changed from $9.99 to $7.99"). A change
 * names the value before it, so the sentences are made by folding the stream from its start. An event type this
 * module does not know yet still reads as its name ("Album unpublished"), with its `changes` spelled out. Pure.
 */
import type { DomainEvent } from '../../events/index.js';
import { formatUsd } from '../commerce/contract/pricing.js';

interface HistorySentence {
  version: number;
  what: string;
}

const labels: Record<string, string> = {
  title: 'Title',
  name: 'Name',
  artwork: 'Artwork',
  avatar: 'Avatar',
  headerImage: 'Header image',
  description: 'Description',
  bio: 'Bio',
  lyrics: 'Lyrics',
  albumType: 'Type',
  releaseDate: 'Release date',
  requiredTier: 'Access',
  access: 'Access',
  isExclusive: 'Toko+ exclusive',
  isAvailableForPurchase: 'For sale',
  isDummyAlbum: 'Physical only',
  isMain: 'Main artist',
  stripePriceDefault: 'Price',
  stripePriceSubscriber: 'Member price',
  price: 'Price',
  memberPrice: 'Member price',
  stripeProductId: 'Stripe product',
  rightsOwner: 'Rights owner',
  copyright: 'Copyright',
  externalLinks: 'Listen links',
  socialLinks: 'Social links',
  displayName: 'Display name',
  email: 'E-mail address',
  youtubeVideoId: 'YouTube video',
  slug: 'Address',
};
const money = new Set(['stripePriceDefault', 'stripePriceSubscriber', 'price', 'memberPrice']);
/** Named without their values: long text, images and links read better as "changed", and e-mails are personal. */
const unquoted = new Set(['description', 'bio', 'lyrics', 'artwork', 'avatar', 'headerImage', 'externalLinks', 'socialLinks', 'email']);
const tiers: Record<string, string> = {
  free: 'free',
  toko_plus: 'Toko+',
  purchase_required: 'purchase required',
  physical_only: 'physical only',
};

/** `AlbumReleaseScheduled` → "Album release scheduled"; `isMain` → "Is main". */
function words(name: string): string {
  const spaced = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

const label = (field: string) => labels[field] ?? words(field);

function value(field: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return 'none';
  if (money.has(field) && typeof v === 'number') return formatUsd(v);
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'string') return tiers[v] ?? `"${v}"`;
  if (typeof v === 'number') return String(v);
  return JSON.stringify(v);
}

/** "Price changed from $9.99 to $7.99", or "Price set to $7.99" when the stream never named it before. */
function changeSentence(field: string, before: unknown, after: unknown): string {
  if (unquoted.has(field)) return `${label(field)} changed`;
  if (before === undefined) return `${label(field)} set to ${value(field, after)}`;
  return `${label(field)} changed from ${value(field, before)} to ${value(field, after)}`;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
const day = (iso: string) => iso.slice(0, 10);
const registrationSources = {
  email_code: 'e-mail code',
  magic_link: 'e-mail link',
  beta_signup: 'beta signup',
  admin_setup: 'first admin',
} as const;
const signInMethods = { email_code: 'an e-mail code', magic_link: 'an e-mail link', password: 'a password' } as const;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The sentence of one event, given the fields the stream named before it. */
function sentence(event: DomainEvent, known: Record<string, unknown>): string {
  switch (event.type) {
    case 'ArtistCreated':
      return `Artist "${event.data.name}" created`;
    case 'AlbumPublished':
      return `Album "${event.data.title}" published with ${plural(event.data.tracks.length, 'track')}`;
    case 'AlbumDrafted':
      return `Draft "${event.data.title}" created`;
    case 'TrackUploaded':
      return `Track "${event.data.title}" uploaded`;
    case 'TrackProcessed':
      return `Track ${value('title', known.title)} ready to stream`;
    case 'TrackRefused':
      return `Track ${value('title', known.title)} refused: ${event.data.reason}`;
    case 'TrackRemoved':
      return `Track ${value('title', known.title)} removed`;
    case 'AlbumReleaseScheduled':
      return `Release scheduled for ${event.data.at}`;
    case 'ArtistImageChanged':
      return event.data.image === 'avatar' ? 'Avatar changed' : 'Header image changed';
    case 'UserRegistered':
      return `Account opened (${registrationSources[event.data.source]})`;
    case 'EmailVerified':
      return 'E-mail address verified';
    case 'UnprovenAccessRevoked':
      return event.data.passwordRemoved
        ? 'First proof of the address: earlier sessions signed out, earlier password removed'
        : 'First proof of the address: earlier sessions signed out';
    case 'EmailChangeRequested':
      return 'New e-mail address asked for, waiting for its confirmation';
    case 'BetaCodeRedeemed':
      return `Beta code given: ${event.data.months} months of ${tiers[event.data.tier]} once the address is confirmed`;
    case 'UserSignedIn':
      return `Signed in with ${signInMethods[event.data.method]}`;
    case 'PasswordSet':
      return 'Password set';
    case 'AvatarChanged':
      return 'Avatar changed';
    case 'UserRoleChanged':
      return event.data.role === 'admin' ? 'Made an admin' : 'Admin role removed';
    case 'SubscriptionTierChanged':
      return `Tier changed to ${tiers[event.data.tier]} (${event.data.status}, from ${event.data.source})`;
    case 'SubscriptionStarted':
      return `Toko+ subscription started at ${formatUsd(event.data.amount)} a month`;
    case 'SubscriptionRenewed':
      return `Toko+ subscription renewed until ${day(event.data.currentPeriodEnd)}`;
    case 'SubscriptionCancelled':
      return `Toko+ subscription cancelled; it ends on ${day(event.data.endsAt)}`;
    case 'SubscriptionResumed':
      return `Toko+ subscription resumed; it renews on ${day(event.data.currentPeriodEnd)}`;
    case 'SubscriptionPlanChanged':
      return `Toko+ plan changed from ${formatUsd(event.data.previousAmount)} to ${formatUsd(event.data.amount)} a month`;
    case 'SubscriptionEnded':
      return 'Toko+ subscription ended';
    case 'ProfileChanged': {
      const { userId: _id, ...changes } = event.data;
      return changedFields(changes, known) ?? 'Profile saved without changes';
    }
    default: {
      const data: unknown = event.data;
      const changes = isRecord(data) && isRecord(data.changes) ? changedFields(data.changes, known) : null;
      if (!changes) return words(event.type);
      const track = trackOf(event);
      return track ? `Track ${value('title', known.title)}: ${changes}` : changes;
    }
  }
}

function changedFields(changes: Record<string, unknown>, known: Record<string, unknown>): string | null {
  const lines = Object.entries(changes)
    .filter(([, after]) => after !== undefined)
    .map(([field, after]) => changeSentence(field, known[field], after));
  return lines.length ? lines.join('; ') : null;
}

/** The track an event of an album's stream is about, if any: its fields are its own, not the album's. */
function trackOf(event: DomainEvent): string {
  const data: unknown = event.data;
  return isRecord(data) && typeof data.trackId === 'string' ? data.trackId : '';
}

/** What the stream names from now on: the fields of the event's data, and of its `changes`. */
function remember(event: DomainEvent, known: Record<string, unknown>): Record<string, unknown> {
  const data: unknown = event.data;
  if (!isRecord(data)) return known;
  const { changes, ...fields } = data;
  return { ...known, ...fields, ...(isRecord(changes) ? changes : {}) };
}

/** One sentence per event of a stream read from its start, oldest first. */
export function historySentences(events: readonly DomainEvent[]): HistorySentence[] {
  // Keyed by track ('' for the stream's own fields), so a track's title is never read as the album's.
  const known = new Map<string, Record<string, unknown>>();
  return events.map((event) => {
    const scope = trackOf(event);
    const before = known.get(scope) ?? {};
    const what = sentence(event, before);
    known.set(scope, remember(event, before));
    return { version: event.version, what };
  });
}
