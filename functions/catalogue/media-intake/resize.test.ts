import { describe, expect, it } from 'vitest';
import { resizeCover, type Rgba } from './resize.js';

/** An image whose pixel (x, y) has the colour `colour(x, y)`, opaque. */
function image(width: number, height: number, colour: (x: number, y: number) => [number, number, number]): Rgba {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set([...colour(x, y), 255], (y * width + x) * 4);
  }
  return { width, height, data };
}

/** The output's pixels as [r, g, b] rows. */
function pixels(data: Uint8Array, width: number): number[][][] {
  const rows: number[][][] = [];
  for (let at = 0; at < data.length; at += 4) {
    const x = (at / 4) % width;
    if (x === 0) rows.push([]);
    expect(data[at + 3]).toBe(255);
    rows.at(-1)!.push([data[at], data[at + 1], data[at + 2]]);
  }
  return rows;
}

describe('resizeCover', () => {
  it('shrinks by averaging the pixels each output pixel covers', () => {
    // Four 2 × 2 blocks: each output pixel is its block's mean, rounded.
    const source = image(4, 4, (x, y) => [x < 2 ? 10 : 200, y < 2 ? 0 : 100, x + y]);
    expect(pixels(resizeCover(source, 2, 2), 2)).toEqual([
      [
        [10, 0, 1],
        [200, 0, 3],
      ],
      [
        [10, 100, 3],
        [200, 100, 5],
      ],
    ]);
  });

  it('keeps the centred part with the output’s shape: a wide image loses its sides', () => {
    // 6 × 2 to a square: the middle 2 × 2 (columns 2 and 3), averaged.
    const source = image(6, 2, (x) => [x * 40, 0, 0]);
    expect(pixels(resizeCover(source, 1, 1), 1)).toEqual([[[100, 0, 0]]]);
  });

  it('grows bilinearly, from the edge pixels outwards', () => {
    // Two pixels, black and 200, to four: the outer ones keep the edge colours, the inner ones blend a quarter and three.
    const source = image(2, 1, (x) => [x * 200, x * 200, x * 200]);
    const grown = pixels(resizeCover(source, 4, 2), 4);
    expect(grown[0].map(([red]) => red)).toEqual([0, 50, 150, 200]);
    expect(grown[1]).toEqual(grown[0]);
  });
});
