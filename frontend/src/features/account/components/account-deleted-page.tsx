/** /account-deleted: where a listener lands once their account is deleted, saying it is done and what that meant. */
import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { brand } from '../../../lib/brand';
import { useDocumentTitle } from '../../../lib/document-title';
import { buttonClass } from '../../../ui/button';
import { EmptyState } from '../../../ui/status-message';

export function AccountDeletedPage() {
  useDocumentTitle('Account deleted');
  return (
    <div className="mx-auto max-w-md" data-testid="account-deleted-page">
      <EmptyState icon={CircleCheck} title="Your account is deleted">
        <p>
          Your profile, e-mail address, library, favourites and notifications are gone, and this browser no longer keeps your bag, cart or
          queue. Your purchases and plays stay in the label&apos;s figures, without your name.
        </p>
        <p className="mt-2">
          Thank you for listening with {brand.product}. You can still play the free albums, or make a new account any time.
        </p>
        <div className="mt-4 flex flex-wrap justify-center gap-2">
          <Link to="/" className={buttonClass('primary')}>
            Back to the music
          </Link>
          <Link to="/privacy" className={buttonClass('secondary')}>
            What we keep
          </Link>
        </div>
      </EmptyState>
    </div>
  );
}
