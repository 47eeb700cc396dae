/** /music: browse the catalogue, the label's playlists, albums or artists, with a search box that opens the search page. */
import * as Tabs from '@radix-ui/react-tabs';
import { Disc3, Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useAlbums } from '../../features/albums/api/get-albums';
import { AlbumCard, albumGridClass, AlbumGridSkeleton } from '../../features/albums/components/album-card';
import { ArtistsGrid } from '../../features/artists/components/artists-grid';
import { SEARCH_PLACEHOLDER, searchPath } from '../../features/search/components/header-search';
import { PlaylistShelf } from '../../features/search/components/playlist-shelf';
import { useDocumentTitle } from '../../lib/document-title';
import { Button } from '../../ui/button';
import { EmptyState, ErrorState } from '../../ui/status-message';
import { usePlayAlbumFromCard } from '../album-playback';

const tabClass =
  'rounded-full px-4 py-2 text-sm font-semibold text-zinc-300 transition hover:text-zinc-50 data-[state=active]:bg-zinc-50 data-[state=active]:text-zinc-950';

export function MusicRoute() {
  useDocumentTitle('Music');
  const navigate = useNavigate();
  const [text, setText] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const path = searchPath(text);
    if (path) void navigate(path);
  };

  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-extrabold text-zinc-50">Music</h1>
      <form role="search" onSubmit={submit} className="flex max-w-xl gap-2" data-testid="music-search">
        <label className="relative flex-1">
          <span className="sr-only">Search the music</span>
          <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-zinc-400" />
          <input
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={SEARCH_PLACEHOLDER}
            enterKeyHint="search"
            className="h-11 w-full rounded-full border border-white/10 bg-white/5 pl-9 pr-4 text-sm text-zinc-50 placeholder:text-zinc-400 focus:border-accent focus:outline-none"
          />
        </label>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      <PlaylistShelf />
      <Tabs.Root defaultValue="albums" className="space-y-6">
        <Tabs.List aria-label="Browse" className="inline-flex gap-1 rounded-full bg-white/5 p-1">
          <Tabs.Trigger value="albums" className={tabClass}>
            Albums
          </Tabs.Trigger>
          <Tabs.Trigger value="artists" className={tabClass}>
            Artists
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="albums" className="focus:outline-none">
          <AllAlbums />
        </Tabs.Content>
        <Tabs.Content value="artists" className="focus:outline-none">
          <ArtistsGrid variant="roster" />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}

function AllAlbums() {
  const albums = useAlbums();
  const playAlbum = usePlayAlbumFromCard();
  if (albums.isPending) return <AlbumGridSkeleton count={10} />;
  if (albums.isError)
    return <ErrorState title="The albums could not be loaded" error={albums.error} onRetry={() => void albums.refetch()} />;
  if (albums.data.length === 0)
    return (
      <EmptyState icon={Disc3} title="No albums yet">
        New releases will appear here.
      </EmptyState>
    );
  return (
    <ul className={albumGridClass}>
      {albums.data.map((album) => (
        <li key={album.id}>
          <AlbumCard album={album} onPlay={playAlbum} />
        </li>
      ))}
    </ul>
  );
}
