/**
 * /search and /search/{query}: a search box, then the albums, songs, artists and playlists that match.
 * Without a query it offers the label's curated playlists.
 */
import { ListMusic, Pause, Play, Search as SearchIcon, SearchX } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { cx } from '../../../lib/class-names';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatDuration } from '../../../lib/format';
import { Artwork } from '../../../ui/artwork';
import { Badge } from '../../../ui/badge';
import { Button, IconButton } from '../../../ui/button';
import { Section } from '../../../ui/section';
import { Skeleton } from '../../../ui/skeleton';
import { EmptyState, ErrorState } from '../../../ui/status-message';
import { IconInput } from '../../../ui/icon-input';
import { usePlaylists } from '../api/get-playlists';
import { useSearch } from '../api/get-search';
import type { PlaylistSummary, SearchAlbum, SearchArtist, SearchResults, SearchTrack } from '#contract/search.js';
import { searchPath } from './header-search';

/** What the search page needs from the player, handed in by the app so features stay independent. */
export interface SearchPlayback {
  currentTrackId: string | null;
  playing: boolean;
  togglePlay: () => void;
  /** Plays a song of the results: its album from that song on, or says why it cannot. */
  playSong: (song: SearchTrack) => void;
  /** Plays a playlist as a queue. */
  playPlaylist: (playlist: PlaylistSummary) => void;
}

export function SearchPage({ query, playback }: { query: string; playback: SearchPlayback }) {
  const trimmed = query.trim();
  useDocumentTitle(trimmed ? `Search: ${trimmed}` : 'Search');
  return (
    <div className="space-y-8" data-testid="search-page">
      <SearchBox query={trimmed} />
      {trimmed ? <Results query={trimmed} playback={playback} /> : <Browse playback={playback} />}
    </div>
  );
}

function SearchBox({ query }: { query: string }) {
  const navigate = useNavigate();
  const [text, setText] = useState(query);
  const inputId = useId();
  // A new search (a link, back and forward) shows its words in the box.
  const [shownQuery, setShownQuery] = useState(query);
  if (query !== shownQuery) {
    setShownQuery(query);
    setText(query);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const path = searchPath(text);
    if (path) void navigate(path);
  };
  return (
    <form role="search" onSubmit={submit} className="space-y-3">
      <h1 className="text-3xl font-extrabold text-zinc-50">Search</h1>
      <label htmlFor={inputId} className="sr-only">
        Search albums, songs, artists and playlists
      </label>
      <IconInput
        icon={SearchIcon}
        large
        boxClassName="max-w-2xl"
        id={inputId}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Albums, songs, artists, playlists"
        autoComplete="off"
        enterKeyHint="search"
        data-testid="search-page-input"
        className="h-12 w-full rounded-full border border-white/10 bg-white/5 pl-12 pr-4 text-base text-zinc-50 placeholder:text-zinc-400 focus:border-accent focus:outline-none"
      />
    </form>
  );
}

function Browse({ playback }: { playback: SearchPlayback }) {
  const playlists = usePlaylists();
  return (
    <div className="space-y-4">
      <p className="text-zinc-300">Find albums, songs, artists and playlists from across the label.</p>
      {playlists.isPending ? (
        <CardsSkeleton />
      ) : playlists.isError ? (
        <ErrorState title="The playlists could not be loaded" error={playlists.error} onRetry={() => void playlists.refetch()} />
      ) : (
        playlists.data.length > 0 && (
          <Section size="xl" className="space-y-4" title="Curated playlists">
            <PlaylistCards playlists={playlists.data} playback={playback} />
          </Section>
        )
      )}
    </div>
  );
}

function Results({ query, playback }: { query: string; playback: SearchPlayback }) {
  const search = useSearch(query);
  if (search.isPending) return <ResultsSkeleton />;
  if (search.isError) return <ErrorState title="Search failed" error={search.error} onRetry={() => void search.refetch()} />;
  if (isEmpty(search.data)) {
    return (
      <EmptyState icon={SearchX} title={`No results for “${query}”`}>
        <p>Check the spelling, or try an artist, an album or a song title.</p>
      </EmptyState>
    );
  }
  const { albums, tracks, artists, playlists } = search.data;
  return (
    <div className="space-y-10" data-testid="search-results">
      {tracks.length > 0 && (
        <Section size="xl" className="space-y-4" title="Songs" testId="search-songs">
          <SongList tracks={tracks} playback={playback} />
        </Section>
      )}
      {albums.length > 0 && (
        <Section size="xl" className="space-y-4" title="Albums" testId="search-albums">
          <AlbumCards albums={albums} />
        </Section>
      )}
      {artists.length > 0 && (
        <Section size="xl" className="space-y-4" title="Artists" testId="search-artists">
          <ArtistCards artists={artists} />
        </Section>
      )}
      {playlists.length > 0 && (
        <Section size="xl" className="space-y-4" title="Playlists" testId="search-playlists">
          <PlaylistCards playlists={playlists} playback={playback} />
        </Section>
      )}
    </div>
  );
}

const isEmpty = (results: SearchResults) =>
  results.albums.length + results.tracks.length + results.artists.length + results.playlists.length === 0;

function SongList({ tracks, playback }: { tracks: SearchTrack[]; playback: SearchPlayback }) {
  return (
    <ul className="divide-y divide-white/5 rounded-xl border border-white/10">
      {tracks.map((track) => {
        const current = playback.currentTrackId === track.id;
        const sounding = current && playback.playing;
        return (
          <li
            key={track.id}
            data-testid="search-song"
            data-track-id={track.id}
            className={cx('flex items-center gap-3 px-3 py-2', current && 'bg-white/5')}
          >
            <IconButton
              label={`${sounding ? 'Pause' : 'Play'} ${track.title}`}
              onClick={() => (current ? playback.togglePlay() : playback.playSong(track))}
              className="size-9"
            >
              {sounding ? (
                <Pause aria-hidden="true" className="size-4 fill-current text-accent" />
              ) : (
                <Play aria-hidden="true" className="size-4 fill-current" />
              )}
            </IconButton>
            <Artwork src={track.artwork ?? null} alt="" size={40} className="w-10 shrink-0" />
            <div className="min-w-0 flex-1">
              <p className={cx('truncate font-medium', current ? 'text-accent' : 'text-zinc-50')}>{track.title}</p>
              <p className="truncate text-xs text-zinc-300">
                {track.artistName}
                {track.albumTitle && (
                  <>
                    {' · '}
                    <Link to={`/album/${encodeURIComponent(track.albumId)}`} className="hover:text-zinc-50 hover:underline">
                      {track.albumTitle}
                    </Link>
                  </>
                )}
              </p>
            </div>
            <span className="shrink-0 text-sm tabular-nums text-zinc-300">{formatDuration(track.duration)}</span>
          </li>
        );
      })}
    </ul>
  );
}

function AlbumCards({ albums }: { albums: SearchAlbum[] }) {
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
      {albums.map((album) => (
        <li key={album.id} data-testid="search-album" data-album-id={album.id}>
          <Link to={`/album/${encodeURIComponent(album.id)}`} className="group block space-y-2 rounded-lg">
            <Artwork src={album.artwork ?? null} alt="" size={200} className="w-full transition group-hover:brightness-110" />
            <p className="truncate font-semibold text-zinc-50">{album.title}</p>
            <p className="truncate text-sm text-zinc-300">
              {[album.albumType, album.releaseDate?.slice(0, 4), album.artistName].filter(Boolean).join(' · ')}
            </p>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function ArtistCards({ artists }: { artists: SearchArtist[] }) {
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      {artists.map((artist) => (
        <li key={artist.id} data-testid="search-artist">
          <Link
            to={`/artist/${encodeURIComponent(artist.id)}`}
            className="flex items-center gap-4 rounded-xl border border-white/10 p-3 hover:bg-white/5"
          >
            <Artwork src={artist.avatar ?? null} alt="" kind="artist" size={64} className="w-16 shrink-0" />
            <div className="min-w-0 space-y-1">
              <p className="flex items-center gap-2 font-semibold text-zinc-50">
                {artist.name}
                {artist.isMain && <Badge>Main Artist</Badge>}
              </p>
              <p className="line-clamp-2 text-sm text-zinc-300">{artist.bio || 'No bio available'}</p>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function PlaylistCards({ playlists, playback }: { playlists: PlaylistSummary[]; playback: SearchPlayback }) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      {playlists.map((playlist) => (
        <li
          key={playlist.id}
          data-testid="search-playlist"
          data-playlist-id={playlist.id}
          className="flex gap-4 rounded-xl border border-white/10 bg-zinc-900 p-4"
        >
          <Artwork src={playlist.artwork ?? null} alt="" size={96} className="w-24 shrink-0" />
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <p className="flex items-center gap-2 font-semibold text-zinc-50">
              <ListMusic aria-hidden="true" className="size-4 shrink-0 text-accent" />
              <Link to={`/playlist/${encodeURIComponent(playlist.id)}`} className="truncate hover:underline">
                {playlist.name}
              </Link>
            </p>
            <p className="line-clamp-2 text-sm text-zinc-300">{playlist.description}</p>
            <div className="mt-auto flex items-center justify-between gap-2 pt-2">
              <span className="text-xs text-zinc-400">
                {playlist.trackCount} {playlist.trackCount === 1 ? 'song' : 'songs'}
              </span>
              <Button className="px-4 py-1.5" onClick={() => playback.playPlaylist(playlist)} aria-label={`Play playlist ${playlist.name}`}>
                <Play aria-hidden="true" className="size-4 fill-current" />
                Play
              </Button>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

function ResultsSkeleton() {
  return (
    <div role="status" className="space-y-6">
      <span className="sr-only">Searching…</span>
      <div className="space-y-2">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-12 w-full" />
        ))}
      </div>
      <CardsSkeleton />
    </div>
  );
}

function CardsSkeleton() {
  return (
    <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5" aria-hidden="true">
      {Array.from({ length: 5 }, (_, index) => (
        <Skeleton key={index} className="aspect-square w-full" />
      ))}
    </div>
  );
}
