/**
 * Events outlive the code that wrote them: every version a release ever stored must stay readable by every later
 * release, and a version must be readable no later than the release that first writes it (docs/events-that-last.md).
 * The golden fixtures are what releases stored; `stored-versions.lock` pins them so none is changed or dropped.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { toStoredEvents } from '../functions/platform/event-store.js';
import { createRegistry, defineEvent, olderVersion, type NewEvent, type OlderVersion } from './envelope.js';
import { registry } from './index.js';

interface Fixture {
  file: string;
  stored: { type: string; schemaVersion: number; [key: string]: unknown };
  current: unknown;
}

type Registry = Pick<ReturnType<typeof createRegistry>, 'types' | 'definition' | 'currentVersion' | 'upcast'>;
/** What a release writes for an event it decided: the stored item, stamped with a schema version. */
type Writer = (event: NewEvent) => { schemaVersion: number };

const dir = fileURLToPath(new URL('./fixtures/', import.meta.url));
const lockFile = fileURLToPath(new URL('./stored-versions.lock', import.meta.url));

const fixtures: Fixture[] = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((file) => ({ file, ...(JSON.parse(readFileSync(dir + file, 'utf8')) as Omit<Fixture, 'file'>) }));

/** `<fixture file> <sha256 of its stored event>`, one a line: the versions releases have stored, never removed. */
const lock = new Map(
  readFileSync(lockFile, 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => line.trim().split(/\s+/) as [string, string]),
);

const digest = (stored: unknown) => createHash('sha256').update(JSON.stringify(stored)).digest('hex');

const writeWithEventStore: Writer = (event) =>
  toStoredEvents('lasting#fixture', 0, [event], { actor: 'test', correlationId: 'lasting', at: new Date('2026-01-01T00:00:00Z') })[0];

/** Every way the registry, its fixtures and its writer break the rule, in words a developer can act on. */
function lastingProblems(reg: Registry, all: Fixture[], pinned: Map<string, string>, write: Writer): string[] {
  const problems: string[] = [];
  const byFile = new Map(all.map((f) => [f.file, f]));

  for (const [file, hash] of pinned) {
    const fixture = byFile.get(file);
    if (!fixture) problems.push(`${file} was stored by a release and its fixture is gone: it must stay readable`);
    else if (digest(fixture.stored) !== hash)
      problems.push(`${file}'s stored event changed: a golden fixture records what a release wrote`);
  }
  for (const fixture of all) {
    if (!pinned.has(fixture.file))
      problems.push(`${fixture.file} is not pinned: add "${fixture.file} ${digest(fixture.stored)}" to events/stored-versions.lock`);
    const { type, schemaVersion } = fixture.stored;
    if (fixture.file !== `${type}.v${schemaVersion}.json`) problems.push(`${fixture.file} holds ${type} v${schemaVersion}`);
    try {
      const event = reg.upcast(fixture.stored);
      if (event.schemaVersion !== reg.currentVersion(type))
        problems.push(`${fixture.file} reads as v${event.schemaVersion}, not the current v${reg.currentVersion(type)}`);
      if (!isDeepStrictEqual(event.data, fixture.current))
        problems.push(`${fixture.file} reads as ${JSON.stringify(event.data)}, not its current ${JSON.stringify(fixture.current)}`);
    } catch (error) {
      problems.push(`${fixture.file} is not read by the current code: ${(error as Error).message}`);
    }
  }

  for (const type of reg.types) {
    const { versions } = reg.definition(type);
    versions.forEach((version, i) => {
      const v = i + 1;
      if (!byFile.has(`${type}.v${v}.json`)) problems.push(`${type} v${v} has no golden fixture events/fixtures/${type}.v${v}.json`);
      if (v < versions.length && !version.upcast) problems.push(`${type} v${v} has no upcast to v${v + 1}`);
      if (v === versions.length && version.upcast)
        problems.push(`${type} v${v} is the newest yet upcasts to a v${v + 1} no release defines`);
    });

    // What the writer stamps on the current shape must be a version this code reads back as that same shape.
    const sample = all.find((f) => f.stored.type === type)?.current;
    if (sample === undefined) continue;
    try {
      const written = write({ type, data: sample });
      if (written.schemaVersion > reg.currentVersion(type)) {
        problems.push(
          `the writer stamps ${type} v${written.schemaVersion}, which no reader upcasts (the newest read is v${reg.currentVersion(type)})`,
        );
      } else if (!isDeepStrictEqual(reg.upcast(written).data, sample)) {
        problems.push(`${type} as the writer stores it does not read back as it was decided`);
      }
    } catch (error) {
      problems.push(`${type} as the writer stores it is not read back: ${(error as Error).message}`);
    }
  }
  return problems;
}

describe('events that outlive the code', () => {
  it('reads every event version ever stored, upcast to the version the code consumes, and writes only versions it reads', () => {
    expect(lastingProblems(registry, fixtures, lock, writeWithEventStore)).toEqual([]);
  });

  it('pins every golden fixture, so changing or removing one is a failure and not a quiet edit', () => {
    expect([...lock.keys()].sort()).toEqual(fixtures.map((f) => f.file));
  });

  describe('the check itself', () => {
    const v1 = z.object({ trackId: z.string() });
    const v2 = z.object({ trackId: z.string(), seconds: z.number() });
    const stored = (schemaVersion: number, data: unknown) => ({
      streamId: 's',
      version: 1,
      type: 'TrackTried',
      schemaVersion,
      data,
      meta: { eventId: 'e', at: '2026-01-01T00:00:00.000Z', actor: 'test', correlationId: 'c' },
    });
    const twoVersions: Fixture[] = [
      { file: 'TrackTried.v1.json', stored: stored(1, { trackId: 't' }), current: { trackId: 't', seconds: 0 } },
      { file: 'TrackTried.v2.json', stored: stored(2, { trackId: 't', seconds: 3 }), current: { trackId: 't', seconds: 3 } },
    ];
    const pinnedAll = (all: Fixture[]) => new Map(all.map((f) => [f.file, digest(f.stored)]));
    const stamp =
      (schemaVersion: number): Writer =>
      (event) => ({ ...stored(schemaVersion, event.data) });

    it('passes a second version that ships with its upcast and its fixtures', () => {
      const reg = createRegistry([defineEvent('TrackTried', v2, [olderVersion(v1, (d) => ({ ...d, seconds: 0 }))])]);
      expect(lastingProblems(reg, twoVersions, pinnedAll(twoVersions), stamp(2))).toEqual([]);
    });

    it('fails a second version without the upcast from the first', () => {
      // The types refuse an older version without its upcast; the check still catches one forced past them.
      const withoutUpcast = { schema: v1 } as unknown as OlderVersion;
      const reg = createRegistry([defineEvent('TrackTried', v2, [withoutUpcast])]);
      expect(lastingProblems(reg, twoVersions, pinnedAll(twoVersions), stamp(2))).toEqual([
        'TrackTried.v1.json is not read by the current code: TrackTried v1 has no upcast to v2',
        'TrackTried v1 has no upcast to v2',
      ]);
    });

    it('fails a writer that stamps a version no reader upcasts', () => {
      const reg = createRegistry([defineEvent('TrackTried', v2, [olderVersion(v1, (d) => ({ ...d, seconds: 0 }))])]);
      expect(lastingProblems(reg, twoVersions, pinnedAll(twoVersions), stamp(3))).toEqual([
        'the writer stamps TrackTried v3, which no reader upcasts (the newest read is v2)',
      ]);
    });

    it('fails when a stored version is dropped (contracting before every release stopped reading it), or its fixture rewritten', () => {
      const reg = createRegistry([defineEvent('TrackTried', v1)]);
      const onlyFirst = [{ ...twoVersions[0], current: { trackId: 't' } }];
      const pinned = pinnedAll(twoVersions);
      pinned.set('TrackTried.v1.json', digest(stored(1, { trackId: 'other' })));
      expect(lastingProblems(reg, onlyFirst, pinned, stamp(1))).toEqual([
        "TrackTried.v1.json's stored event changed: a golden fixture records what a release wrote",
        'TrackTried.v2.json was stored by a release and its fixture is gone: it must stay readable',
      ]);
    });

    it('fails a new version without a fixture, and one not pinned', () => {
      const reg = createRegistry([defineEvent('TrackTried', v2, [olderVersion(v1, (d) => ({ ...d, seconds: 0 }))])]);
      const first = [twoVersions[0]];
      expect(lastingProblems(reg, first, new Map(), stamp(2))).toEqual([
        `TrackTried.v1.json is not pinned: add "TrackTried.v1.json ${digest(first[0].stored)}" to events/stored-versions.lock`,
        'TrackTried v2 has no golden fixture events/fixtures/TrackTried.v2.json',
      ]);
    });
  });
});
