/**
 * An album as it was at a past date and time: the admin picks the moment, the server replays the album's stream up
 * to it, and the details and tracks show read-only, with the version of the stream they reflect.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { fieldErrorsOf, HttpError, isNotFound, serverMessageOf } from '../../../lib/http';
import { formatDateTime, formatDuration, formatMoney } from '../../../lib/format';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast';
import { albumAsOfQueryOptions, type AlbumAsOf as AlbumThen } from '../api/admin-history';
import { localInputToIso, toLocalInput } from '../people/people-view';

export function AlbumAsOf({ albumId }: { albumId: string }) {
  const queryClient = useQueryClient();
  const [input, setInput] = useState(() => toLocalInput(new Date()));
  // A read, asked for by a click: the mutation's state is the replay's (pending, answer, failure), cached per moment.
  const replay = useMutation({ mutationFn: (at: string) => queryClient.fetchQuery(albumAsOfQueryOptions(albumId, at)) });
  const refused = replay.error instanceof HttpError && replay.error.status === 400;
  const fieldError = refused ? (fieldErrorsOf(replay.error).at ?? serverMessageOf(replay.error)) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    replay.mutate(localInputToIso(input), {
      onSuccess: (album) => toast({ title: `Showing version ${album.version}`, description: `As it was ${formatDateTime(album.asOf)}` }),
      onError: (error) =>
        toast({
          title: isNotFound(error) ? 'The album did not exist yet then' : 'Could not show the album then',
          description: isNotFound(error) ? undefined : (serverMessageOf(error) ?? undefined),
          variant: isNotFound(error) ? 'default' : 'destructive',
        }),
    });
  };

  return (
    <div className="space-y-4 border-t border-white/10 pt-4" data-testid="album-as-of">
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2" noValidate>
        <TextField
          label="Show the album as it was at"
          type="datetime-local"
          value={input}
          onChange={(event) => setInput(event.target.value)}
          error={fieldError}
          required
        />
        <Button type="submit" variant="secondary" disabled={!input || replay.isPending}>
          Show
        </Button>
      </form>
      {replay.isPending && <Spinner label="Replaying the album…" className="py-6" />}
      {replay.isError && !refused && (
        <p role="status" className="text-sm text-zinc-300">
          {isNotFound(replay.error)
            ? 'The album did not exist yet at that time.'
            : (serverMessageOf(replay.error) ?? 'Could not replay the album.')}
        </p>
      )}
      {replay.isSuccess && <AlbumThenView album={replay.data} />}
    </div>
  );
}

function AlbumThenView({ album }: { album: AlbumThen }) {
  const facts: Array<[string, string]> = [
    ['Title', album.title],
    ['State', album.status],
    ['Type', album.albumType],
    ['Release date', album.releaseDate ?? '—'],
    ['Access', album.access],
    ['Price', album.price === null ? '—' : formatMoney(album.price)],
    ['Member price', album.memberPrice === null ? '—' : formatMoney(album.memberPrice)],
    ['Toko+ exclusive', album.isExclusive ? 'Yes' : 'No'],
    ['Copyright', album.copyright ?? '—'],
    ['Description', album.description ?? '—'],
  ];
  return (
    <section aria-label={`The album as it was ${formatDateTime(album.asOf)}`} className="space-y-3" data-testid="album-then">
      <p className="text-sm text-zinc-300">
        As it was {formatDateTime(album.asOf)} (version {album.version}). Read-only.
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-zinc-400">{term}</dt>
            <dd className="whitespace-pre-line text-zinc-100">{value}</dd>
          </div>
        ))}
      </dl>
      <ol className="divide-y divide-white/5 rounded-xl border border-white/10 text-sm">
        {album.tracks.map((track) => (
          <li key={track.id} className="flex justify-between gap-3 px-4 py-2">
            <span>
              {track.trackNumber}. {track.title}
            </span>
            <span className="tabular-nums text-zinc-400">{formatDuration(track.duration)}</span>
          </li>
        ))}
        {album.tracks.length === 0 && <li className="px-4 py-2 text-zinc-400">No tracks then.</li>}
      </ol>
    </section>
  );
}
