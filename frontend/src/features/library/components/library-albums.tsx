/** The Albums tab: how many, then a card per album with play and remove; artwork opens the album. */
import { useQueryClient } from '@tanstack/react-query';
import { Crown, Disc3, Pause, Play, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { brand } from '../../../lib/brand';
import { Artwork } from '../../../ui/artwork';
import { Badge } from '../../../ui/badge';
import { buttonClass, IconButton } from '../../../ui/button';
import { LoadingStatus, SkeletonStack } from '../../../ui/skeleton';
import { EmptyState, ErrorState } from '../../../ui/status-message';
import { toast } from '../../../ui/toast';
import { useRemoveFromLibrary } from '../api/change-library';
import { libraryTracksQueryOptions, useLibraryAlbums } from '../api/get-library';
import type { LibraryAlbum } from '#contract/library.js';
import { songOfTrack, type LibraryPlayback } from '../library-playback';

export const UNKNOWN_ARTIST = 'Unknown Artist';

export function LibraryAlbums({ playback }: { playback: LibraryPlayback }) {
  const albums = useLibraryAlbums();
  const queryClient = useQueryClient();
  const remove = useRemoveFromLibrary();

  if (albums.isPending) return <AlbumGridSkeleton />;
  if (albums.isError)
    return <ErrorState title="Your albums could not be loaded" error={albums.error} onRetry={() => void albums.refetch()} />;
  if (albums.data.length === 0) {
    return (
      <EmptyState icon={Disc3} title="No albums in your library">
        <p>Add albums from their page and they appear here.</p>
        <Link to="/music" className={buttonClass('secondary', 'mt-4')}>
          Browse Music
        </Link>
      </EmptyState>
    );
  }

  const play = async (album: LibraryAlbum) => {
    const tracks = await queryClient.fetchQuery(libraryTracksQueryOptions());
    const songs = tracks.filter((track) => track.albumId === album.id).map(songOfTrack);
    if (songs.some((song) => song.audioUrl)) playback.playSongs(songs);
    else toast({ title: 'Nothing to play', description: `${album.title} cannot be played with your account right now.` });
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-zinc-300" data-testid="library-album-count">
        {albums.data.length} {albums.data.length === 1 ? 'album' : 'albums'}
      </p>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
        {albums.data.map((album) => {
          const onPlayer = playback.playing && playback.currentAlbumId === album.id;
          return (
            <li key={album.id} data-testid="library-album" data-album-id={album.id} className="group space-y-2">
              <div className="relative">
                <Link to={`/album/${encodeURIComponent(album.id)}`} aria-label={`Open ${album.title}`} className="block rounded-lg">
                  <Artwork src={album.artwork ?? null} alt="" size={240} className="w-full" />
                </Link>
                <div className="absolute bottom-2 right-2 flex gap-2">
                  <IconButton
                    label={`Remove ${album.title} from library`}
                    className="bg-zinc-950/80"
                    onClick={() => remove.mutate(album.id)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </IconButton>
                  <IconButton
                    solid
                    label={onPlayer ? `Pause ${album.title}` : `Play ${album.title}`}
                    onClick={() => (onPlayer ? playback.togglePlay() : void play(album))}
                  >
                    {onPlayer ? (
                      <Pause aria-hidden="true" className="size-4 fill-current" />
                    ) : (
                      <Play aria-hidden="true" className="size-4 fill-current" />
                    )}
                  </IconButton>
                </div>
              </div>
              <div className="min-w-0">
                <p className="truncate font-semibold text-zinc-50">{album.title}</p>
                <p className="truncate text-sm text-zinc-300">{album.artistName || UNKNOWN_ARTIST}</p>
                {album.requiredTier === brand.tierPlus && (
                  <Badge tone="accent" className="mt-1">
                    <Crown aria-hidden="true" className="size-3" />
                    {brand.productPlus}
                  </Badge>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function AlbumGridSkeleton() {
  return (
    <LoadingStatus label="Loading your albums…" className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
      {Array.from({ length: 8 }, (_, index) => (
        <SkeletonStack key={index} className="space-y-2" blocks={['aspect-square w-full', 'h-4 w-3/4', 'h-3 w-1/2']} />
      ))}
    </LoadingStatus>
  );
}
