/**
 * HyperLogLog for the dashboard's unique listeners: a day keeps 256 registers (one view item each, written only when
 * a listener raises one), and the registers of any days merge by taking each one's highest, so a range's unique
 * listeners are estimated from its days without reading a play. Standard error about 6.5%; exact in practice for a
 * few dozen listeners (linear counting). Pure.
 */

/** 2^8 registers. */
export const SKETCH_BITS = 8;
export const SKETCH_REGISTERS = 1 << SKETCH_BITS;

/** FNV-1a over UTF-16 code units, then murmur3's finaliser so every bit of the 32 depends on every input bit. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The register a listener falls in and the rank it gives it: 1 + the leading zeros of the hash's other 24 bits. */
export function sketchPoint(listenerId: string): { register: number; rank: number } {
  const h = hash32(listenerId);
  const register = h >>> (32 - SKETCH_BITS);
  const rest = (h << SKETCH_BITS) >>> 0;
  const rank = rest === 0 ? 32 - SKETCH_BITS + 1 : Math.clz32(rest) + 1;
  return { register, rank };
}

/** Registers as a dense array (0 where nothing was seen). */
export type Sketch = number[];
export const emptySketch = (): Sketch => new Array<number>(SKETCH_REGISTERS).fill(0);

/** Merges `from` into `into` (each register's highest). */
export function mergeSketch(into: Sketch, registers: Iterable<{ register: number; rank: number }>): Sketch {
  for (const { register, rank } of registers) if (rank > into[register]) into[register] = rank;
  return into;
}

/** The estimated number of distinct listeners (Flajolet et al. 2007, with linear counting for small numbers). */
export function estimate(sketch: Sketch): number {
  const m = SKETCH_REGISTERS;
  const alpha = 0.7213 / (1 + 1.079 / m);
  const sum = sketch.reduce((s, rank) => s + 2 ** -rank, 0);
  const raw = (alpha * m * m) / sum;
  const empty = sketch.filter((rank) => rank === 0).length;
  if (raw <= 2.5 * m && empty > 0) return Math.round(m * Math.log(m / empty));
  return Math.round(raw);
}
