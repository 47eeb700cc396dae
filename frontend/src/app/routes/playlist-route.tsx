/** /playlist/{id}: a curated playlist's page, wired to the player. */
import { useParams } from 'react-router';
import { PlaylistPage } from '../../features/search/components/playlist-page';
import { usePlaylistPlayback } from '../playlist-playback';

export function PlaylistRoute() {
  const { id = '' } = useParams();
  return <PlaylistPage playlistId={id} playback={usePlaylistPlayback()} />;
}
