/** /artist/{id}: the artist's profile and discography (the full artist page is a later issue). */
import { useParams } from 'react-router';
import { ArtistDiscography } from '../../features/albums/components/artist-discography';
import { useArtist } from '../../features/artists/api/get-artist';
import { ArtistProfile } from '../../features/artists/components/artist-profile';

export function ArtistRoute() {
  const { id = '' } = useParams();
  const artist = useArtist(id);
  return (
    <div className="space-y-12">
      <ArtistProfile artistId={id} />
      {artist.isSuccess && <ArtistDiscography artistId={id} />}
    </div>
  );
}
