/**
 * A release's tracks in order. Reorder by dragging a row or, from the keyboard, with each row's move buttons; rename
 * in place; edit lyrics in a dialog; attach or remove an instrumental; play a ready track of an unreleased draft on the
 * band page; remove. The server answers the new order, which
 * the list then shows. A draft takes new tracks by upload; while any track is processing the release is polled, and
 * each verdict is toasted.
 */
import { GripVertical, ListMusic, Radio, Trash2 } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { fieldErrorsOf, serverMessageOf } from '../../../lib/http';
import { formatDuration } from '../../../lib/format';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { EmptyState } from '../../../ui/status-message';
import { toast } from '../../../ui/toast';
import {
  releaseQueryOptions,
  useChangeTrack,
  useRemoveTrack,
  useReorderTracks,
  useShowOnBandPage,
  type AdminRelease,
  type AdminTrack,
} from '../api/admin-catalogue';
import { moveItem } from '../table/move-item';
import { TextAreaField } from './fields';
import { formText } from './form-text';
import { TrackInstrumental } from './track-instrumental';
import { TrackUploads } from './track-uploads';
import { MoveButtons } from './move-buttons';

/** How often a release with a track still processing is read again. */
const PROCESSING_POLL_MS = 1500;

/** Polls the release while a track is processing, and toasts each track that turns ready or refused. */
function useProcessingVerdicts(release: AdminRelease) {
  useQuery({
    ...releaseQueryOptions(release.id),
    refetchInterval: (query) => (query.state.data?.tracks.some((t) => t.status === 'processing') ? PROCESSING_POLL_MS : false),
  });
  const seen = useRef(new Map(release.tracks.map((t) => [t.id, t.status])));
  useEffect(() => {
    for (const track of release.tracks) {
      const before = seen.current.get(track.id);
      if (before === 'processing' && track.status === 'ready') toast({ title: `${track.title} is ready`, variant: 'success' });
      if (before === 'processing' && track.status === 'refused')
        toast({ title: `${track.title} was refused`, description: track.refusal ?? undefined, variant: 'destructive' });
      seen.current.set(track.id, track.status);
    }
  }, [release.tracks]);
}

const failed = (title: string) => (error: unknown) =>
  toast({ title, description: serverMessageOf(error) ?? undefined, variant: 'destructive' });

export function TrackList({ release }: { release: AdminRelease }) {
  const reorder = useReorderTracks(release.id);
  const remove = useRemoveTrack(release.id);
  const [dragged, setDragged] = useState<number | null>(null);
  const [lyricsOf, setLyricsOf] = useState<AdminTrack | null>(null);
  const tracks = release.tracks;
  useProcessingVerdicts(release);

  const move = (from: number, to: number) => {
    if (to < 0 || to >= tracks.length || from === to) return;
    reorder.mutate(
      moveItem(tracks, from, to).map((track) => track.id),
      { onSuccess: () => toast({ title: 'Track order saved', variant: 'success' }), onError: failed('Could not reorder the tracks') },
    );
  };

  return (
    <section aria-labelledby="release-tracks" className="space-y-3" data-testid="release-tracks">
      <h2 id="release-tracks" className="text-lg font-bold text-zinc-50">
        Tracks
      </h2>
      {release.status === 'draft' && <TrackUploads releaseId={release.id} />}
      {tracks.length === 0 ? (
        <EmptyState icon={ListMusic} title="No tracks yet" />
      ) : (
        <ol className="divide-y divide-white/5 rounded-xl border border-white/10" aria-busy={reorder.isPending}>
          {tracks.map((track, index) => (
            <li
              key={track.id}
              draggable
              onDragStart={() => setDragged(index)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={() => {
                if (dragged !== null) move(dragged, index);
                setDragged(null);
              }}
              onDragEnd={() => setDragged(null)}
              className="flex flex-wrap items-center gap-3 px-3 py-2.5"
              data-testid="release-track"
            >
              <GripVertical aria-hidden="true" className="size-4 cursor-grab text-zinc-500" />
              <span className="w-6 text-right tabular-nums text-zinc-400">{index + 1}</span>
              <TrackTitle releaseId={release.id} track={track} />
              <span className="text-sm tabular-nums text-zinc-300">{track.duration ? formatDuration(track.duration) : '—'}</span>
              <TrackState track={track} />
              {release.status === 'draft' && <TrackInstrumental releaseId={release.id} track={track} />}
              {(release.status === 'draft' || release.status === 'scheduled') && track.status === 'ready' && (
                <BandPageToggle releaseId={release.id} track={track} />
              )}
              <div className="flex items-center gap-1">
                <Button variant="ghost" className="px-2 py-1.5" onClick={() => setLyricsOf(track)}>
                  Lyrics
                </Button>
                <MoveButtons label={track.title} index={index} count={tracks.length} disabled={reorder.isPending} onMove={move} />
                {release.status === 'draft' && (
                  <Button
                    variant="ghost"
                    className="px-2 py-1.5"
                    aria-label={`Remove ${track.title}`}
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(track.id, {
                        onSuccess: () => toast({ title: 'Track removed' }),
                        onError: failed('Could not remove the track'),
                      })
                    }
                    icon={Trash2}
                  ></Button>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
      {lyricsOf && <LyricsDialog releaseId={release.id} track={lyricsOf} onClose={() => setLyricsOf(null)} />}
    </section>
  );
}

/** Whether the band page plays this unreleased track, for anyone who opens it; the track leaves it when released. */
function BandPageToggle({ releaseId, track }: { releaseId: string; track: AdminTrack }) {
  const show = useShowOnBandPage(releaseId);
  const shown = track.onBandPage;
  return (
    <Button
      variant={shown ? 'primary' : 'secondary'}
      className="px-2.5 py-1.5 text-xs"
      aria-pressed={shown}
      aria-label={`Play ${track.title} on the band page`}
      disabled={show.isPending}
      icon={Radio}
      onClick={() =>
        show.mutate(
          { trackId: track.id, shown: !shown },
          {
            onSuccess: () =>
              toast({ title: shown ? `${track.title} is off the band page` : `${track.title} plays on the band page`, variant: 'success' }),
            onError: failed('Could not change the band page'),
          },
        )
      }
      data-testid="band-page-toggle"
    >
      {shown ? 'On the band page' : 'Play on the band page'}
    </Button>
  );
}

function TrackState({ track }: { track: AdminTrack }) {
  if (track.status === 'ready')
    return (
      <span className="text-xs font-semibold uppercase text-emerald-300" data-testid="track-status">
        {track.format ?? 'ready'}
      </span>
    );
  if (track.status === 'processing')
    return (
      <span className="text-xs font-semibold text-sky-300" data-testid="track-status">
        Processing…
      </span>
    );
  return (
    <span role="alert" className="text-sm text-red-300" data-testid="track-status">
      {track.refusal ?? 'This file could not be used'}
    </span>
  );
}

/** The title, renamed in place: saved on Enter or when the field loses focus, put back on Escape. */
function TrackTitle({ releaseId, track }: { releaseId: string; track: AdminTrack }) {
  const change = useChangeTrack(releaseId);
  const [title, setTitle] = useState(track.title);
  const save = () => {
    const next = title.trim();
    if (next === track.title) return;
    change.mutate(
      { trackId: track.id, title: next },
      { onSuccess: () => toast({ title: 'Track renamed', variant: 'success' }), onError: failed('Could not rename the track') },
    );
  };
  const error = fieldErrorsOf(change.error).title;
  return (
    <div className="min-w-40 flex-1">
      <input
        aria-label={`Title of track ${track.trackNumber}`}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        onBlur={save}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.currentTarget.blur();
          if (event.key === 'Escape') setTitle(track.title);
        }}
        aria-invalid={error ? true : undefined}
        className="w-full rounded-md border border-transparent bg-transparent px-2 py-1 text-zinc-50 hover:border-white/15 focus:border-accent focus:outline-none"
      />
      {error && <p className="px-2 text-sm text-red-300">{error}</p>}
    </div>
  );
}

function LyricsDialog({ releaseId, track, onClose }: { releaseId: string; track: AdminTrack; onClose: () => void }) {
  const change = useChangeTrack(releaseId);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const lyrics = formText(new FormData(event.currentTarget), 'lyrics');
    change.mutate(
      { trackId: track.id, lyrics: lyrics || null },
      {
        onSuccess: () => {
          toast({ title: 'Lyrics saved', variant: 'success' });
          onClose();
        },
        onError: failed('Could not save the lyrics'),
      },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Lyrics: ${track.title}`} size="lg">
      <form onSubmit={submit} className="mt-4 space-y-4">
        <TextAreaField
          label="Lyrics"
          name="lyrics"
          rows={12}
          defaultValue={track.lyrics ?? ''}
          error={fieldErrorsOf(change.error).lyrics}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Saving…' : 'Save lyrics'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
