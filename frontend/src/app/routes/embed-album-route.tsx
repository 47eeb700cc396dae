/** /embed/album/{id}[?compact=1]: the album's player for other sites' frames, without the app's shell. */
import { useParams, useSearchParams } from 'react-router';
import { AlbumEmbedPlayer } from '../../features/albums/components/album-embed-player';
import { useDocumentTitle } from '../../lib/document-title';
import { useAlbumPlayback } from '../album-playback';

export function EmbedAlbumRoute() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  useDocumentTitle('Album player');
  return <AlbumEmbedPlayer key={id} albumId={id} compact={params.get('compact') === '1'} playback={useAlbumPlayback()} />;
}
