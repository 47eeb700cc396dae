/** A row of the label's published playlists (the music page), each opening its own page; nothing while there are none. */
import { ListMusic } from 'lucide-react';
import { Link } from 'react-router';
import { Artwork } from '../../../ui/artwork';
import { Section } from '../../../ui/section';
import { LoadingStatus, Skeleton } from '../../../ui/skeleton';
import { ErrorState } from '../../../ui/status-message';
import { usePlaylists } from '../api/get-playlists';

export function PlaylistShelf() {
  const playlists = usePlaylists();
  if (playlists.isPending)
    return (
      <LoadingStatus label="Loading the playlists…" className="flex gap-4 overflow-hidden">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="aspect-square w-36 shrink-0" />
        ))}
      </LoadingStatus>
    );
  if (playlists.isError)
    return <ErrorState title="The playlists could not be loaded" error={playlists.error} onRetry={() => void playlists.refetch()} />;
  if (playlists.data.length === 0) return null;
  return (
    <Section size="xl" className="space-y-3" title="Playlists" icon={ListMusic} testId="music-playlists">
      <ul className="flex snap-x gap-4 overflow-x-auto pb-2">
        {playlists.data.map((playlist) => (
          <li key={playlist.id} className="w-36 shrink-0 snap-start sm:w-44" data-testid="music-playlist" data-playlist-id={playlist.id}>
            <Link
              to={`/playlist/${encodeURIComponent(playlist.id)}`}
              className="group block space-y-2 rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent"
            >
              <Artwork src={playlist.artwork} alt="" size={176} className="w-full transition group-hover:brightness-110" />
              <p className="truncate font-semibold text-zinc-50">{playlist.name}</p>
              <p className="text-xs text-zinc-400">
                {playlist.trackCount} {playlist.trackCount === 1 ? 'song' : 'songs'}
              </p>
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}
