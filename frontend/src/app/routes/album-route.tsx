/** /album/{id}: the album page, wired to the player and to the remembered source page for Back. */
import { useNavigate, useParams } from 'react-router';
import { AlbumDetails } from '../../features/albums/components/album-details';
import { useAlbumPlayback } from '../album-playback';
import { albumSource } from '../album-source';

export function AlbumRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const playback = useAlbumPlayback();
  return <AlbumDetails key={id} albumId={id} playback={playback} onBack={() => navigate(albumSource() ?? '/')} />;
}
