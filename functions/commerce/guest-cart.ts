/**
 * The guest cart brought into a listener's cart once they sign in: by `POST /api/cart/sync`, and by a
 * password sign-in that carries it along. Prices the guest cart held are ignored (the catalogue's count).
 */
import * as z from 'zod/mini';
import type { CartLine } from '../../events/index.js';
import { ownedAlbumIds, runCartCommand, saleLine } from './commerce.js';
import type { CommandContext } from '../platform/command.js';

/** An album id as the SPA may keep it, a string or a number, read as a string. */
const albumIdText = z.pipe(z.union([z.string(), z.number()]), z.transform(String));

/** A guest cart item as the SPA keeps it; anything else it holds is ignored. */
const guestItem = z.object({
  albumId: z.pipe(albumIdText, z.string().check(z.minLength(1), z.maxLength(100))),
  userSelectedSubscriber: z.optional(z.boolean()),
});

/**
 * Merges the guest cart into the user's cart. Invalid items, albums not for sale (or gone), albums
 * already in the cart or already bought are dropped; the answer counts the lines that were added.
 */
export async function syncGuestCart(
  userId: string,
  guestItems: readonly unknown[],
  context: CommandContext,
): Promise<{ syncedItems: number; cart: CartLine[] }> {
  const wanted = guestItems.map((raw) => guestItem.safeParse(raw)).flatMap((r) => (r.success ? [r.data] : []));
  const lines = (await Promise.all(wanted.map((w) => saleLine(w.albumId, w.userSelectedSubscriber ?? false).catch(() => null)))).filter(
    (l): l is CartLine => l !== null,
  );
  const after = await runCartCommand(
    userId,
    { type: 'SyncGuestCart', ownerId: userId, lines, ownedAlbumIds: await ownedAlbumIds(userId) },
    context,
  );
  const synced = after.events.flatMap((event) => (event.type === 'CartSynced' ? event.data.lines : []));
  return { syncedItems: synced.length, cart: after.lines };
}
