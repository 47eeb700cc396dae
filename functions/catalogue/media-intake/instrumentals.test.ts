// The header check that keeps a renamed text or an empty file from becoming a track's instrumental.
import { describe, expect, it } from 'vitest';
import { looksLikeWav } from './instrumentals.js';

const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));

describe('looksLikeWav', () => {
  it('takes a file that opens RIFF <size> WAVE', () => {
    expect(looksLikeWav(bytes('RIFF\x24\x08\x00\x00WAVE'), 2092)).toBe(true);
  });

  it('refuses a renamed text, an MP3 and a file too short to hold audio', () => {
    expect(looksLikeWav(bytes('hello, this is not a wav'), 2092)).toBe(false);
    expect(looksLikeWav(bytes('ID3\x04\x00\x00\x00\x00\x00\x00\x00\x00'), 2092)).toBe(false);
    expect(looksLikeWav(bytes('RIFF\x04\x00\x00\x00WAVE'), 12)).toBe(false);
    expect(looksLikeWav(new Uint8Array(), 0)).toBe(false);
  });
});
