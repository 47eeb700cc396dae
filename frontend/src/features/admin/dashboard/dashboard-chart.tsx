/**
 * One dashboard chart: a uPlot line chart of numbers per day (drawn on a canvas, hidden from screen readers), the same
 * numbers as a table (read by screen readers, shown on request) and a CSV download of them. uPlot is imported here
 * only, so its code rides in the admin dashboard's chunk alone.
 */
import { Download, Table2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { cx } from '../../../lib/class-names';
import { Button } from '../../../ui/button';
import { downloadCsv, toCsv } from './dashboard-csv';
import { NumbersTable } from './numbers-table';

export interface ChartSeries {
  label: string;
  values: number[];
  /** CSS colour of the line. */
  color: string;
}

/** What the points of a chart are: days by default; the sync manager's lag chart plots minutes (`YYYY-MM-DDTHH:MM`). */
export interface ChartAxis {
  label: string;
  seconds: (point: string) => number;
  text: (seconds: number) => string;
}

const dayAxis: ChartAxis = {
  label: 'Day',
  seconds: (day) => Date.parse(`${day}T00:00:00.000Z`) / 1000,
  text: (seconds) => new Date(seconds * 1000).toISOString().slice(0, 10),
};

export function DashboardChart({
  title,
  days,
  series,
  format,
  fileName,
  axis = dayAxis,
}: {
  title: string;
  /** The points, days unless `axis` says otherwise. */
  days: string[];
  series: ChartSeries[];
  /** How a value reads in the table and on the axis (money, counts). */
  format: (value: number) => string;
  fileName: string;
  axis?: ChartAxis;
}) {
  const plotRef = useRef<HTMLDivElement>(null);
  const [tableShown, setTableShown] = useState(false);
  const headingId = useId();

  useEffect(() => {
    const target = plotRef.current;
    if (!target) return;
    const width = () => Math.max(240, target.clientWidth);
    const plot = new uPlot(
      {
        width: width(),
        height: 220,
        scales: { x: { time: true } },
        legend: { show: true },
        cursor: { drag: { x: false, y: false } },
        axes: [
          { stroke: '#a1a1aa', grid: { stroke: 'rgba(255,255,255,0.06)' }, ticks: { stroke: 'rgba(255,255,255,0.1)' } },
          {
            stroke: '#a1a1aa',
            grid: { stroke: 'rgba(255,255,255,0.06)' },
            ticks: { stroke: 'rgba(255,255,255,0.1)' },
            size: 64,
            values: (_u, ticks) => ticks.map(format),
          },
        ],
        series: [
          { label: axis.label, value: (_u, v) => (v === null ? '' : axis.text(v)) },
          ...series.map((s) => ({
            label: s.label,
            stroke: s.color,
            width: 2,
            value: (_u: uPlot, v: number | null) => (v === null ? '' : format(v)),
          })),
        ],
      },
      [days.map(axis.seconds), ...series.map((s) => s.values)],
      target,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: width(), height: 220 }));
    resize.observe(target);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, series, format, axis]);

  const rows = days.map((day, i) => [day, ...series.map((s) => s.values[i])]);
  const exportCsv = () => downloadCsv(fileName, toCsv([axis.label, ...series.map((s) => s.label)], rows));

  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 space-y-3 rounded-xl border border-white/10 bg-white/[0.03] p-4"
      data-testid="dashboard-chart"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-base font-bold text-zinc-50">
          {title}
        </h2>
        <div className="flex gap-2">
          <Button variant="secondary" icon={Table2} onClick={() => setTableShown((shown) => !shown)} aria-pressed={tableShown}>
            {tableShown ? 'Hide table' : 'Show table'}
          </Button>
          <Button variant="secondary" icon={Download} onClick={exportCsv}>
            CSV
          </Button>
        </div>
      </div>
      <div ref={plotRef} aria-hidden="true" className="dashboard-plot w-full overflow-hidden" />
      <div className={cx(tableShown ? 'max-h-72 overflow-auto' : 'sr-only')}>
        <NumbersTable
          caption={`${title}, per ${axis.label.toLowerCase()}`}
          header={[axis.label, ...series.map((s) => s.label)]}
          rows={days.map((day, i) => [day, ...series.map((s) => s.values[i])])}
          format={format}
          spacing="py-1 pr-4"
        />
      </div>
    </section>
  );
}
