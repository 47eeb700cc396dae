/** What the library's toasts say when adding an album fails, from the server's answer. */
import { brand } from '../../lib/brand';
import { HttpError, serverMessageOf } from '../../lib/http';

export const ADDED_TO_LIBRARY = 'Added to library';
export const REMOVED_FROM_LIBRARY = 'Album removed from library';
export const FAVORITES_FAILED = 'Failed to update favorites. Please try again.';
/** Library toasts stay 3 s, a little longer than the default 2 s. */
export const LIBRARY_TOAST_MS = 3000;

type AddFailure = { kind: 'sign-in' } | { kind: 'toast'; title: string; description: string };

export function addToLibraryFailure(error: unknown): AddFailure {
  const message = serverMessageOf(error) ?? (error instanceof Error ? error.message : '');
  if ((error instanceof HttpError && error.status === 401) || /not authenticated/i.test(message)) return { kind: 'sign-in' };
  if (/physical album only/i.test(message)) {
    return { kind: 'toast', title: 'Physical Album Only', description: 'This album can only be heard on other streaming platforms.' };
  }
  if (/subscription/i.test(message)) {
    return { kind: 'toast', title: 'Subscription Required', description: `This album requires a ${brand.productPlus} subscription.` };
  }
  if (/purchase/i.test(message)) {
    return { kind: 'toast', title: 'Purchase Required', description: 'Buy this album or subscribe to add it to your library.' };
  }
  return { kind: 'toast', title: 'Failed to add to library', description: serverMessageOf(error) || 'Failed to add album to library' };
}
