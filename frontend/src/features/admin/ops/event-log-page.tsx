/**
 * The event log (/sync-manager/events): find a stream by its id, or a listener's streams by their e-mail, and read a
 * stream's events with their data and meta, oldest first, a page at a time. The search and the chosen stream live in
 * the URL; each event's correlation id leads to its trace. A stream can be re-projected (healed) in each projection
 * that reads it.
 */
import { ScrollText, Search, SearchX } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { cx } from '../../../lib/class-names';
import { formatDateTime } from '../../../lib/format';
import { HttpError, isNotFound, serverMessageOf } from '../../../lib/http';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { ReadFailed, StateBox } from '../../../ui/status-message';
import { OpsSearch } from './ops-search';
import { useStreamEvents, useStreams, type LoggedEvent } from './event-log-api';
import { HealButton } from './heal-button';

const STREAM_ID = /^[a-z][a-z-]*#\S+$/;

export const tracePath = (correlationId: string) => `/sync-manager/trace/${encodeURIComponent(correlationId)}`;
export const streamPath = (streamId: string) => `/sync-manager/events?${new URLSearchParams({ q: streamId, stream: streamId }).toString()}`;

export function EventLogPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const stream = params.get('stream') ?? '';
  // A stream id opens that stream at once; an e-mail lists the listener's streams to choose from.
  const search = (wanted: string) => setParams(wanted ? { q: wanted, ...(STREAM_ID.test(wanted) ? { stream: wanted } : {}) } : {});
  const choose = (streamId: string) => setParams({ q, stream: streamId });

  return (
    <section className="space-y-5" aria-labelledby="event-log-heading" data-testid="ops-event-log">
      <h2 id="event-log-heading" className="text-xl font-bold text-zinc-50">
        Event log
      </h2>
      <OpsSearch
        id="event-log-q"
        name="q"
        label="Stream id or listener's e-mail"
        icon={Search}
        action="Find"
        initial={q}
        onSearch={search}
        placeholder="order#…, user#…, ada@example.com"
      />
      {q && !STREAM_ID.test(q) && <StreamList q={q} chosen={stream} onChoose={choose} />}
      {stream ? (
        <StreamEvents streamId={stream} />
      ) : (
        !q && <StateBox icon={ScrollText} tone="quiet" title="Find a stream by its id, or a listener's streams by their e-mail." />
      )}
    </section>
  );
}

function StreamList({ q, chosen, onChoose }: { q: string; chosen: string; onChoose: (streamId: string) => void }) {
  const found = useStreams(q);
  if (found.isPending) return <Spinner label="Looking…" className="py-8" />;
  if (found.isError)
    return isNotFound(found.error) || (found.error instanceof HttpError && found.error.status === 400) ? (
      <StateBox icon={SearchX} tone="quiet" title={serverMessageOf(found.error) ?? `Nothing found for “${q}”.`} />
    ) : (
      <ReadFailed title="The search failed." onRetry={() => void found.refetch()} />
    );
  return (
    <div className="space-y-2" data-testid="ops-streams">
      <p className="text-sm text-zinc-300">
        {found.data.streams.length} stream{found.data.streams.length === 1 ? '' : 's'} of listener <code>{found.data.userId}</code> (plays
        and listening of the last 30 days)
      </p>
      <ul className="flex flex-wrap gap-2">
        {found.data.streams.map((s) => (
          <li key={s.streamId}>
            <Button
              variant={s.streamId === chosen ? 'primary' : 'secondary'}
              aria-pressed={s.streamId === chosen}
              onClick={() => onChoose(s.streamId)}
              className="font-mono text-xs"
            >
              {s.streamId} <span className="opacity-70">v{s.version}</span>
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function StreamEvents({ streamId }: { streamId: string }) {
  const pages = useStreamEvents(streamId);
  const heading = (
    <h3 className="font-mono text-base font-semibold text-zinc-50">
      {streamId}
      {pages.data && <span className="ml-2 font-sans text-sm font-normal text-zinc-400">{pages.data.pages[0].version} events</span>}
    </h3>
  );
  if (pages.isPending)
    return (
      <div className="space-y-2">
        {heading}
        <Spinner label="Reading the stream…" className="py-8" />
      </div>
    );
  if (pages.isError)
    return isNotFound(pages.error) || (pages.error instanceof HttpError && pages.error.status === 400) ? (
      <StateBox icon={SearchX} tone="quiet" title={serverMessageOf(pages.error) ?? `The event log has no stream ${streamId}.`} />
    ) : (
      <ReadFailed title="The stream could not be read." onRetry={() => void pages.refetch()} />
    );
  const events = pages.data.pages.flatMap((page) => page.events);
  return (
    <div className="space-y-3" data-testid="ops-stream" data-stream={streamId}>
      {heading}
      {pages.data.pages[0].projections.length > 0 && (
        <div className="flex flex-wrap items-center gap-2" data-testid="ops-stream-heal">
          <span className="text-sm text-zinc-300">Re-project this stream in</span>
          {pages.data.pages[0].projections.map((projection) => (
            <HealButton key={projection} projection={projection} streamId={streamId} label={projection} />
          ))}
        </div>
      )}
      <EventList events={events} />
      {pages.hasNextPage && (
        <Button variant="secondary" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
          {pages.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      )}
    </div>
  );
}

/** Events with their type, version, time, actor and correlation id; data and meta open as JSON. */
export function EventList({ events, showStream = false }: { events: LoggedEvent[]; showStream?: boolean }) {
  return (
    <ol className="divide-y divide-white/5 rounded-xl border border-white/10">
      {events.map((event) => (
        <li key={`${event.streamId}:${event.version}`} className="space-y-1 px-4 py-3 text-sm" data-event={event.type}>
          <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span className="font-semibold text-zinc-50">{event.type}</span>
            {showStream ? (
              <Link to={streamPath(event.streamId)} className="font-mono text-xs text-accent hover:underline">
                {event.streamId} v{event.version}
              </Link>
            ) : (
              <span className="tabular-nums text-zinc-400">v{event.version}</span>
            )}
            <time dateTime={event.meta.at} className="text-zinc-300">
              {formatDateTime(event.meta.at)}
            </time>
            <span className="text-zinc-300">by {event.meta.actor}</span>
            <Link
              to={tracePath(event.meta.correlationId)}
              className={cx('font-mono text-xs text-accent hover:underline')}
              aria-label={`Trace correlation id ${event.meta.correlationId}`}
            >
              {event.meta.correlationId}
            </Link>
          </p>
          <details className="group">
            <summary className="cursor-pointer text-xs text-zinc-400 hover:text-zinc-200">Data and meta</summary>
            <pre className="mt-2 max-h-80 overflow-auto rounded-lg bg-black/40 p-3 text-xs text-zinc-200">
              {JSON.stringify({ data: event.data, meta: event.meta, schemaVersion: event.schemaVersion }, null, 2)}
            </pre>
          </details>
        </li>
      ))}
    </ol>
  );
}
