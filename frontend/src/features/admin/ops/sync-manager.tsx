/**
 * The sync manager (/sync-manager), in five tabs. Consumers: every consumer of the event log with its lag, throughput,
 * errors, dead letters and health, refreshed by itself; lag over the last hour as a chart; a consumer's dead letters
 * (why each died, which streams they hold) and their redrive, counted by a dry run and confirmed first. The chosen
 * consumer lives in the URL; the suspicious plays (refused play reports) of the last hour and day. Event log (/sync-manager/events), Trace (/sync-manager/trace/:id), Drift
 * (/sync-manager/drift) and Rebuilds (/sync-manager/rebuilds): their own files.
 */
import {
  Activity,
  AlertTriangle,
  ArrowLeft,
  CheckCircle2,
  Inbox,
  Layers,
  RefreshCcw,
  Route as RouteIcon,
  ScanSearch,
  ScrollText,
  Undo2,
} from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, Navigate, Route, Routes, useSearchParams } from 'react-router';
import { serverMessageOf } from '../../../lib/http';
import { cx } from '../../../lib/class-names';
import { Button, buttonClass } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { Spinner } from '../../../ui/spinner';
import { ReadFailed, StateBox } from '../../../ui/status-message';
import { toast } from '../../../ui/toast';
import { DashboardChart, type ChartAxis } from '../dashboard/dashboard-chart';
import { SectionTabs } from '../components/section-tabs';
import { DriftPanel } from './drift-panel';
import { EventLogPage, tracePath } from './event-log-page';
import { redrive, useConsumers, useDeadLetters, useRedrive, type ConsumerHealth, type ConsumerStatus, type RecentError } from './ops-api';
import { RebuildsPanel } from './rebuilds-panel';
import { SuspiciousPlays } from './suspicious-plays-panel';
import { TracePage } from './trace-page';

const tabs = [
  { to: '/sync-manager', label: 'Consumers', icon: Activity },
  { to: '/sync-manager/events', label: 'Event log', icon: ScrollText },
  { to: '/sync-manager/trace', label: 'Trace', icon: RouteIcon },
  { to: '/sync-manager/drift', label: 'Drift', icon: ScanSearch },
  { to: '/sync-manager/rebuilds', label: 'Rebuilds', icon: Layers },
] as const;

const minuteAxis: ChartAxis = {
  label: 'Minute',
  seconds: (minute) => Date.parse(`${minute}:00.000Z`) / 1000,
  text: (seconds) => new Date(seconds * 1000).toISOString().slice(11, 16),
};

const healthTones: Record<ConsumerHealth, string> = {
  ok: 'bg-emerald-500/15 text-emerald-200',
  lagging: 'bg-amber-500/15 text-amber-200',
  failing: 'bg-red-500/15 text-red-200',
};

function HealthBadge({ health }: { health: ConsumerHealth }) {
  return <span className={cx('rounded-full px-2.5 py-0.5 text-xs font-semibold', healthTones[health])}>{health}</span>;
}

const age = (seconds: number | null) =>
  seconds === null
    ? '–'
    : seconds < 90
      ? `${Math.round(seconds)} s`
      : seconds < 5400
        ? `${Math.round(seconds / 60)} min`
        : `${Math.round(seconds / 3600)} h`;
const percent = (share: number) => `${Math.round(share * 100)}%`;
const seconds = (value: number) => `${value.toFixed(1)} s`;

/** The hour's minutes of one consumer, or of all of them (the longest wait, the sum of records). */
function lagSeries(consumers: ConsumerStatus[]) {
  const minutes = new Map<string, { wait: number; processed: number }>();
  for (const c of consumers)
    for (const m of c.lag) {
      const at = minutes.get(m.minute) ?? { wait: 0, processed: 0 };
      minutes.set(m.minute, { wait: Math.max(at.wait, m.meanWaitSeconds), processed: at.processed + m.processed + m.failed });
    }
  const points = [...minutes.keys()].sort();
  return {
    points,
    wait: points.map((p) => minutes.get(p)!.wait),
    processed: points.map((p) => minutes.get(p)!.processed),
  };
}

export function SyncManager() {
  return (
    <section className="space-y-6" data-testid="admin-area" data-area="sync-manager">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="flex items-center gap-3 text-3xl font-extrabold text-zinc-50">
          <RefreshCcw aria-hidden="true" className="size-8 text-accent" />
          Sync Manager
        </h1>
        <Link to="/admin" className={buttonClass('secondary')}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Admin panel
        </Link>
      </div>
      <SectionTabs label="Sync manager sections" sections={tabs} home="/sync-manager" />
      <Routes>
        <Route index element={<ConsumersPanel />} />
        <Route path="events" element={<EventLogPage />} />
        <Route path="trace" element={<TracePage />} />
        <Route path="trace/:id" element={<TracePage />} />
        <Route path="drift" element={<DriftPanel />} />
        <Route path="rebuilds" element={<RebuildsPanel />} />
        <Route path="*" element={<Navigate to="/sync-manager" replace />} />
      </Routes>
    </section>
  );
}

function ConsumersPanel() {
  const [params, setParams] = useSearchParams();
  const chosen = params.get('consumer');
  const status = useConsumers();
  const consumers = status.data?.consumers;
  const shown = useMemo(() => (consumers ? (chosen ? consumers.filter((c) => c.name === chosen) : consumers) : []), [consumers, chosen]);
  const lag = useMemo(() => lagSeries(shown), [shown]);
  const waitSeries = useMemo(() => [{ label: 'Mean wait (s)', values: lag.wait, color: '#f59e0b' }], [lag]);
  const recordSeries = useMemo(() => [{ label: 'Records', values: lag.processed, color: '#38bdf8' }], [lag]);
  const choose = (name: string | null) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (name) next.set('consumer', name);
      else next.delete('consumer');
      return next;
    });

  return (
    <div className="space-y-6">
      <p className="text-zinc-200">
        Every consumer of the event log: how far behind it is, how it fares, and what it has given up on. Refreshed every few seconds.
      </p>
      {status.isPending ? (
        <Spinner label="Reading the queues…" className="py-16" />
      ) : status.isError ? (
        <ReadFailed title="The consumers could not be read." onRetry={() => void status.refetch()} />
      ) : (
        <>
          <div className="overflow-x-auto rounded-xl border border-white/10">
            <table className="w-full text-left text-sm text-zinc-200" data-testid="ops-consumers">
              <caption className="sr-only">Consumers, their lag and health</caption>
              <thead className="bg-white/[0.03] text-xs uppercase tracking-wide text-zinc-400">
                <tr>
                  {['Consumer', 'Health', 'Behind', 'Oldest waiting', 'Per minute', 'Errors', 'Dead letters', ''].map((h, i) => (
                    <th key={h || i} scope="col" className="px-3 py-2 font-semibold">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {status.data.consumers.map((c) => (
                  <tr key={c.name} data-consumer={c.name} className={cx('border-t border-white/5', c.name === chosen && 'bg-accent/10')}>
                    <th scope="row" className="px-3 py-2 font-semibold text-zinc-50">
                      {c.name} <span className="text-xs font-normal text-zinc-400">{c.kind}</span>
                    </th>
                    <td className="px-3 py-2">
                      <HealthBadge health={c.health} />
                    </td>
                    <td className="px-3 py-2 tabular-nums">{c.eventsBehind}</td>
                    <td className="px-3 py-2 tabular-nums">{age(c.oldestAgeSeconds)}</td>
                    <td className="px-3 py-2 tabular-nums">{c.throughputPerMinute.toFixed(1)}</td>
                    <td className="px-3 py-2 tabular-nums">{percent(c.errorRate)}</td>
                    <td className="px-3 py-2 tabular-nums">
                      {c.deadLetters}
                      {c.deadLetters > 0 && <span className="text-xs text-zinc-400"> · oldest {age(c.deadLetterOldestAgeSeconds)}</span>}
                    </td>
                    <td className="px-3 py-2 text-right">
                      <Button variant="ghost" onClick={() => choose(c.name === chosen ? null : c.name)} aria-pressed={c.name === chosen}>
                        {c.name === chosen ? 'Close' : 'Open'}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="text-xs text-zinc-400">
            Lagging above {status.data.thresholds.laggingEventsBehind} waiting or {status.data.thresholds.laggingOldestAgeSeconds} s of wait
            or with any failed try; failing with {status.data.thresholds.failingDeadLetters} dead letter or over{' '}
            {percent(status.data.thresholds.failingErrorRate)} failed tries in {status.data.thresholds.windowMinutes} minutes.
          </p>
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <DashboardChart
              title={`Lag over the last hour${chosen ? `: ${chosen}` : ''}`}
              days={lag.points}
              series={waitSeries}
              format={seconds}
              fileName="lag.csv"
              axis={minuteAxis}
            />
            <DashboardChart
              title={`Records handled per minute${chosen ? `: ${chosen}` : ''}`}
              days={lag.points}
              series={recordSeries}
              format={(v) => String(Math.round(v))}
              fileName="records.csv"
              axis={minuteAxis}
            />
          </div>
          {chosen && <DeadLetters consumer={chosen} />}
          <LatestErrors errors={status.data.latestErrors} />
          <SuspiciousPlays />
        </>
      )}
    </div>
  );
}

/** The app's latest errors (consumers' failed tries, the API's unhandled ones), each leading to its request's trace. */
function LatestErrors({ errors }: { errors: RecentError[] }) {
  return (
    <section aria-labelledby="latest-errors-title" className="space-y-3" data-testid="ops-latest-errors">
      <h2 id="latest-errors-title" className="text-xl font-bold text-zinc-50">
        Latest errors
      </h2>
      {errors.length === 0 ? (
        <p className="text-zinc-400">No error in the last week.</p>
      ) : (
        <ul className="divide-y divide-white/5 rounded-xl border border-white/10">
          {errors.map((e) => (
            <li key={`${e.at}-${e.source}-${e.error}`} className="space-y-1 px-3 py-2 text-sm">
              <p className="flex flex-wrap gap-x-3 text-zinc-400">
                <time dateTime={e.at}>{new Date(e.at).toLocaleString()}</time>
                <span className="font-semibold text-zinc-200">{e.source}</span>
                {e.stream && (
                  <span className="font-mono text-zinc-300">
                    {e.stream} v{e.version}
                  </span>
                )}
                {e.correlationId && (
                  <Link className="text-accent hover:underline" to={tracePath(e.correlationId)}>
                    Trace {e.correlationId}
                  </Link>
                )}
              </p>
              <p className="break-words font-mono text-xs text-red-300">{e.error}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DeadLetters({ consumer }: { consumer: string }) {
  const letters = useDeadLetters(consumer);
  const move = useRedrive(consumer);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [rate, setRate] = useState(10);
  const [pending, setPending] = useState<{ ids: string[] | 'all'; count: number } | null>(null);
  const rateValid = rate > 0 && rate <= 100;

  const ask = async (ids: string[] | 'all') => {
    try {
      const dry = await redrive(consumer, { ids, ratePerSecond: rate, dryRun: true });
      setPending({ ids, count: dry.count });
    } catch (error) {
      toast({ title: 'Could not count the messages', description: serverMessageOf(error) ?? undefined, variant: 'destructive' });
    }
  };
  const confirm = () => {
    if (!pending) return;
    move.mutate(
      { ids: pending.ids, ratePerSecond: rate },
      {
        onSuccess: (done) => {
          setSelected(new Set());
          toast({
            title: `${done.moved} message${done.moved === 1 ? '' : 's'} moved back to ${consumer}`,
            description: done.remaining ? `${done.remaining} left: redrive again to move them.` : undefined,
            variant: 'success',
          });
        },
        onError: (error) =>
          toast({ title: 'The redrive failed', description: serverMessageOf(error) ?? undefined, variant: 'destructive' }),
        onSettled: () => setPending(null),
      },
    );
  };

  return (
    <section
      className="space-y-4 rounded-xl border border-white/10 bg-white/[0.03] p-4"
      aria-labelledby="dead-letters-title"
      data-testid="ops-dead-letters"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="dead-letters-title" className="text-xl font-bold text-zinc-50">
          Dead letters of {consumer}
          {letters.data && <span className="ml-2 text-sm font-normal text-zinc-400">{letters.data.depth} in its DLQ</span>}
        </h2>
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col text-xs text-zinc-300">
            Messages per second
            <input
              type="number"
              min={1}
              max={100}
              value={rate}
              onChange={(e) => setRate(Number(e.target.value))}
              aria-invalid={!rateValid}
              className="mt-1 w-28 rounded-lg border border-white/15 bg-zinc-900 px-3 py-2 text-sm text-zinc-50"
            />
          </label>
          <Button variant="secondary" icon={Undo2} disabled={!rateValid || selected.size === 0} onClick={() => void ask([...selected])}>
            Redrive selected
          </Button>
          <Button icon={Undo2} disabled={!rateValid || !letters.data?.depth} onClick={() => void ask('all')}>
            Redrive all
          </Button>
        </div>
      </div>
      {!rateValid && <p className="text-sm text-red-300">Choose a rate above 0 and at most 100 per second.</p>}
      {letters.isPending ? (
        <Spinner label="Reading the dead letters…" className="py-8" />
      ) : letters.isError ? (
        <StateBox icon={AlertTriangle} tone="error" title="The dead letters could not be read." role="alert" />
      ) : letters.data.messages.length === 0 ? (
        <StateBox icon={CheckCircle2} tone="quiet" title={`${consumer} has no dead letters.`} />
      ) : (
        <>
          {letters.data.heldStreams.length > 0 && (
            <div
              className="rounded-lg border border-amber-400/30 bg-amber-500/10 p-3 text-sm text-amber-100"
              data-testid="ops-held-streams"
            >
              <p className="font-semibold">Streams held behind a parked event</p>
              <ul className="mt-1 space-y-1">
                {letters.data.heldStreams.map((h) => (
                  <li key={h.streamId}>
                    <code>{h.streamId}</code>: applied up to v{h.appliedVersion}, held at v{h.heldVersion} by message{' '}
                    <code>{h.heldBy}</code>
                    {h.waitingBehind > 0 && `, ${h.waitingBehind} later event${h.waitingBehind === 1 ? '' : 's'} waiting`}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <ul className="divide-y divide-white/5">
            {letters.data.messages.map((m) => (
              <li key={m.messageId} className="flex gap-3 py-3" data-message-id={m.messageId}>
                <input
                  type="checkbox"
                  className="mt-1"
                  aria-label={`Select ${m.eventType ?? 'message'} ${m.streamId ?? m.messageId}`}
                  checked={selected.has(m.messageId)}
                  onChange={(e) =>
                    setSelected((s) => {
                      const next = new Set(s);
                      if (e.target.checked) next.add(m.messageId);
                      else next.delete(m.messageId);
                      return next;
                    })
                  }
                />
                <div className="min-w-0 space-y-1 text-sm">
                  <p className="font-semibold text-zinc-50">
                    {m.eventType ?? 'Message'} <span className="font-normal text-zinc-300">{m.streamId ?? m.messageId}</span>
                    {m.version !== null && <span className="text-zinc-400"> v{m.version}</span>}
                  </p>
                  <p className="text-zinc-300">
                    {m.receiveCount} tries{m.failedAt && `, last ${new Date(m.failedAt).toLocaleString()}`}
                  </p>
                  {m.error && <p className="break-words font-mono text-xs text-red-200">{m.error}</p>}
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      <Dialog
        open={pending !== null}
        onOpenChange={(open) => !open && !move.isPending && setPending(null)}
        title="Redrive these dead letters?"
        description={
          pending
            ? `${pending.count} message${pending.count === 1 ? '' : 's'} will go back to the queue of ${consumer} at ${rate} per second, each stream's in its order. The redrive is recorded under your name.`
            : undefined
        }
      >
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setPending(null)} disabled={move.isPending}>
            Cancel
          </Button>
          <Button icon={Inbox} onClick={confirm} disabled={move.isPending || pending?.count === 0}>
            {move.isPending ? 'Moving…' : `Move ${pending?.count ?? 0}`}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
