/** The dashboard's range, as the URL says it (?range=7|30|90, or ?from=&to= for a custom one), in UTC days. Pure. */

export const PRESETS = [7, 30, 90] as const;
type Preset = (typeof PRESETS)[number];
const MAX_DAYS = 366;

const DAY_MS = 86_400_000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const isDay = (text: string | null): text is string =>
  !!text && /^\d{4}-\d{2}-\d{2}$/.test(text) && dayOf(new Date(`${text}T00:00:00.000Z`)) === text;

export type DashboardRange = { kind: 'preset'; days: Preset; from: string; to: string } | { kind: 'custom'; from: string; to: string };

/** The last `days` days up to today, both included. */
export function presetRange(days: Preset, today: Date): DashboardRange {
  return { kind: 'preset', days, from: dayOf(new Date(today.getTime() - (days - 1) * DAY_MS)), to: dayOf(today) };
}

/** The range the URL names; anything unreadable is the last 30 days. */
export function rangeOf(params: URLSearchParams, today: Date): DashboardRange {
  const from = params.get('from');
  const to = params.get('to');
  if (isDay(from) && isDay(to) && customProblem(from, to) === null) return { kind: 'custom', from, to };
  const days = Number(params.get('range'));
  return presetRange((PRESETS as readonly number[]).includes(days) ? (days as Preset) : 30, today);
}

/** Why a custom range cannot be asked for, or null. */
export function customProblem(from: string, to: string): string | null {
  if (!isDay(from) || !isDay(to)) return 'Choose both days.';
  if (from > to) return 'The first day must not be after the last.';
  if ((Date.parse(to) - Date.parse(from)) / DAY_MS + 1 > MAX_DAYS) return `A range is at most ${MAX_DAYS} days.`;
  return null;
}

/** The change from `previous` to `current`, as a share (0.25 = 25% more), or null where there was nothing before. */
export const change = (current: number, previous: number): number | null =>
  previous === 0 ? null : (current - previous) / Math.abs(previous);
