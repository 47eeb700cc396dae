/**
 * /album/{id}: the album page, wired to the player, to the remembered source page for Back, to the album
 * cart (Add to cart, Buy) or, once bought, to its download, and to the library's actions (the album's library button and heart, a heart on each track).
 */
import { useNavigate, useParams } from 'react-router';
import { AlbumDetails } from '../../features/albums/components/album-details';
import { useAlbumCommerce } from '../../features/cart/use-album-commerce';
import { FavoriteButton } from '../../features/library/components/favorite-button';
import { LibraryButton } from '../../features/library/components/library-button';
import { usePurchasedAlbums } from '../../features/purchases/api/get-purchased-albums';
import { DownloadAlbumButton } from '../../features/purchases/components/download-album-button';
import { useAlbumPlayback } from '../album-playback';
import { albumSource } from '../album-source';

export function AlbumRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const playback = useAlbumPlayback();
  const offers = useAlbumCommerce();
  const bought = usePurchasedAlbums().data?.find((album) => album.albumId === id);
  // An album the listener owns offers its download, not itself.
  const commerce = bought ? { ...offers, owned: <DownloadAlbumButton album={{ albumId: bought.albumId, title: bought.title }} /> } : offers;
  return (
    <AlbumDetails
      key={id}
      albumId={id}
      playback={playback}
      commerce={commerce}
      onBack={() => void navigate(albumSource() ?? '/')}
      renderAlbumActions={(album) => (
        <>
          <LibraryButton look="icon" album={album} />
          <FavoriteButton
            target={{ albumId: album.id }}
            details={{ title: album.title, artistName: album.artistName, artwork: album.artwork }}
          />
        </>
      )}
      renderTrackActions={(track, album) => (
        <FavoriteButton
          target={{ trackId: track.id }}
          details={{
            title: track.title,
            albumId: album.id,
            albumTitle: album.title,
            artistName: album.artistName,
            artistId: album.artistId,
            artwork: album.artwork,
            duration: track.duration,
            trackNumber: track.trackNumber,
            audioUrl: track.audioUrl,
          }}
          className="size-8"
        />
      )}
    />
  );
}
