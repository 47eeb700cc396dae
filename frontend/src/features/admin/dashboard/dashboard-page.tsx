/**
 * /admin: the label's dashboard. The range (7, 30 or 90 days, or custom) lives in the URL; each figure shows its
 * change against the period of the same length before; charts per day with their tables and CSV; the tables of
 * albums, artists and tiers below. Every number comes from the server's daily rollups, money in integer cents.
 */
import { BarChart3 } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { cx } from '../../../lib/class-names';
import { formatMoney } from '../../../lib/format';
import { Button } from '../../../ui/button';
import { EmptyState, ErrorState } from '../../../ui/status-message';
import { LoadingStatus, Skeleton } from '../../../ui/skeleton';
import { refusalWords } from '../components/refusal-words';
import { useDashboard, type DashboardPeriod } from './dashboard-api';
import { DashboardChart } from './dashboard-chart';
import { downloadCsv, toCsv } from './dashboard-csv';
import { NumbersTable, type NumbersCell } from './numbers-table';
import { PRESETS, change, customProblem, rangeOf, type DashboardRange } from './dashboard-range';

const count = new Intl.NumberFormat('en-US');
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
const formatCount = (n: number) => count.format(n);
const formatCents = (cents: number) => formatMoney(cents / 100);
const formatShare = (share: number | null) => (share === null ? '—' : percent.format(share));

export function DashboardPage() {
  const [params, setParams] = useSearchParams();
  const range = useMemo(() => rangeOf(params, new Date()), [params]);
  const dashboard = useDashboard(range.from, range.to);
  const headingId = useId();
  return (
    <section className="space-y-6" aria-labelledby={headingId} data-testid="admin-dashboard">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id={headingId} className="text-2xl font-extrabold text-zinc-50">
            Dashboard
          </h1>
          <p className="text-sm text-zinc-300" data-testid="dashboard-range">
            {range.from} to {range.to} (UTC), compared with the {range.kind === 'preset' ? `${range.days} days` : 'same number of days'}{' '}
            before
          </p>
        </div>
        <RangePicker range={range} onChange={(next) => setParams(next)} />
      </div>
      {dashboard.isPending ? (
        <LoadingStatus label="Loading the figures…">
          <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
            {Array.from({ length: 8 }, (_, i) => (
              <Skeleton key={i} className="h-20" />
            ))}
          </div>
          <Skeleton className="mt-4 h-64" />
        </LoadingStatus>
      ) : dashboard.isError ? (
        <ErrorState title="The dashboard could not be loaded" error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      ) : (
        <Figures current={dashboard.data.current} previous={dashboard.data.previous} />
      )}
    </section>
  );
}

function RangePicker({ range, onChange }: { range: DashboardRange; onChange: (params: URLSearchParams) => void }) {
  const [custom, setCustom] = useState(range.kind === 'custom');
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const problem = customProblem(from, to);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!problem) onChange(new URLSearchParams({ from, to }));
  };
  const chip = (active: boolean) =>
    cx(
      'rounded-full border px-3 py-1.5 text-sm font-semibold transition',
      active ? 'border-accent bg-accent/15 text-zinc-50' : 'border-white/15 text-zinc-300 hover:text-zinc-50',
    );
  return (
    <div className="space-y-2">
      <div role="group" aria-label="Range" className="flex flex-wrap gap-2">
        {PRESETS.map((days) => (
          <button
            key={days}
            type="button"
            className={chip(!custom && range.kind === 'preset' && range.days === days)}
            aria-pressed={!custom && range.kind === 'preset' && range.days === days}
            onClick={() => {
              setCustom(false);
              onChange(new URLSearchParams({ range: String(days) }));
            }}
          >
            {days} days
          </button>
        ))}
        <button type="button" className={chip(custom)} aria-pressed={custom} onClick={() => setCustom(true)}>
          Custom
        </button>
      </div>
      {custom && (
        <form onSubmit={apply} className="flex flex-wrap items-end gap-2" noValidate>
          <label className="text-xs text-zinc-300">
            From
            <input
              type="date"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              className="mt-1 block rounded-md border border-white/15 bg-zinc-900 px-2 py-1.5 text-sm text-zinc-50"
            />
          </label>
          <label className="text-xs text-zinc-300">
            To
            <input
              type="date"
              value={to}
              onChange={(e) => setTo(e.target.value)}
              className="mt-1 block rounded-md border border-white/15 bg-zinc-900 px-2 py-1.5 text-sm text-zinc-50"
            />
          </label>
          <Button type="submit" disabled={problem !== null}>
            Show
          </Button>
          {problem && (
            <p role="status" className="w-full text-xs text-amber-300">
              {problem}
            </p>
          )}
        </form>
      )}
    </div>
  );
}

function Figure({
  label,
  value,
  now,
  before,
  format,
}: {
  label: string;
  value?: string;
  now: number;
  before: number;
  format: (n: number) => string;
}) {
  const delta = change(now, before);
  return (
    <div className="rounded-xl border border-white/10 bg-white/[0.03] p-3" data-testid="dashboard-figure">
      <dt className="text-xs font-semibold uppercase tracking-wide text-zinc-400">{label}</dt>
      <dd className="mt-1 text-xl font-bold tabular-nums text-zinc-50">{value ?? format(now)}</dd>
      <dd className={cx('text-xs tabular-nums', delta === null ? 'text-zinc-400' : delta >= 0 ? 'text-emerald-300' : 'text-rose-300')}>
        {delta === null ? `was ${format(before)}` : `${delta >= 0 ? '▲' : '▼'} ${percent.format(Math.abs(delta))} vs ${format(before)}`}
      </dd>
    </div>
  );
}

function Figures({ current: c, previous: p }: { current: DashboardPeriod; previous: DashboardPeriod }) {
  const days = useMemo(() => c.days.map((d) => d.day), [c.days]);
  const charts = useMemo(
    () => ({
      plays: [
        { label: 'Plays', values: c.days.map((d) => d.plays), color: '#f472b6' },
        { label: 'Listeners', values: c.days.map((d) => d.uniqueListeners), color: '#60a5fa' },
      ],
      sales: [
        { label: 'Gross', values: c.days.map((d) => d.grossCents), color: '#34d399' },
        { label: 'Net', values: c.days.map((d) => d.netCents), color: '#fbbf24' },
      ],
      members: [
        { label: 'New members', values: c.days.map((d) => d.newMembers), color: '#a78bfa' },
        { label: 'Cancelled', values: c.days.map((d) => d.cancelledMembers), color: '#f87171' },
      ],
      merch: [{ label: 'Merch revenue', values: c.days.map((d) => d.merchCents), color: '#2dd4bf' }],
    }),
    [c.days],
  );
  const nothing =
    c.plays.total + c.sales.albumsSold + c.sales.albumsRefunded + c.membership.newMembers + c.merch.orders === 0 &&
    c.membership.activeMembers === 0;
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4" aria-label="Figures against the period before">
        <Figure label="Plays" now={c.plays.total} before={p.plays.total} format={formatCount} />
        <Figure label="Unique listeners" now={c.plays.uniqueListeners} before={p.plays.uniqueListeners} format={formatCount} />
        <Figure
          label="Completed plays"
          value={formatShare(c.plays.completedShare)}
          now={c.plays.completed}
          before={p.plays.completed}
          format={formatCount}
        />
        <Figure label="Suspicious plays" now={c.plays.suspicious.total} before={p.plays.suspicious.total} format={formatCount} />
        <Figure label="Albums sold" now={c.sales.albumsSold} before={p.sales.albumsSold} format={formatCount} />
        <Figure label="Gross sales" now={c.sales.grossCents} before={p.sales.grossCents} format={formatCents} />
        <Figure label="Stripe fees" now={c.sales.feeCents} before={p.sales.feeCents} format={formatCents} />
        <Figure label="Refunds" now={c.sales.refundCents} before={p.sales.refundCents} format={formatCents} />
        <Figure label="Net sales" now={c.sales.netCents} before={p.sales.netCents} format={formatCents} />
        <Figure label="Toko+ members" now={c.membership.activeMembers} before={p.membership.activeMembers} format={formatCount} />
        <Figure label="Monthly recurring revenue" now={c.membership.mrrCents} before={p.membership.mrrCents} format={formatCents} />
        <Figure label="New members" now={c.membership.newMembers} before={p.membership.newMembers} format={formatCount} />
        <Figure label="Cancelled members" now={c.membership.cancelledMembers} before={p.membership.cancelledMembers} format={formatCount} />
        <Figure
          label="Free → Toko+"
          value={formatShare(c.membership.conversionRate)}
          now={c.membership.newMembers}
          before={p.membership.newMembers}
          format={formatCount}
        />
        <Figure
          label="Beta offer uses (2 months free)"
          now={c.membership.couponUses}
          before={p.membership.couponUses}
          format={formatCount}
        />
        <Figure label="Merch orders" now={c.merch.orders} before={p.merch.orders} format={formatCount} />
        <Figure label="Merch revenue" now={c.merch.revenueCents} before={p.merch.revenueCents} format={formatCents} />
      </dl>
      {c.plays.suspicious.total > 0 && (
        <p className="text-sm text-amber-300" data-testid="suspicious-plays">
          {formatCount(c.plays.suspicious.total)} play reports did not count:{' '}
          {c.plays.suspicious.reasons.map((r) => `${formatCount(r.count)} ${refusalWords[r.reason]}`).join(', ')}.
        </p>
      )}
      {c.sales.albumsWithoutFee > 0 && (
        <p className="text-sm text-amber-300">
          {formatCount(c.sales.albumsWithoutFee)} albums were paid before Stripe fees were recorded: their fees are not in the figures.
        </p>
      )}
      {nothing ? (
        <EmptyState icon={BarChart3} title="Nothing happened in this range">
          No plays, sales, memberships or merch orders between {c.from} and {c.to}. Try a longer range.
        </EmptyState>
      ) : (
        <>
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <DashboardChart
              title="Plays and listeners per day"
              days={days}
              series={charts.plays}
              format={formatCount}
              fileName={`plays-${c.from}-${c.to}.csv`}
            />
            <DashboardChart
              title="Album sales per day"
              days={days}
              series={charts.sales}
              format={formatCents}
              fileName={`sales-${c.from}-${c.to}.csv`}
            />
            <DashboardChart
              title="Toko+ members per day"
              days={days}
              series={charts.members}
              format={formatCount}
              fileName={`members-${c.from}-${c.to}.csv`}
            />
            <DashboardChart
              title="Merch per day"
              days={days}
              series={charts.merch}
              format={formatCents}
              fileName={`merch-${c.from}-${c.to}.csv`}
            />
          </div>
          <FigureTable
            title="Albums"
            fileName={`albums-${c.from}-${c.to}.csv`}
            header={['Album', 'Artist', 'Plays', 'Completed', 'Sold', 'Gross', 'Fees', 'Refunds', 'Net']}
            rows={mergeAlbums(c).map((a) => [
              a.title,
              a.artistName,
              a.plays,
              a.completedPlays,
              a.albumsSold,
              a.grossCents,
              a.feeCents,
              a.refundCents,
              a.netCents,
            ])}
            money={[5, 6, 7, 8]}
          />
          <FigureTable
            title="Artists"
            fileName={`artists-${c.from}-${c.to}.csv`}
            header={['Artist', 'Plays', 'Sold', 'Gross', 'Fees', 'Refunds', 'Net', 'Merch']}
            rows={mergeArtists(c).map((a) => [
              a.name,
              a.plays,
              a.albumsSold,
              a.grossCents,
              a.feeCents,
              a.refundCents,
              a.netCents,
              a.merchCents,
            ])}
            money={[3, 4, 5, 6, 7]}
          />
          <FigureTable
            title="Tracks"
            fileName={`tracks-${c.from}-${c.to}.csv`}
            header={['Track', 'Artist', 'Plays', 'Completed']}
            rows={c.plays.tracks.map((t) => [t.title, t.artistName, t.plays, t.completedPlays])}
            money={[]}
          />
          <FigureTable
            title="Toko+ tiers"
            fileName={`tiers-${c.from}-${c.to}.csv`}
            header={['Tier', 'Members', 'Paying', 'MRR', 'New', 'Cancelled', 'Ended']}
            rows={c.membership.tiers.map((t) => [
              formatMoney(t.tierDollars),
              t.activeMembers,
              t.payingMembers,
              t.mrrCents,
              t.newMembers,
              t.cancelledMembers,
              t.endedMembers,
            ])}
            money={[3]}
          />
          <FigureTable
            title="Toko+ per month"
            fileName={`members-by-month-${c.from}-${c.to}.csv`}
            header={['Month', 'New members', 'Cancelled']}
            rows={c.membership.months.map((m) => [m.month, m.newMembers, m.cancelledMembers])}
            money={[]}
          />
        </>
      )}
    </div>
  );
}

/** An album's plays and sales in one row. */
function mergeAlbums(c: DashboardPeriod) {
  const rows = new Map<
    string,
    {
      title: string;
      artistName: string | null;
      plays: number;
      completedPlays: number;
      albumsSold: number;
      grossCents: number;
      feeCents: number;
      refundCents: number;
      netCents: number;
    }
  >();
  const zero = { plays: 0, completedPlays: 0, albumsSold: 0, grossCents: 0, feeCents: 0, refundCents: 0, netCents: 0 };
  for (const a of c.plays.albums)
    rows.set(a.albumId, {
      ...zero,
      ...(rows.get(a.albumId) ?? {}),
      title: a.title,
      artistName: a.artistName,
      plays: a.plays,
      completedPlays: a.completedPlays,
    });
  for (const a of c.sales.albums)
    rows.set(a.albumId, {
      ...zero,
      ...(rows.get(a.albumId) ?? {}),
      title: a.title,
      artistName: a.artistName,
      albumsSold: a.albumsSold,
      grossCents: a.grossCents,
      feeCents: a.feeCents,
      refundCents: a.refundCents,
      netCents: a.netCents,
    });
  return [...rows.values()].sort((a, b) => b.grossCents - a.grossCents || b.plays - a.plays);
}

function mergeArtists(c: DashboardPeriod) {
  const rows = new Map<
    string,
    {
      name: string | null;
      plays: number;
      albumsSold: number;
      grossCents: number;
      feeCents: number;
      refundCents: number;
      netCents: number;
      merchCents: number;
    }
  >();
  const zero = { plays: 0, albumsSold: 0, grossCents: 0, feeCents: 0, refundCents: 0, netCents: 0, merchCents: 0 };
  for (const a of c.plays.artists) rows.set(a.artistId, { ...zero, ...(rows.get(a.artistId) ?? {}), name: a.name, plays: a.plays });
  for (const a of c.sales.artists)
    rows.set(a.artistId, {
      ...zero,
      ...(rows.get(a.artistId) ?? {}),
      name: a.name,
      albumsSold: a.albumsSold,
      grossCents: a.grossCents,
      feeCents: a.feeCents,
      refundCents: a.refundCents,
      netCents: a.netCents,
      merchCents: a.merchCents,
    });
  return [...rows.values()].sort((a, b) => b.grossCents + b.merchCents - (a.grossCents + a.merchCents) || b.plays - a.plays);
}

/** A table of figures with its CSV (money columns in cents there, as dollars on screen). */
function FigureTable({
  title,
  header,
  rows,
  money,
  fileName,
}: {
  title: string;
  header: string[];
  rows: NumbersCell[][];
  money: number[];
  fileName: string;
}) {
  const headingId = useId();
  const csvHeader = header.map((h, i) => (money.includes(i) ? `${h} (cents)` : h));
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-base font-bold text-zinc-50">
          {title}
        </h2>
        <Button variant="secondary" onClick={() => downloadCsv(fileName, toCsv(csvHeader, rows))} disabled={rows.length === 0}>
          CSV
        </Button>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-zinc-400">None in this range.</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-white/10">
          <NumbersTable
            header={header}
            rows={rows}
            format={(value, column) => (money.includes(column) ? formatCents(value) : formatCount(value))}
            spacing="px-3 py-2"
            className="min-w-[32rem]"
            headClassName="bg-white/[0.04]"
          />
        </div>
      )}
    </section>
  );
}
