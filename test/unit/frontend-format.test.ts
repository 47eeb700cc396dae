import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  formatMoney,
  formatPlays,
  formatReleaseDate,
  formatSongCount,
  releaseYear,
  totalMinutes,
  formatRunningTime,
} from '../../frontend/src/lib/format';

describe('durations', () => {
  it('read as m:ss', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(5)).toBe('0:05');
    expect(formatDuration(65.9)).toBe('1:05');
    expect(formatDuration(600)).toBe('10:00');
    expect(formatDuration(3725)).toBe('62:05');
  });

  it('read as --:-- when unknown', () => {
    expect([null, undefined, Number.NaN, Number.POSITIVE_INFINITY, -1].map(formatDuration)).toEqual(Array(5).fill('--:--'));
  });

  it('total whole minutes, rounded down', () => {
    expect(totalMinutes(0)).toBe(0);
    expect(totalMinutes(59)).toBe(0);
    expect(totalMinutes(2399)).toBe(39);
    expect(totalMinutes(2400)).toBe(40);
  });
  it('read a running time in minutes, and a release under a minute in seconds rather than "0 min"', () => {
    expect(formatRunningTime(5)).toBe('5 sec');
    expect(formatRunningTime(1, 'long')).toBe('1 second');
    expect(formatRunningTime(59, 'long')).toBe('59 seconds');
    expect(formatRunningTime(60)).toBe('1 min');
    expect(formatRunningTime(60, 'long')).toBe('1 minute');
    expect(formatRunningTime(2399, 'long')).toBe('39 minutes');
  });
});

describe('money', () => {
  it('is US dollars with two decimals, en-US', () => {
    expect(formatMoney(9.99)).toBe('$9.99');
    expect(formatMoney(5)).toBe('$5.00');
    expect(formatMoney(6.993)).toBe('$6.99');
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(-5)).toBe('-$5.00');
  });

  it('reads as en-US Intl formatting reads any amount of cents', () => {
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), (cents) => {
        expect(formatMoney(cents / 100)).toBe(usd.format(cents / 100));
      }),
    );
  });
});

describe('counts and dates', () => {
  it('say plays and songs in words', () => {
    expect(formatPlays(0)).toBe('0 plays');
    expect(formatPlays(1)).toBe('1 play');
    expect(formatPlays(12345)).toBe('12,345 plays');
    expect(formatSongCount(1)).toBe('1 song');
    expect(formatSongCount(12)).toBe('12 songs');
    const count = new Intl.NumberFormat('en-US');
    fc.assert(
      fc.property(fc.nat(), (plays) => {
        expect(formatPlays(plays)).toBe(`${count.format(plays)} ${plays === 1 ? 'play' : 'plays'}`);
      }),
    );
  });

  it('show a release day in full, whatever the time zone', () => {
    expect(formatReleaseDate('2024-03-01')).toBe('March 1, 2024');
    expect(formatReleaseDate('1999-12-31')).toBe('December 31, 1999');
    expect(formatReleaseDate('soon')).toBe('soon');
    const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
    fc.assert(
      fc.property(fc.date({ min: new Date('1900-01-01'), max: new Date('2199-12-31'), noInvalidDate: true }), (date) => {
        expect(formatReleaseDate(date.toISOString().slice(0, 10))).toBe(longDate.format(date));
      }),
    );
    expect(releaseYear('2024-01-01')).toBe('2024');
    expect(releaseYear('soon')).toBeNull();
  });
});
