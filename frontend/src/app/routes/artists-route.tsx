/** /artists: the label's roster. */
import { ArtistsGrid } from '../../features/artists/components/artists-grid';
import { useDocumentTitle } from '../../lib/document-title';

export function ArtistsRoute() {
  useDocumentTitle('Artists');
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-extrabold text-zinc-50">Artists</h1>
      <ArtistsGrid variant="roster" />
    </div>
  );
}
