/**
 * A table of the dashboard's numbers, for a chart (its numbers per day, for screen readers) and for the page's lists:
 * a header row, then a row per day or thing whose first cell names it; numbers are right-aligned in their own format.
 */
import { cx } from '../../../lib/class-names';

export type NumbersCell = string | number | null;

export function NumbersTable({
  header,
  rows,
  format,
  caption,
  spacing,
  className,
  headClassName,
}: {
  header: string[];
  rows: NumbersCell[][];
  /** How a number of the column is shown. */
  format: (value: number, column: number) => string;
  caption?: string;
  /** Padding of every cell. */
  spacing: string;
  className?: string;
  headClassName?: string;
}) {
  const show = (value: NumbersCell, column: number) => (value === null ? '—' : typeof value === 'number' ? format(value, column) : value);
  const numeric = (column: number) => column > 0 && typeof rows[0]?.[column] === 'number';
  return (
    <table className={cx('w-full text-left text-sm text-zinc-200', className)}>
      {caption && <caption className="sr-only">{caption}</caption>}
      <thead className={headClassName}>
        <tr>
          {header.map((h, i) => (
            <th key={h} scope="col" className={cx(spacing, 'font-semibold', numeric(i) && 'text-right')}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([first, ...rest], r) => (
          <tr key={r} className="border-t border-white/5">
            <th scope="row" className={cx(spacing, 'font-normal')}>
              {show(first, 0)}
            </th>
            {rest.map((value, i) => (
              <td key={i} className={cx(spacing, typeof value === 'number' && 'text-right tabular-nums')}>
                {show(value, i + 1)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
