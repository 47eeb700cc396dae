/** /account-deleted: where a listener lands once their account is deleted, saying it is done and what that meant. */
import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { brand } from '../../../lib/brand';
import { useDocumentTitle } from '../../../lib/document-title';
import { buttonClass } from '../../../ui/button';

export function AccountDeletedPage() {
  useDocumentTitle('Account deleted');
  return (
    <div
      className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-xl border border-dashed border-white/15 px-6 py-10 text-center"
      data-testid="account-deleted-page"
    >
      <CircleCheck aria-hidden="true" className="size-8 text-accent" />
      <h1 className="text-2xl font-extrabold text-zinc-50">Your account is deleted</h1>
      <p className="text-sm text-zinc-300">
        Your profile, e-mail address, library, favourites and notifications are gone, and this browser no longer keeps your bag, cart or
        queue. Your purchases and plays stay in the label&apos;s figures, without your name.
      </p>
      <p className="text-sm text-zinc-300">
        Thank you for listening with {brand.product}. You can still play the free albums, or make a new account any time.
      </p>
      <div className="mt-2 flex flex-wrap justify-center gap-2">
        <Link to="/" className={buttonClass('primary')}>
          Back to the music
        </Link>
        <Link to="/privacy" className={buttonClass('secondary')}>
          What we keep
        </Link>
      </div>
    </div>
  );
}
