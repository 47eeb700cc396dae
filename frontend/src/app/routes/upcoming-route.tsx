/** A destination of the navigation whose screen arrives in a later issue (Music, Shop, Library, Toko+). */
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';
import { buttonClass } from '../../ui/button';

export function UpcomingRoute({ title, description }: { title: string; description: string }) {
  useDocumentTitle(title);
  return (
    <div className="space-y-4" data-testid="upcoming-page">
      <h1 className="text-3xl font-extrabold text-zinc-50">{title}</h1>
      <p className="max-w-2xl text-zinc-300">{description}</p>
      <Link to="/" className={buttonClass('secondary')}>
        Browse the featured album
      </Link>
    </div>
  );
}
