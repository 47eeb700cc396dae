/** The formatters for durations, money, play counts and release dates: one of each, used everywhere. */

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const count = new Intl.NumberFormat('en-US');
const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** Seconds as m:ss; "--:--" when the length is unknown. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '--:--';
  const whole = Math.floor(seconds);
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return `${minutes}:${rest.toString().padStart(2, '0')}`;
}

/** Dollars with two decimals, en-US: 9.99 → "$9.99", 5 → "$5.00". */
export const formatMoney = (dollars: number): string => usd.format(dollars);

/** "1 play", "1,024 plays". */
export const formatPlays = (plays: number): string => `${count.format(plays)} ${plays === 1 ? 'play' : 'plays'}`;

/** "1 song", "12 songs". */
export const formatSongCount = (songs: number): string => `${count.format(songs)} ${songs === 1 ? 'song' : 'songs'}`;

/** Whole minutes of a running time, as the album header shows them (floor of seconds / 60). */
export const totalMinutes = (seconds: number): number => Math.floor(Math.max(0, seconds) / 60);

/** An ISO day (yyyy-mm-dd) read as a calendar date, so no time zone shifts it by a day. */
function parseDay(isoDay: string): Date | null {
  const date = new Date(`${isoDay.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "2024-03-14" → "March 14, 2024"; the raw text when it is not a date. */
export function formatReleaseDate(isoDay: string): string {
  const date = parseDay(isoDay);
  return date ? longDate.format(date) : isoDay;
}

/** "2024-03-14" → "2024"; null when it is not a date. */
export function releaseYear(isoDay: string): string | null {
  const date = parseDay(isoDay);
  return date ? String(date.getUTCFullYear()) : null;
}

/** A moment as 'MMM d, h:mm a' ("Mar 14, 3:05 PM") in the listener's time zone; the raw text when it is not a date. */
export function formatDateTime(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone }).format(date);
}
