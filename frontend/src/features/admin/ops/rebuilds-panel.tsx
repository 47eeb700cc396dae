/**
 * The sync manager's Rebuilds tab (/sync-manager/rebuilds): each projection's latest blue/green rebuild
 * (functions/operations/rebuild.ts) with its progress and parity; start one, switch readers to it, drop the old generation,
 * each confirmed first. A start is only recorded: the rebuilds job does the work at the rebuild's pace, and this page
 * follows it until it is ready (closed, the job goes on, and the list shows it).
 */
import { ArrowRightLeft, Hammer, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { serverMessageOf } from '../../../lib/http';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { Spinner } from '../../../ui/spinner';
import { ReadFailed } from '../../../ui/status-message';
import { toast } from '../../../ui/toast';
import { dropOld, rebuildsKey, rebuildsQueryOptions, requestRebuild, switchTo, useRebuilds, type RebuildStatus } from './rebuilds-api';

type Action = 'start' | 'switch' | 'drop';

const questions: Record<Action, { title: string; text: (p: string) => string; button: string }> = {
  start: {
    title: 'Rebuild this projection?',
    text: (p) =>
      `${p} is built anew from the event log beside the live one, which keeps projecting. Readers do not change until you switch.`,
    button: 'Start the rebuild',
  },
  switch: {
    title: 'Switch readers to the rebuilt views?',
    text: (p) =>
      `Every reader and the live projector of ${p} move to the rebuilt generation within seconds. The old one stays until you drop it.`,
    button: 'Switch',
  },
  drop: {
    title: 'Drop the old generation?',
    text: (p) => `The views ${p} no longer reads are deleted. This cannot be undone.`,
    button: 'Drop it',
  },
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const unfinished = (r: RebuildStatus | undefined) => r?.state === 'scanning' || r?.state === 'catching-up';

export function RebuildsPanel() {
  const rebuilds = useRebuilds();
  const client = useQueryClient();
  const [asked, setAsked] = useState<{ action: Action; projection: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  const refresh = () => client.invalidateQueries({ queryKey: rebuildsKey() });
  /** Runs one action to its end: a rebuild until ready, a switch until switched, a drop until done. */
  const run = async (action: Action, projection: string) => {
    setBusy(projection);
    try {
      if (action === 'start') {
        const latest = async () =>
          (await client.fetchQuery({ ...rebuildsQueryOptions(), staleTime: 0 })).rebuilds.find((r) => r.projection === projection);
        for (
          let status: RebuildStatus | undefined = await requestRebuild(projection);
          alive.current && unfinished(status);
          status = await latest()
        )
          await sleep(2000);
      } else if (action === 'switch') {
        for (let status = await switchTo(projection); alive.current && status.state === 'switching'; status = await switchTo(projection)) {
          await refresh();
          await sleep(2000);
        }
      } else {
        while (alive.current && !(await dropOld(projection)).done) await refresh();
      }
      toast({
        title: `${projection}: ${action === 'start' ? 'rebuilt' : action === 'switch' ? 'switched' : 'old generation dropped'}`,
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: `The ${action} of ${projection} was refused`,
        description: serverMessageOf(error) ?? undefined,
        variant: 'destructive',
      });
    } finally {
      if (alive.current) setBusy(null);
      await refresh();
    }
  };

  if (rebuilds.isPending) return <Spinner label="Reading the rebuilds…" className="py-16" />;
  if (rebuilds.isError) return <ReadFailed title="The rebuilds could not be read." onRetry={() => void rebuilds.refetch()} />;
  const byProjection = new Map(rebuilds.data.rebuilds.map((r) => [r.projection, r]));

  return (
    <div className="space-y-4">
      <p className="text-zinc-200">
        Rebuild one projection from the event log beside the live one, check it against the live views, then switch its readers in one step.
        Mails, notifications and downloads are never sent again by a rebuild.
      </p>
      <div className="overflow-x-auto rounded-xl border border-white/10">
        <table className="w-full text-left text-sm text-zinc-200" data-testid="ops-rebuilds">
          <thead className="bg-white/5 text-xs uppercase text-zinc-400">
            <tr>
              <th className="px-3 py-2">Projection</th>
              <th className="px-3 py-2">Rebuild</th>
              <th className="px-3 py-2">Progress</th>
              <th className="px-3 py-2">Parity</th>
              <th className="px-3 py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-white/5">
            {rebuilds.data.projections.map((projection) => {
              const r = byProjection.get(projection);
              const working = busy === projection || r?.running;
              return (
                <tr key={projection} data-projection={projection}>
                  <td className="px-3 py-2 font-semibold text-zinc-50">{projection}</td>
                  <td className="px-3 py-2" data-testid="rebuild-state">
                    {r ? (
                      <>
                        {r.state}{' '}
                        <span className="text-zinc-400">
                          (generation {r.generation}, live was {r.from})
                        </span>
                        <span className="block text-xs text-zinc-400">
                          by {r.startedBy}, {new Date(r.startedAt).toLocaleString()}
                        </span>
                      </>
                    ) : (
                      <span className="text-zinc-400">never rebuilt</span>
                    )}
                  </td>
                  <td className="px-3 py-2">
                    {r && (
                      <>
                        <progress className="w-32" max={1} value={r.progress} aria-label={`Rebuild of ${projection}`} />
                        <span className="ml-2 tabular-nums text-xs text-zinc-400">{r.scanned} events read</span>
                      </>
                    )}
                  </td>
                  <td className="px-3 py-2" data-testid="rebuild-parity">
                    {r?.parity &&
                      (r.parity.ok ? (
                        <span className="text-emerald-300">
                          equal: {r.parity.rebuilt.items} items in {r.parity.rebuilt.partitions} partitions
                        </span>
                      ) : (
                        <span className="text-red-300">
                          {r.parity.differingCount} partitions differ ({r.parity.differing.slice(0, 3).join(', ')})
                        </span>
                      ))}
                  </td>
                  <td className="px-3 py-2">
                    <div className="flex justify-end gap-2">
                      {working ? (
                        <Spinner label="Working…" />
                      ) : (
                        <>
                          {(!r || r.state === 'dropped' || r.state === 'ready') && (
                            <Button variant="secondary" icon={Hammer} onClick={() => setAsked({ action: 'start', projection })}>
                              {r?.state === 'ready' ? 'Check again' : 'Rebuild'}
                            </Button>
                          )}
                          {(r?.state === 'ready' || r?.state === 'switching') && (
                            <Button
                              icon={ArrowRightLeft}
                              disabled={r.state === 'ready' && !r.parity?.ok}
                              onClick={() => setAsked({ action: 'switch', projection })}
                            >
                              Switch
                            </Button>
                          )}
                          {r?.state === 'switched' && (
                            <Button variant="secondary" icon={Trash2} onClick={() => setAsked({ action: 'drop', projection })}>
                              Drop old
                            </Button>
                          )}
                        </>
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Dialog
        open={asked !== null}
        onOpenChange={(open) => !open && setAsked(null)}
        title={asked ? questions[asked.action].title : undefined}
        description={asked ? questions[asked.action].text(asked.projection) : undefined}
      >
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setAsked(null)}>
            Cancel
          </Button>
          <Button
            onClick={() => {
              if (asked) void run(asked.action, asked.projection);
              setAsked(null);
            }}
          >
            {asked ? questions[asked.action].button : ''}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
