/**
 * The trace of a correlation id (/sync-manager/trace/:id): the request as its events tell it (who, when), every event
 * it appended in any stream, what each consumer made of them (a projector's checkpoint, a reactor's mail), and the
 * mails sent. Plays and old events are not indexed: the page says so.
 */
import { Mail, Route as RouteIcon, SearchX } from 'lucide-react';
import { useNavigate, useParams } from 'react-router';
import { cx } from '../../../lib/class-names';
import { formatDateTime } from '../../../lib/format';
import { isNotFound, serverMessageOf } from '../../../lib/http';
import { Spinner } from '../../../ui/spinner';
import { ReadFailed, StateBox } from '../../../ui/status-message';
import { OpsSearch } from './ops-search';
import { useTrace, type TracedEvent } from './event-log-api';
import { EventList, tracePath } from './event-log-page';

type EffectStatus = TracedEvent['effects'][number]['status'];

const effectTones: Record<EffectStatus, string> = {
  applied: 'bg-emerald-500/15 text-emerald-200',
  done: 'bg-emerald-500/15 text-emerald-200',
  running: 'bg-amber-500/15 text-amber-200',
  pending: 'bg-amber-500/15 text-amber-200',
  unrecorded: 'bg-white/10 text-zinc-300',
};

export function TracePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();

  return (
    <section className="space-y-5" aria-labelledby="trace-heading" data-testid="ops-trace">
      <h2 id="trace-heading" className="text-xl font-bold text-zinc-50">
        Trace a correlation id
      </h2>
      <OpsSearch
        id="trace-id"
        name="correlationId"
        label="Correlation id"
        icon={RouteIcon}
        action="Trace"
        initial={id}
        onSearch={(wanted) => wanted && void navigate(tracePath(wanted))}
        mono
      />
      {id ? (
        <Trace correlationId={id} />
      ) : (
        <StateBox icon={RouteIcon} tone="quiet" title="Give a correlation id, or follow one from an event." />
      )}
    </section>
  );
}

function Trace({ correlationId }: { correlationId: string }) {
  const trace = useTrace(correlationId);
  if (trace.isPending) return <Spinner label="Following the request…" className="py-12" />;
  if (trace.isError)
    return isNotFound(trace.error) ? (
      <StateBox icon={SearchX} tone="quiet" title={serverMessageOf(trace.error) ?? `Nothing is recorded under ${correlationId}.`} />
    ) : (
      <ReadFailed title="The trace could not be read." onRetry={() => void trace.refetch()} />
    );
  const { request, events, mails, note } = trace.data;
  return (
    <div className="space-y-5">
      <dl className="grid gap-x-6 gap-y-1 rounded-xl border border-white/10 bg-white/[0.03] p-4 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-zinc-400">Request</dt>
        <dd className="font-mono text-zinc-50">{correlationId}</dd>
        {request.route && (
          <>
            <dt className="text-zinc-400">Route</dt>
            <dd className="font-mono text-zinc-50" data-testid="ops-trace-route">
              {request.route}
            </dd>
          </>
        )}
        <dt className="text-zinc-400">By</dt>
        <dd className="text-zinc-50">{request.actor}</dd>
        <dt className="text-zinc-400">Received</dt>
        <dd className="text-zinc-50">
          <time dateTime={request.at}>{formatDateTime(request.at)}</time>
        </dd>
        <dt className="text-zinc-400">Appended</dt>
        <dd className="text-zinc-50">
          {events.length} event{events.length === 1 ? '' : 's'} in {new Set(events.map((e) => e.streamId)).size} stream
          {new Set(events.map((e) => e.streamId)).size === 1 ? '' : 's'}
        </dd>
      </dl>

      <section aria-labelledby="trace-events" className="space-y-2">
        <h3 id="trace-events" className="font-semibold text-zinc-50">
          Events and what the consumers made of them
        </h3>
        <EventList events={events} showStream />
        <ul className="space-y-2 text-xs" data-testid="ops-trace-effects">
          {events.map((event) => (
            <li key={`${event.streamId}:${event.version}`} className="flex flex-wrap items-center gap-1.5">
              <span className="mr-1 text-zinc-300">
                {event.type} <span className="font-mono text-zinc-400">{event.streamId}</span>:
              </span>
              {event.effects.length === 0 && <span className="text-zinc-400">no consumer</span>}
              {event.effects.map((effect) => (
                <span
                  key={effect.consumer}
                  className={cx('rounded-full px-2 py-0.5', effectTones[effect.status])}
                  title={effect.detail ?? undefined}
                  data-consumer={effect.consumer}
                >
                  {effect.consumer}: {effect.status}
                </span>
              ))}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="trace-mails" className="space-y-2" data-testid="ops-trace-mails">
        <h3 id="trace-mails" className="font-semibold text-zinc-50">
          Mails sent
        </h3>
        {mails.length === 0 ? (
          <p className="text-sm text-zinc-400">No mail was sent for this request.</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {mails.map((mail) => (
              <li key={mail.effect} className="flex items-center gap-2 text-zinc-200">
                <Mail aria-hidden="true" className="size-4 text-accent" />
                <span className="font-mono text-xs">{mail.effect}</span> by {mail.consumer}
                {mail.status === 'running' && <span className="text-amber-200">(sending)</span>}
              </li>
            ))}
          </ul>
        )}
      </section>
      <p className="text-xs text-zinc-400">{note}</p>
    </div>
  );
}
