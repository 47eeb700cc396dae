/** The album cart of one owner (a signed-in user): lines added, removed, cleared, merged from a guest cart. Pure. */
import type { CartLine, DomainEvent, NewEvent } from '../../../events/index.js';
import { assertNever, conflict } from '../../platform/errors.js';

interface CartState {
  lines: CartLine[];
}

export type CartCommand =
  | { type: 'AddToCart'; ownerId: string; line: CartLine; alreadyOwned: boolean }
  | { type: 'RemoveFromCart'; ownerId: string; albumId: string }
  | { type: 'EmptyCart'; ownerId: string }
  | { type: 'SyncGuestCart'; ownerId: string; lines: CartLine[]; ownedAlbumIds: ReadonlySet<string> }
  | { type: 'RemovePurchased'; ownerId: string; albumIds: string[] };

export const ALREADY_IN_CART = 'Album already in cart';
export const ALREADY_OWNED = 'You already own this album';

const without = (lines: CartLine[], albumIds: readonly string[]) => lines.filter((l) => !albumIds.includes(l.albumId));

export const cartDecider = {
  initialState: { lines: [] } as CartState,
  evolve: (state: CartState, event: DomainEvent): CartState => {
    switch (event.type) {
      case 'CartItemAdded':
        return { lines: [...without(state.lines, [event.data.line.albumId]), event.data.line] };
      case 'CartItemRemoved':
        return { lines: without(state.lines, [event.data.albumId]) };
      case 'CartCleared':
        return { lines: without(state.lines, event.data.albumIds) };
      case 'CartSynced':
        return {
          lines: [
            ...without(
              state.lines,
              event.data.lines.map((l) => l.albumId),
            ),
            ...event.data.lines,
          ],
        };
      default:
        return state;
    }
  },
  decide: (command: CartCommand, state: CartState): NewEvent[] => {
    const has = (albumId: string) => state.lines.some((l) => l.albumId === albumId);
    switch (command.type) {
      case 'AddToCart':
        if (command.alreadyOwned) throw conflict('already_owned', ALREADY_OWNED);
        if (has(command.line.albumId)) throw conflict('already_in_cart', ALREADY_IN_CART);
        return [{ type: 'CartItemAdded', data: { ownerId: command.ownerId, line: command.line } }];
      case 'RemoveFromCart':
        return has(command.albumId) ? [{ type: 'CartItemRemoved', data: { ownerId: command.ownerId, albumId: command.albumId } }] : [];
      case 'EmptyCart':
        return state.lines.length
          ? [{ type: 'CartCleared', data: { ownerId: command.ownerId, reason: 'emptied', albumIds: state.lines.map((l) => l.albumId) } }]
          : [];
      case 'SyncGuestCart': {
        const fresh = new Map<string, CartLine>();
        for (const line of command.lines) {
          if (!has(line.albumId) && !command.ownedAlbumIds.has(line.albumId)) fresh.set(line.albumId, line);
        }
        return fresh.size ? [{ type: 'CartSynced', data: { ownerId: command.ownerId, lines: [...fresh.values()] } }] : [];
      }
      case 'RemovePurchased': {
        const present = command.albumIds.filter(has);
        return present.length ? [{ type: 'CartCleared', data: { ownerId: command.ownerId, reason: 'purchased', albumIds: present } }] : [];
      }
      default:
        return assertNever(command);
    }
  },
};

export const cartStream = (ownerId: string) => `cart#${ownerId}`;
