/**
 * /admin/statements: the artists' payout statements of a month (kept in the URL, the month under way unless it names
 * another): each artist's totals, one artist's lines with the events they come from, closing the month (after a
 * confirmation), a CSV of the lines, and a page to print, where print CSS leaves the statement alone on the paper.
 */
import { FileText, Lock, Printer, Download } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatMoney } from '../../../lib/format';
import { serverMessageOf } from '../../../lib/http';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { ErrorState } from '../../../ui/status-message';
import { Spinner } from '../../../ui/spinner';
import { toast } from '../../../ui/toast';
import { downloadCsv, toCsv } from '../dashboard/dashboard-csv';
import { DataTable, type Column } from '../table/data-table';
import {
  useArtistStatement,
  useCloseMonth,
  useMonthStatements,
  type ArtistStatementAnswer,
  type MonthStatementsAnswer,
} from './statements-api';

const formatCents = (cents: number) => formatMoney(cents / 100);
const percent = (basisPoints: number) => `${basisPoints / 100}%`;
/** The month under way (UTC, as the server counts it): it cannot be closed until it is over. */
const currentMonth = () => new Date().toISOString().slice(0, 7);
const KIND_LABEL = { 'album-sales': 'Album sales', membership: 'Toko+ share', merch: 'Merch' } as const;

/** On paper: the statement alone, without the app's header, navigation and buttons. */
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  [data-print-area], [data-print-area] * { visibility: visible !important; }
  [data-print-area] { position: absolute; inset: 0; color: #000; background: #fff; }
  [data-print-hidden] { display: none !important; }
}`;

type MonthArtist = MonthStatementsAnswer['artists'][number];

/** The month's table, as the panel's others: the artist opens their statement below. */
const monthColumns = (open: (artistId: string) => void): Column<MonthArtist>[] => [
  {
    key: 'artist',
    header: 'Artist',
    cell: (a) => (
      <button type="button" className="font-semibold text-accent hover:underline" onClick={() => open(a.artistId)}>
        {a.name ?? a.artistId}
      </button>
    ),
  },
  { key: 'net', header: 'Net', numeric: true, cell: (a) => formatCents(a.netCents) },
  { key: 'artistShare', header: "Artist's share", numeric: true, cell: (a) => formatCents(a.artistCents) },
  { key: 'labelShare', header: "Label's share", numeric: true, cell: (a) => formatCents(a.labelCents) },
];

export function StatementsPage() {
  const [params, setParams] = useSearchParams();
  const month = params.get('month') ?? currentMonth();
  const artistId = params.get('artist');
  const statements = useMonthStatements(month);
  const [confirming, setConfirming] = useState(false);
  const close = useCloseMonth();
  const setParam = (name: string, value: string | null) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (value === null) next.delete(name);
      else next.set(name, value);
      return next;
    });

  return (
    <section className="space-y-6" aria-labelledby="statements-title">
      <style>{PRINT_CSS}</style>
      <div className="flex flex-wrap items-end justify-between gap-4" data-print-hidden>
        <h1 id="statements-title" className="flex items-center gap-3 text-3xl font-extrabold text-zinc-50">
          <FileText aria-hidden="true" className="size-8 text-accent" />
          Statements
        </h1>
        <label className="flex flex-col gap-1 text-sm text-zinc-300">
          Month
          <input
            type="month"
            value={month}
            max={currentMonth()}
            onChange={(e) => e.target.value && setParam('month', e.target.value)}
            className="rounded-lg border border-white/15 bg-zinc-900 px-3 py-2 text-zinc-50"
          />
        </label>
      </div>

      {statements.isPending ? (
        <Spinner label="Loading the statements…" className="py-16" />
      ) : statements.isError ? (
        <ErrorState title="The statements did not load" error={statements.error} onRetry={() => void statements.refetch()} />
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-4 text-zinc-200" data-print-hidden>
            <p data-testid="month-status">
              {statements.data.closedAt ? `Closed on ${statements.data.closedAt.slice(0, 10)}` : 'Open'} · net{' '}
              {formatCents(statements.data.netCents)} · label {formatCents(statements.data.labelCents)}
            </p>
            {statements.data.closedAt ? null : month < currentMonth() ? (
              <Button variant="secondary" icon={Lock} onClick={() => setConfirming(true)}>
                Close month
              </Button>
            ) : (
              <p className="text-sm text-zinc-400" data-testid="month-under-way">
                This month is under way: it can be closed once it is over.
              </p>
            )}
          </div>
          <div data-print-hidden>
            <DataTable
              caption={`Each artist's totals for ${month}`}
              testId="month-statements"
              columns={monthColumns((id) => setParam('artist', id))}
              rows={statements.data.artists}
              rowKey={(a) => a.artistId}
              empty={{ icon: FileText, title: 'No artist earned anything this month' }}
            />
          </div>
        </>
      )}

      {artistId && <ArtistStatement month={month} artistId={artistId} />}

      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Close ${month}?`}
        description={`Every artist's statement for ${month} (${statements.data?.artists.length ?? 0} artists) is frozen: what is recorded later lands in the next open month. This cannot be undone.`}
      >
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button
            disabled={close.isPending}
            onClick={() =>
              close.mutate(month, {
                onSuccess: () => {
                  setConfirming(false);
                  toast({ title: `${month} is closed`, variant: 'success' });
                },
                onError: (error) =>
                  toast({ title: 'The month was not closed', description: serverMessageOf(error) ?? undefined, variant: 'destructive' }),
              })
            }
          >
            Close {month}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}

function statementCsv(s: ArtistStatementAnswer): string {
  return toCsv(
    ['Line', 'Album', 'Gross', 'Stripe fees', 'Refunds', 'Net', 'Label share', 'Label', 'Artist', 'Events'],
    s.lines.map((l) => [
      KIND_LABEL[l.kind],
      l.albumTitle ?? l.albumId,
      (l.grossCents / 100).toFixed(2),
      (l.feeCents / 100).toFixed(2),
      (l.refundCents / 100).toFixed(2),
      (l.netCents / 100).toFixed(2),
      percent(l.labelShareBasisPoints),
      (l.labelCents / 100).toFixed(2),
      (l.artistCents / 100).toFixed(2),
      l.eventIds.join(' '),
    ]),
  );
}

function ArtistStatement({ month, artistId }: { month: string; artistId: string }) {
  const statement = useArtistStatement(month, artistId);
  if (statement.isPending) return <Spinner label="Loading the statement…" className="py-8" />;
  if (statement.isError)
    return <ErrorState title="The statement did not load" error={statement.error} onRetry={() => void statement.refetch()} />;
  const s = statement.data;
  return (
    <article
      className="space-y-4 rounded-2xl border border-white/10 p-6"
      data-print-area
      data-testid="artist-statement"
      aria-labelledby="artist-statement-title"
    >
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="artist-statement-title" className="text-2xl font-bold text-zinc-50">
            {s.name ?? s.artistId} — {month}
          </h2>
          <p className="text-sm text-zinc-300">
            {s.closedAt ? `Closed on ${s.closedAt.slice(0, 10)}` : 'Open month: figures may still change'} · label's share: sales{' '}
            {percent(s.terms.sales)}, Toko+ {percent(s.terms.membership)}, merch {percent(s.terms.merch)}
          </p>
        </div>
        <div className="flex gap-2" data-print-hidden>
          <Button variant="secondary" icon={Download} onClick={() => downloadCsv(`statement-${s.artistId}-${month}.csv`, statementCsv(s))}>
            CSV
          </Button>
          <Button variant="secondary" icon={Printer} onClick={() => window.print()}>
            Print
          </Button>
        </div>
      </header>
      {s.lines.length === 0 ? (
        <p className="text-zinc-300">Nothing this month.</p>
      ) : (
        <table className="w-full text-left text-sm text-zinc-200">
          <caption className="sr-only">The statement's lines</caption>
          <thead>
            <tr className="text-zinc-400">
              <th scope="col">Line</th>
              <th scope="col">Gross</th>
              <th scope="col">Fees</th>
              <th scope="col">Refunds</th>
              <th scope="col">Net</th>
              <th scope="col">Label</th>
              <th scope="col">Artist</th>
              <th scope="col">Events</th>
            </tr>
          </thead>
          <tbody>
            {s.lines.map((l) => (
              <tr key={`${l.kind}-${l.albumId ?? ''}`} className="border-t border-white/10 align-top">
                <th scope="row">
                  {KIND_LABEL[l.kind]}
                  {l.albumTitle && `: ${l.albumTitle}`}
                  {l.memberPlays !== null && ` (${l.memberPlays} member plays)`}
                </th>
                <td>{formatCents(l.grossCents)}</td>
                <td>{formatCents(l.feeCents)}</td>
                <td>{formatCents(l.refundCents)}</td>
                <td>{formatCents(l.netCents)}</td>
                <td>
                  {formatCents(l.labelCents)} ({percent(l.labelShareBasisPoints)})
                </td>
                <td>{formatCents(l.artistCents)}</td>
                <td className="break-all font-mono text-xs text-zinc-400">{l.eventIds.length} events</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t border-white/20 font-semibold">
              <th scope="row">Total</th>
              <td colSpan={3} />
              <td>{formatCents(s.netCents)}</td>
              <td>{formatCents(s.labelCents)}</td>
              <td data-testid="artist-total">{formatCents(s.artistCents)}</td>
              <td />
            </tr>
          </tfoot>
        </table>
      )}
    </article>
  );
}
