/** /exclusive: the members' page, wired to the player (an exclusive album's Play reads the album, then plays it). */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { albumQueryOptions } from '../../features/albums/api/get-album';
import { ExclusivePage } from '../../features/membership/components/exclusive-page';
import { usePlayAlbumFromCard } from '../album-playback';

export function ExclusiveRoute() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const playFromCard = usePlayAlbumFromCard();
  const playAlbum = (albumId: string) =>
    queryClient.fetchQuery(albumQueryOptions(albumId)).then(playFromCard, () => navigate(`/album/${encodeURIComponent(albumId)}`));
  return <ExclusivePage onPlayAlbum={(albumId) => void playAlbum(albumId)} />;
}
