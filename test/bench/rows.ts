/** One line of the bench's table, and the small helpers its sections share. */
export interface Row {
  what: string;
  measured: string;
  budget: string;
  /** ≥ 1 means within budget. */
  ratio: number;
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** Debian's Chromium, as the browser tests launch it (test/e2e/browser.ts). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags this sandbox needs; audio may start without a gesture and is never heard. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-extensions',
  '--autoplay-policy=no-user-gesture-required',
  '--mute-audio',
];
