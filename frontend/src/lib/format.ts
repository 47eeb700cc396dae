/** The formatters for durations, money, play counts and release dates: one of each, used everywhere. */

// Money, counts and release dates are written out by hand rather than with Intl: a page's first Intl formatter loads
// the browser's locale data, a long pause on a phone, in the task that
// starts the app, and every first page shows a price, a count or a date. They are en-US whatever the listener's locale.
const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A whole number with its thousands grouped, en-US: 12345 → "12,345". */
const grouped = (whole: number): string => String(whole).replace(/\B(?=(\d{3})+$)/g, ',');

/** Seconds as m:ss; "--:--" when the length is unknown. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '--:--';
  const whole = Math.floor(seconds);
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return `${minutes}:${rest.toString().padStart(2, '0')}`;
}

/** Dollars with two decimals, en-US: 9.99 → "$9.99", 5 → "$5.00". */
export function formatMoney(dollars: number): string {
  const cents = Math.round(Math.abs(dollars) * 100);
  return `${dollars < 0 && cents > 0 ? '-' : ''}$${grouped(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, '0')}`;
}

/** "1 play", "1,024 plays". */
export const formatPlays = (plays: number): string => `${grouped(plays)} ${plays === 1 ? 'play' : 'plays'}`;

/** "1 song", "12 songs". */
export const formatSongCount = (songs: number): string => `${grouped(songs)} ${songs === 1 ? 'song' : 'songs'}`;

/** Whole minutes of a running time, as the album header shows them (floor of seconds / 60). */
export const totalMinutes = (seconds: number): number => Math.floor(Math.max(0, seconds) / 60);

/**
 * An album's running time: whole minutes ("39 min", or "39 minutes" in full), and seconds under a minute ("5 sec",
 * "5 seconds"), so a short release never reads "0 min".
 */
export function formatRunningTime(seconds: number, style: 'short' | 'long' = 'short'): string {
  const minutes = totalMinutes(seconds);
  if (minutes > 0) return style === 'short' ? `${minutes} min` : `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  const rest = Math.floor(Math.max(0, seconds));
  return style === 'short' ? `${rest} sec` : `${rest} ${rest === 1 ? 'second' : 'seconds'}`;
}

/** An ISO day (yyyy-mm-dd) read as a calendar date, so no time zone shifts it by a day. */
function parseDay(isoDay: string): Date | null {
  const date = new Date(`${isoDay.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "2024-03-14" → "March 14, 2024"; the raw text when it is not a date. */
export function formatReleaseDate(isoDay: string): string {
  const date = parseDay(isoDay);
  return date ? `${months[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}` : isoDay;
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
