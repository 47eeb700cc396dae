/**
 * The load the capacity model assumes (docs/capacity.md says why each figure is what it is). Every rate is per
 * daily listener per day; the peak hour runs at PEAK_FACTOR times the day's mean. Pure.
 */
export const PLAYS_PER_LISTENER_PER_DAY = 30;
export const PEAK_FACTOR = 3;
/** One viral album takes this share of the peak's plays. */
export const VIRAL_SHARE = 0.2;

export interface Load {
  dailyListeners: number;
  /** Share of daily listeners who are signed in (the rest are guests: their plays feed only the rollups, which count them for the dashboard and the listeners). */
  signedInShare: number;
  /** Share of daily listeners who are Toko+ members (their plays also count toward the artists' statements). */
  memberShare: number;
  /** Per listener per day. */
  purchasesPerListener: number;
  signInsPerListener: number;
  libraryChangesPerListener: number;
  /** Page views (catalogue reads: home, album, artist pages) per listener per day. */
  pageViewsPerListener: number;
  /** The label's catalogue: albums, and tracks per album. */
  albums: number;
  tracksPerAlbum: number;
  /** An average play's audio (a four-minute track at 128 kbit/s), and the share of it fetched (skips, seeks). */
  audioBytesPerPlay: number;
  /** Days a month, for monthly cost. */
  daysPerMonth: number;
}

export const baseLoad = (dailyListeners: number): Load => ({
  dailyListeners,
  signedInShare: 0.6,
  memberShare: 0.1,
  purchasesPerListener: 0.005,
  signInsPerListener: 0.1,
  libraryChangesPerListener: 1,
  pageViewsPerListener: 8,
  albums: 300,
  tracksPerAlbum: 10,
  audioBytesPerPlay: 4 * 60 * 16_000,
  daysPerMonth: 30,
});

export const SCALES = [10_000, 100_000, 1_000_000] as const;

const SECONDS_PER_DAY = 86_400;

/** Per second, in the peak hour. */
export const peakRate = (perListenerPerDay: number, load: Load) =>
  (perListenerPerDay * load.dailyListeners * PEAK_FACTOR) / SECONDS_PER_DAY;

/** Per month, at the day's mean. */
export const monthlyCount = (perListenerPerDay: number, load: Load) => perListenerPerDay * load.dailyListeners * load.daysPerMonth;
