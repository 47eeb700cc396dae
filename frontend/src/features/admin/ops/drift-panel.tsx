/**
 * The drift tab (/sync-manager/drift): the drift detector's latest result (it runs every 15 minutes, or now on
 * request): per projection the streams compared, those that differ and the first differences, each stream with a Heal
 * button that re-projects it.
 */
import { CheckCircle2, ScanSearch } from 'lucide-react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { serverMessageOf } from '../../../lib/http';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { ReadFailed, StateBox } from '../../../ui/status-message';
import { toast } from '../../../ui/toast';
import { useCheckDrift, useLatestDrift, type ProjectionDrift } from './drift-api';
import { streamPath } from './event-log-page';
import { HealButton } from './heal-button';

export function DriftPanel() {
  const latest = useLatestDrift();
  const check = useCheckDrift();
  const checkNow = () =>
    check.mutate(undefined, {
      onError: (error) => toast({ title: 'The check failed', description: serverMessageOf(error) ?? undefined, variant: 'destructive' }),
    });
  const report = latest.data?.report;
  return (
    <section className="space-y-5" aria-labelledby="drift-heading" data-testid="ops-drift">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <h2 id="drift-heading" className="text-xl font-bold text-zinc-50">
            View drift
          </h2>
          <p className="text-sm text-zinc-300">
            Every 15 minutes a sample of each projection&apos;s streams is projected again in memory and compared with the live views.
            {report && (
              <>
                {' '}
                Last checked <time dateTime={report.at}>{formatDateTime(report.at)}</time>.
              </>
            )}
          </p>
        </div>
        <Button icon={ScanSearch} onClick={checkNow} disabled={check.isPending}>
          {check.isPending ? 'Checking…' : 'Check now'}
        </Button>
      </div>
      {latest.isPending ? (
        <Spinner label="Reading the latest check…" className="py-8" />
      ) : latest.isError ? (
        <ReadFailed title="The latest check could not be read." onRetry={() => void latest.refetch()} />
      ) : !report ? (
        <StateBox icon={ScanSearch} tone="quiet" title="No check has run yet." />
      ) : (
        <>
          {report.differences === 0 ? (
            <StateBox icon={CheckCircle2} tone="quiet" title="No drift: every stream compared matches the live views." />
          ) : (
            <p className="font-semibold text-amber-200" role="status">
              {report.differences} difference{report.differences === 1 ? '' : 's'} found.
            </p>
          )}
          <div className="overflow-x-auto rounded-xl border border-white/10">
            <table className="w-full text-left text-sm text-zinc-200" data-testid="ops-drift-projections">
              <caption className="sr-only">Streams compared and differences found per projection</caption>
              <thead className="bg-white/[0.03] text-xs uppercase tracking-wide text-zinc-400">
                <tr>
                  {['Projection', 'Compared', 'Unchecked', 'Streams drifted', 'Differences'].map((h) => (
                    <th key={h} scope="col" className="px-3 py-2 font-semibold">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {report.projections.map((p) => (
                  <tr key={p.projection} data-projection={p.projection} className="border-t border-white/5">
                    <th scope="row" className="px-3 py-2 font-semibold text-zinc-50">
                      {p.projection}
                    </th>
                    <td className="px-3 py-2 tabular-nums">{p.sampled}</td>
                    <td className="px-3 py-2 tabular-nums">{p.unchecked}</td>
                    <td className="px-3 py-2 tabular-nums">{p.streamsDrifted}</td>
                    <td className="px-3 py-2 tabular-nums">{p.differences}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {report.projections
            .filter((p) => p.examples.length > 0)
            .map((p) => (
              <Examples key={p.projection} drift={p} />
            ))}
        </>
      )}
    </section>
  );
}

/** A projection's first differences, grouped by stream: each stream with its Heal button. */
function Examples({ drift }: { drift: ProjectionDrift }) {
  const streams = [...new Set(drift.examples.map((e) => e.streamId))];
  return (
    <section
      aria-labelledby={`drift-${drift.projection}`}
      className="space-y-2"
      data-testid="ops-drift-examples"
      data-projection={drift.projection}
    >
      <h3 id={`drift-${drift.projection}`} className="text-base font-semibold text-zinc-50">
        Differences in {drift.projection}
        {drift.differences > drift.examples.length && (
          <span className="ml-2 text-sm font-normal text-zinc-400">
            the first {drift.examples.length} of {drift.differences}
          </span>
        )}
      </h3>
      <ul className="divide-y divide-white/5 rounded-xl border border-white/10">
        {streams.map((streamId) => (
          <li key={streamId} className="space-y-2 px-4 py-3 text-sm" data-stream={streamId}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Link to={streamPath(streamId)} className="font-mono text-xs text-accent hover:underline">
                {streamId}
              </Link>
              <HealButton projection={drift.projection} streamId={streamId} label="Heal" />
            </div>
            <ul className="space-y-1">
              {drift.examples
                .filter((e) => e.streamId === streamId)
                .map((e) => (
                  <li key={`${e.pk}|${e.sk}|${e.field ?? ''}`} className="break-words font-mono text-xs text-zinc-300">
                    {e.pk} · {e.sk}
                    {e.field ? (
                      <>
                        {' '}
                        · <span className="text-zinc-50">{e.field}</span>: {e.found ?? 'missing'}{' '}
                        <span className="text-zinc-500">(should be</span> {e.expected ?? 'missing'}
                        <span className="text-zinc-500">)</span>
                      </>
                    ) : (
                      <span className="text-amber-200">
                        {' '}
                        · {e.expected === null ? 'present, but the stream deleted it' : 'missing, though the stream wrote it'}
                      </span>
                    )}
                  </li>
                ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
