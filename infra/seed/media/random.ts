/** A small seeded random source, so every generated medium is the same on every machine and every run. */
import { createHash } from 'node:crypto';

export interface Random {
  /** Uniform in [0, 1). */
  next(this: void): number;
  between(min: number, max: number): number;
  /** Integer in [0, max). */
  int(max: number): number;
  chance(probability: number): boolean;
  pick<T>(choices: readonly T[]): T;
}

/** mulberry32, seeded with the first four bytes of the seed's SHA-256. */
export function seededRandom(seed: string): Random {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0);
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (min, max) => min + (max - min) * next(),
    int: (max) => Math.floor(next() * max),
    chance: (probability) => next() < probability,
    pick: (choices) => choices[Math.floor(next() * choices.length)],
  };
}
