/**
 * One curated playlist in the editor: its name and description, its songs in order (moved up and down with buttons,
 * from the keyboard too, or removed), songs found in the catalogue added at the end, and publishing it for listeners
 * or taking it back to a draft. Every change is saved at once and the server's answer is what the page shows.
 */
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ListMusic, Plus, Search, Trash2 } from 'lucide-react';
import { useDeferredValue, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatDuration } from '../../../lib/format';
import { fieldErrorsOf, serverMessageOf } from '../../../lib/http';
import { Artwork } from '../../../ui/artwork';
import { Button } from '../../../ui/button';
import { LoadingStatus, Skeleton } from '../../../ui/skeleton';
import { Spinner } from '../../../ui/spinner';
import { EmptyState, ErrorState } from '../../../ui/status-message';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast';
import {
  adminPlaylistQueryOptions,
  useCatalogueSongs,
  useChangePlaylist,
  usePublishPlaylist,
  useSetPlaylistTracks,
  type AdminPlaylist,
  type PlaylistTrackRef,
} from '../api/admin-playlists';
import { moveItem } from '../table/move-item';
import { TextAreaField } from './fields';
import { formText } from './form-text';
import { PlaylistStateBadge } from './playlists-page';
import { MoveButtons } from './move-buttons';

const failed = (title: string) => (error: unknown) =>
  toast({ title, description: serverMessageOf(error) ?? undefined, variant: 'destructive' });

export function PlaylistEditor() {
  const { playlistId = '' } = useParams();
  const playlist = useQuery(adminPlaylistQueryOptions(playlistId));
  useDocumentTitle(playlist.data ? `${playlist.data.name} · Playlists` : 'Playlist');
  if (playlist.isPending) return <Spinner label="Loading the playlist…" className="py-16" />;
  if (playlist.isError)
    return <ErrorState title="Could not load this playlist" error={playlist.error} onRetry={() => void playlist.refetch()} />;
  const current = playlist.data;
  return (
    <article className="min-w-0 space-y-8" aria-labelledby="playlist-title" data-testid="playlist-editor">
      <div className="space-y-3">
        <Link to="/admin/playlists" className="inline-flex items-center gap-1 text-sm text-zinc-300 hover:text-zinc-50">
          <ArrowLeft aria-hidden="true" className="size-4" />
          All playlists
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h1 id="playlist-title" className="min-w-0 break-words text-2xl font-extrabold text-zinc-50">
            {current.name}
          </h1>
          <PlaylistStateBadge published={current.published} />
        </div>
      </div>
      <PublishControl playlist={current} />
      <DetailsForm key={`${current.name}\n${current.description}`} playlist={current} />
      <PlaylistSongs playlist={current} />
      <AddSongs playlist={current} />
    </article>
  );
}

function PublishControl({ playlist }: { playlist: AdminPlaylist }) {
  const publish = usePublishPlaylist(playlist.id);
  const toggle = () =>
    publish.mutate(!playlist.published, {
      onSuccess: (saved) =>
        toast({
          title: saved.published ? 'Published: listeners can find it now' : 'Unpublished: listeners no longer see it',
          variant: 'success',
        }),
      onError: failed(playlist.published ? 'Could not unpublish it' : 'Could not publish it'),
    });
  return (
    <section aria-label="Publishing" className="flex flex-wrap items-center gap-3 rounded-xl border border-white/10 p-4">
      <p className="min-w-0 flex-1 text-sm text-zinc-300">
        {playlist.published
          ? 'Listeners find this playlist in search and on the music page.'
          : playlist.tracks.length === 0
            ? 'A draft: add songs, then publish it for listeners.'
            : 'A draft: only the staff see it until it is published.'}
      </p>
      <Button
        variant={playlist.published ? 'secondary' : 'primary'}
        onClick={toggle}
        disabled={publish.isPending || (!playlist.published && playlist.tracks.length === 0)}
        data-testid="playlist-publish"
      >
        {playlist.published ? 'Unpublish' : 'Publish'}
      </Button>
    </section>
  );
}

function DetailsForm({ playlist }: { playlist: AdminPlaylist }) {
  const change = useChangePlaylist();
  const errors = fieldErrorsOf(change.error);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    change.mutate(
      { id: playlist.id, name: formText(form, 'name'), description: formText(form, 'description') },
      { onSuccess: () => toast({ title: 'Playlist saved', variant: 'success' }), onError: failed('Not saved') },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-labelledby="playlist-details" data-testid="playlist-details">
      <h2 id="playlist-details" className="text-lg font-bold text-zinc-50">
        Details
      </h2>
      <TextField label="Name" name="name" defaultValue={playlist.name} error={errors.name} required maxLength={120} />
      <TextAreaField
        label="Description"
        name="description"
        defaultValue={playlist.description}
        error={errors.description}
        maxLength={2000}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Saving…' : 'Save details'}
        </Button>
      </div>
    </form>
  );
}

function PlaylistSongs({ playlist }: { playlist: AdminPlaylist }) {
  const setTracks = useSetPlaylistTracks(playlist.id);
  const tracks = playlist.tracks;
  const save = (next: PlaylistTrackRef[], done: string) =>
    setTracks.mutate(next, { onSuccess: () => toast({ title: done, variant: 'success' }), onError: failed('Could not change the songs') });
  const move = (from: number, to: number) => {
    if (to < 0 || to >= tracks.length) return;
    save(moveItem(tracks, from, to), 'Song order saved');
  };
  return (
    <section aria-labelledby="playlist-songs" className="space-y-3" data-testid="playlist-songs">
      <h2 id="playlist-songs" className="text-lg font-bold text-zinc-50">
        Songs
      </h2>
      {tracks.length === 0 ? (
        <EmptyState icon={ListMusic} title="No songs yet">
          Find songs in the catalogue below and add them.
        </EmptyState>
      ) : (
        <ol className="divide-y divide-white/5 rounded-xl border border-white/10" aria-busy={setTracks.isPending}>
          {tracks.map((track, index) => (
            <li key={track.trackId} className="flex items-center gap-3 px-3 py-2.5" data-testid="playlist-song">
              <span className="w-6 shrink-0 text-right tabular-nums text-zinc-400">{index + 1}</span>
              <Artwork src={track.artwork} alt="" size={40} className="hidden w-10 shrink-0 sm:block" />
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold text-zinc-50">{track.title}</p>
                <p className="truncate text-sm text-zinc-300">
                  {track.available ? `${track.artistName} · ${track.albumTitle}` : 'Its album is no longer out: listeners skip it'}
                </p>
              </div>
              <span className="hidden text-sm tabular-nums text-zinc-300 sm:inline">
                {track.duration ? formatDuration(track.duration) : '—'}
              </span>
              <div className="flex shrink-0 items-center">
                <MoveButtons label={track.title} index={index} count={tracks.length} disabled={setTracks.isPending} onMove={move} />
                <Button
                  variant="ghost"
                  className="px-2 py-1.5"
                  aria-label={`Remove ${track.title}`}
                  disabled={setTracks.isPending || (playlist.published && tracks.length === 1)}
                  title={playlist.published && tracks.length === 1 ? 'A published playlist keeps at least one song' : undefined}
                  onClick={() =>
                    save(
                      tracks.filter((_, i) => i !== index),
                      `${track.title} removed`,
                    )
                  }
                  icon={Trash2}
                ></Button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function AddSongs({ playlist }: { playlist: AdminPlaylist }) {
  const [text, setText] = useState('');
  const query = useDeferredValue(text);
  const songs = useCatalogueSongs(query);
  const setTracks = useSetPlaylistTracks(playlist.id);
  const inPlaylist = new Set(playlist.tracks.map((t) => t.trackId));
  const add = (song: PlaylistTrackRef & { title: string }) =>
    setTracks.mutate([...playlist.tracks, { trackId: song.trackId, albumId: song.albumId }], {
      onSuccess: () => toast({ title: `${song.title} added`, variant: 'success' }),
      onError: failed('Could not add the song'),
    });
  return (
    <section aria-labelledby="playlist-add" className="space-y-3" data-testid="playlist-add-songs">
      <h2 id="playlist-add" className="text-lg font-bold text-zinc-50">
        Add songs
      </h2>
      <TextField
        label="Find songs in the catalogue"
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="A song, an album or an artist"
        className="max-w-xl"
        data-testid="playlist-song-search"
      />
      {!query.trim() ? null : songs.isPending ? (
        <LoadingStatus label="Searching…" className="space-y-2">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </LoadingStatus>
      ) : songs.isError ? (
        <ErrorState title="The catalogue could not be searched" error={songs.error} onRetry={() => void songs.refetch()} />
      ) : songs.data.length === 0 ? (
        <EmptyState icon={Search} title="No songs match">
          Try another title, album or artist.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-white/5 rounded-xl border border-white/10" data-testid="playlist-song-results">
          {songs.data.map((song) => {
            const added = inPlaylist.has(song.id);
            return (
              <li key={song.id} className="flex items-center gap-3 px-3 py-2.5" data-testid="playlist-song-result">
                <Artwork src={song.artwork} alt="" size={40} className="hidden w-10 shrink-0 sm:block" />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-semibold text-zinc-50">{song.title}</p>
                  <p className="truncate text-sm text-zinc-300">
                    {song.artistName} · {song.albumTitle}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  className="shrink-0 px-3 py-1.5"
                  icon={Plus}
                  disabled={added || setTracks.isPending}
                  aria-label={added ? `${song.title} is in the playlist` : `Add ${song.title}`}
                  onClick={() => add({ trackId: song.id, albumId: song.albumId, title: song.title })}
                >
                  {added ? 'Added' : 'Add'}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
