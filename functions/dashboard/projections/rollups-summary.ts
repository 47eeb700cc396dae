/**
 * A finished day's rollups closed into one summary: the day's ROLLUP_DAY_SHARDS partitions (rollups.ts) merged into one
 * item per album, track, artist and tier, the label's totals and the day's listener sketch, packed into a few items of
 * one partition, so a dashboard reads a closed day in one small Query whatever the number of its events. A day that
 * may be closed and gets a late event is marked dirty in that partition (rollups.ts): readers then add up its shards,
 * and the closing job (functions/dashboard/scheduled/close-rollup-days.ts) closes it again. Pure.
 */
import type { ViewItem } from '../../platform/projection.js';
import { ROLLUP_LABEL, rollupSketchSk, rollupSummaryPartition, DIRTY_SK } from './rollups.js';
import { SKETCH_REGISTERS, emptySketch, mergeSketch, type Sketch } from './rollups-sketch.js';

export const SUMMARY_SK = 'summary';

export const summaryChunkSk = (index: number) => `chunk#${String(index).padStart(4, '0')}`;
/**
 * Chunks of a summary stay under this many bytes of entries, well below DynamoDB's 400 KB item limit (the entries are
 * one JSON string, whose UTF-8 length is what DynamoDB counts), and a summary's items under a transaction's 4 MB.
 */
export const SUMMARY_CHUNK_BYTES = 300_000;

/** Number fields that name an item rather than count: kept, not added up, when shards merge. */
const IDENTITY_FIELDS = new Set(['tierDollars', 'register']);

/** A day's rollups merged: the label's totals, the sketch, and one entry per other item in the order first read. */
export interface MergedDay {
  label: Record<string, number>;
  sketch: Sketch;
  entries: ViewItem[];
}

/**
 * Merges a day's shard items: items of one sort key add up their counts (the first read keeps its names, as
 * rollups-figures.ts takes them from the first item it reads), and the sketch takes each register's highest rank.
 */
export function mergeDay(items: readonly ViewItem[]): MergedDay {
  const label: Record<string, number> = {};
  const sketch = emptySketch();
  const entries = new Map<string, ViewItem>();
  for (const item of items) {
    if (item.sk === ROLLUP_LABEL) {
      for (const [field, value] of Object.entries(item)) if (typeof value === 'number') label[field] = (label[field] ?? 0) + value;
    } else if (item.sk.startsWith('sketch#')) {
      mergeSketch(sketch, [{ register: item.register as number, rank: item.rank as number }]);
    } else {
      // An album's plays and sales count for the artist its item names: one moved to another artist that day stays two.
      const id = item.sk.startsWith('album#') ? `${item.sk}|${String(item.artistId)}` : item.sk;
      const seen = entries.get(id);
      if (!seen) entries.set(id, { ...item });
      else
        for (const [field, value] of Object.entries(item))
          if (typeof value === 'number' && !IDENTITY_FIELDS.has(field)) seen[field] = ((seen[field] as number | undefined) ?? 0) + value;
    }
  }
  return { label, sketch, entries: [...entries.values()] };
}

/**
 * The items of a day's summary: one with the label's totals and the sketch's registers, and the entries in chunks of
 * at most `chunkBytes`. `generation` names this closing; a reader takes only chunks of the summary's generation.
 */
export function summaryItems(
  day: string,
  merged: MergedDay,
  closing: { at: string; generation: string },
  chunkBytes = SUMMARY_CHUNK_BYTES,
) {
  const pk = rollupSummaryPartition(day);
  const chunks: string[][] = [];
  let size = 0;
  for (const entry of merged.entries) {
    // The partition key is the summary's own, so not repeated in each entry.
    const { pk: _shard, ...rest } = entry;
    const json = JSON.stringify(rest);
    const bytes = Buffer.byteLength(json) + 1;
    if (bytes + 2 > chunkBytes) throw new Error(`A rollup item of ${day} is ${bytes} bytes, more than a summary chunk holds`);
    // Each chunk's entries are one JSON array: its brackets and a comma per entry.
    if (!chunks.length || size + bytes + 2 > chunkBytes) {
      chunks.push([]);
      size = 0;
    }
    chunks[chunks.length - 1].push(json);
    size += bytes;
  }
  const summary: ViewItem = {
    pk,
    sk: SUMMARY_SK,
    day,
    closedAt: closing.at,
    generation: closing.generation,
    chunks: chunks.length,
    label: merged.label,
    registers: merged.sketch,
  };
  return [
    summary,
    ...chunks.map((jsons, i): ViewItem => ({ pk, sk: summaryChunkSk(i), generation: closing.generation, entries: `[${jsons.join(',')}]` })),
  ];
}

/**
 * The day's merged items from its summary partition, as rollups-figures.ts reads a day's shards; undefined when the
 * day is not closed (no summary), marked dirty, or its chunks are not all there, and its shards must be read instead.
 */
export function summaryDay(partition: readonly ViewItem[]): ViewItem[] | undefined {
  const bySk = new Map(partition.map((item) => [item.sk, item]));
  const summary = bySk.get(SUMMARY_SK);
  if (!summary || bySk.has(DIRTY_SK)) return undefined;
  const entries: ViewItem[] = [];
  for (let i = 0; i < (summary.chunks as number); i++) {
    const chunk = bySk.get(summaryChunkSk(i));
    if (!chunk || chunk.generation !== summary.generation) return undefined;
    for (const entry of JSON.parse(chunk.entries as string) as Omit<ViewItem, 'pk'>[])
      entries.push({ ...entry, pk: summary.pk } as ViewItem);
  }
  const registers = summary.registers as number[];
  const sketch: ViewItem[] = [];
  for (let register = 0; register < SKETCH_REGISTERS; register++)
    if (registers[register] > 0) sketch.push({ pk: summary.pk, sk: rollupSketchSk(register), register, rank: registers[register] });
  return [{ pk: summary.pk, sk: ROLLUP_LABEL, ...(summary.label as Record<string, number>) }, ...entries, ...sketch];
}
