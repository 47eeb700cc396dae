/**
 * What erasing a deleted account has to reach, read from its own stream: every e-mail address it ever used (each one
 * still reserved by it, each one the owner of a data key: a fan signup's), every username, and every avatar file it
 * ever stored. Pure. Once the account's data key is gone these fields read as placeholders, which name nothing to erase.
 */
import { DELETED, type DomainEvent } from '../../../events/index.js';
import { normalizeEmail } from './user.js';

interface ErasurePlan {
  addresses: string[];
  usernames: string[];
  /** File names under uploads/avatars/ in the media bucket. */
  avatars: string[];
}

const placeholders = new Set<string>([DELETED.email, DELETED.name, DELETED.text]);

export function erasurePlan(events: DomainEvent[]): ErasurePlan {
  const addresses = new Set<string>();
  const usernames = new Set<string>();
  const avatars = new Set<string>();
  // A placeholder is checked as it reads, before it is normalized like a real value.
  const add = (into: Set<string>, value: string | null | undefined, normalize = (v: string) => v) => {
    if (value && !placeholders.has(value)) into.add(normalize(value));
  };
  const lower = (v: string) => v.trim().toLowerCase();
  for (const event of events) {
    // Every address an event of the stream names (a registration, a change asked for or confirmed, Stripe's copy of
    // it), whatever the event: a new kind of event that carries one is erased with the others without a change here.
    const data = event.data as { email?: unknown; username?: unknown; avatar?: unknown };
    if (typeof data.email === 'string') add(addresses, data.email, normalizeEmail);
    if (typeof data.username === 'string') add(usernames, data.username, lower);
    if (event.type === 'AvatarChanged') add(avatars, event.data.avatar);
  }
  return { addresses: [...addresses], usernames: [...usernames], avatars: [...avatars] };
}
