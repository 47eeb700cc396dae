/** /artist/{id}: the artist's profile, latest release, exclusive content and discography. */
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { ArtistDiscography } from '../../features/albums/components/artist-discography';
import { LatestReleaseCard } from '../../features/albums/components/latest-release-card';
import { useArtist } from '../../features/artists/api/get-artist';
import { ArtistProfile } from '../../features/artists/components/artist-profile';
import { ExclusiveContentPanel } from '../../features/artists/components/exclusive-content-panel';
import { usePlayAlbumFromCard } from '../album-playback';

/** Moving from one artist to another scrolls to the top, again after 100 and 200 ms as images settle the layout. */
const SCROLL_TO_TOP_AT_MS = [0, 100, 200];

export function ArtistRoute() {
  const { id = '' } = useParams();
  const artist = useArtist(id);
  const playAlbum = usePlayAlbumFromCard();
  const playLatest = usePlayAlbumFromCard({ withStats: true });

  useEffect(() => {
    const timers = SCROLL_TO_TOP_AT_MS.map((delay) =>
      setTimeout(() => {
        window.scrollTo(0, 0);
        document.getElementById('main')?.scrollTo?.(0, 0);
      }, delay),
    );
    return () => timers.forEach(clearTimeout);
  }, [id]);

  return (
    <div className="space-y-12">
      <ArtistProfile artistId={id} />
      {artist.isSuccess && (
        <>
          <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <LatestReleaseCard artistId={id} onPlayAlbum={playLatest} />
            <ExclusiveContentPanel />
          </div>
          <ArtistDiscography artistId={id} onPlayAlbum={playAlbum} />
        </>
      )}
    </div>
  );
}
