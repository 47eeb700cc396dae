import { describe, expect, it } from 'vitest';
import { toCsv } from './dashboard-csv';
import { change, customProblem, presetRange, rangeOf } from './dashboard-range';

const today = new Date('2026-03-31T15:00:00.000Z');

describe('the dashboard range', () => {
  it('reads a preset or a custom range from the URL, and the last 30 days from anything else', () => {
    expect(rangeOf(new URLSearchParams('range=7'), today)).toEqual({ kind: 'preset', days: 7, from: '2026-03-25', to: '2026-03-31' });
    expect(rangeOf(new URLSearchParams('from=2026-01-01&to=2026-01-31'), today)).toEqual({
      kind: 'custom',
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(rangeOf(new URLSearchParams('range=12'), today)).toEqual(presetRange(30, today));
    expect(rangeOf(new URLSearchParams('from=2026-02-30&to=2026-03-01'), today)).toEqual(presetRange(30, today));
  });
  it('says why a custom range cannot be asked for', () => {
    expect(customProblem('2026-03-02', '2026-03-01')).toMatch(/after/);
    expect(customProblem('2024-01-01', '2026-01-01')).toMatch(/366/);
    expect(customProblem('', '2026-01-01')).toMatch(/both/);
    expect(customProblem('2026-01-01', '2026-01-01')).toBeNull();
  });
  it('gives the change against the period before, or none when it had nothing', () => {
    expect(change(15, 10)).toBe(0.5);
    expect(change(5, 10)).toBe(-0.5);
    expect(change(5, 0)).toBeNull();
  });
});

describe('the CSV export', () => {
  it('quotes what needs it and ends each line with CRLF', () => {
    expect(
      toCsv(
        ['Album', 'Plays'],
        [
          ['Night, Drive', 3],
          ['Say "hi"', null],
        ],
      ),
    ).toBe('Album,Plays\r\n"Night, Drive",3\r\n"Say ""hi""",\r\n');
  });
});
