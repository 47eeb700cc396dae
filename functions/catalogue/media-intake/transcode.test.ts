import { describe, expect, it } from 'vitest';
import { flacBytes, wavBytes } from './audio.fixtures.js';
import { inspectAudioSource } from './audio.js';
import { bytesSource } from './source.js';
import { encodeStreamingMp3 } from './transcode.js';

async function transcode(bytes: Uint8Array, format: 'wav' | 'flac') {
  const chunks: Uint8Array[] = [];
  for await (const chunk of encodeStreamingMp3(bytesSource(bytes), format)) chunks.push(chunk);
  const mp3 = Buffer.concat(chunks);
  const inspection = await inspectAudioSource(bytesSource(mp3));
  if (!inspection.ok) throw new Error(inspection.reason);
  return { ...inspection, kbps: (mp3.length * 8) / inspection.durationSeconds / 1000 };
}

describe('encodeStreamingMp3', () => {
  it('makes a 192 kbps stereo MP3 of a 16-bit WAV, as long as the WAV', async () => {
    const mp3 = await transcode(wavBytes({ seconds: 3, channels: 2 }), 'wav');
    expect(mp3).toMatchObject({ format: 'mp3', sampleRate: 44_100, channels: 2, lossless: false });
    // lamejs adds its start-up delay and pads the last frame: at most two frames (2 × 1152 samples).
    expect(mp3.durationSeconds).toBeGreaterThanOrEqual(3);
    expect(mp3.durationSeconds).toBeLessThan(3 + (2 * 1152) / 44_100 + 0.01);
    expect(mp3.kbps).toBeCloseTo(192, -1);
  });

  it('makes a 128 kbps mono MP3 of a mono WAV, and reads 8-bit and float samples', async () => {
    expect(await transcode(wavBytes({ seconds: 1, channels: 1, bitsPerSample: 8 }), 'wav')).toMatchObject({
      channels: 1,
      kbps: expect.closeTo(128, -1),
    });
    expect(await transcode(wavBytes({ seconds: 1, channels: 2, float: true, sampleRate: 48_000 }), 'wav')).toMatchObject({
      channels: 2,
      sampleRate: 48_000,
    });
  });

  it('brings a 96 kHz 24-bit master down to 48 kHz, and a surround master to its front pair', async () => {
    expect(await transcode(wavBytes({ seconds: 1, channels: 2, bitsPerSample: 24, sampleRate: 96_000 }), 'wav')).toMatchObject({
      sampleRate: 48_000,
      durationSeconds: expect.closeTo(1, 1),
    });
    expect(await transcode(wavBytes({ seconds: 0.5, channels: 6 }), 'wav')).toMatchObject({ channels: 2 });
  });

  it('decodes a FLAC and encodes it', async () => {
    const mp3 = await transcode(flacBytes({ seconds: 2, channels: 2 }), 'flac');
    expect(mp3).toMatchObject({ format: 'mp3', sampleRate: 44_100, channels: 2 });
    expect(mp3.durationSeconds).toBeCloseTo(2, 1);
    expect(await transcode(flacBytes({ seconds: 1, channels: 1, bitsPerSample: 24, sampleRate: 88_200 }), 'flac')).toMatchObject({
      sampleRate: 44_100,
      channels: 1,
    });
  });

  it('refuses a sample rate no MP3 can have', async () => {
    const odd = encodeStreamingMp3(bytesSource(wavBytes({ seconds: 0.1, sampleRate: 37_800, channels: 1 })), 'wav');
    await expect(odd.next()).rejects.toThrow('A sample rate of 37800 Hz cannot be made into an MP3');
  });
});
