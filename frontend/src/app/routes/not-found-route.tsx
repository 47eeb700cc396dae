/** Any path the app does not know. */
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';
import { buttonClass } from '../../ui/button';

export function NotFoundRoute() {
  useDocumentTitle('404 Page Not Found');
  return (
    <div className="flex flex-col items-center gap-4 py-16 text-center" data-testid="not-found">
      <h1 className="text-3xl font-bold text-zinc-50">404 Page Not Found</h1>
      <p className="text-zinc-300">There is nothing at this address.</p>
      <Link to="/" className={buttonClass('secondary')}>
        Go to Home
      </Link>
    </div>
  );
}
