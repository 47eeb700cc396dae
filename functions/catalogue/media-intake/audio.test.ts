import { describe, expect, it } from 'vitest';
import { flacBytes, id3v2Tag, mp3Bytes, wavBytes, wavInspection } from './audio.fixtures.js';
import { inspectAudioSource } from './audio.js';
import { bytesSource } from './source.js';

const inspect = (bytes: Uint8Array) => inspectAudioSource(bytesSource(bytes));

describe('inspectAudio: accepted files', () => {
  it('reads a 16-bit stereo WAV', async () => {
    expect(await inspect(wavBytes({ seconds: 2 }))).toEqual(wavInspection(2));
  });

  it('reads WAVs of other depths and rates, and one with a LIST chunk before its audio', async () => {
    const list: [string, Uint8Array] = ['LIST', Buffer.from('INFOISFT\x0e\x00\x00\x00Toko test\x00\x00\x00\x00\x00')];
    for (const spec of [
      { seconds: 1, bitsPerSample: 24 as const, sampleRate: 96_000, channels: 2 },
      { seconds: 1, float: true, sampleRate: 48_000, channels: 1 },
      { seconds: 1, bitsPerSample: 8 as const, channels: 1, extraChunks: [list] },
    ]) {
      expect(await inspect(wavBytes(spec))).toMatchObject({
        ok: true,
        format: 'wav',
        durationSeconds: 1,
        sampleRate: spec.sampleRate ?? 44_100,
      });
    }
  });

  it('reads an MP3, with or without an ID3v2 tag', async () => {
    const mp3 = mp3Bytes({ seconds: 3, channels: 2 });
    const result = await inspect(mp3);
    expect(result).toMatchObject({ ok: true, format: 'mp3', sampleRate: 44_100, channels: 2, lossless: false });
    // The encoder's start-up delay adds up to two frames (2 × 1152 samples).
    expect(result.ok && result.durationSeconds).toBeCloseTo(3, 0);
    expect(await inspect(Buffer.concat([id3v2Tag('Night Garden'), mp3Bytes({ seconds: 1, channels: 1 })]))).toMatchObject({
      ok: true,
      format: 'mp3',
      channels: 1,
    });
  });

  it('reads a FLAC', async () => {
    expect(await inspect(flacBytes({ seconds: 1.5, channels: 2 }))).toEqual({
      ok: true,
      format: 'flac',
      durationSeconds: 1.5,
      sampleRate: 44_100,
      channels: 2,
      lossless: true,
    });
    expect(await inspect(flacBytes({ seconds: 1, channels: 1, bitsPerSample: 24, sampleRate: 48_000 }))).toMatchObject({
      ok: true,
      channels: 1,
    });
  });
});

describe('inspectAudio: refused files, with a reason the form shows', () => {
  it('refuses an empty file', async () => {
    expect(await inspect(new Uint8Array(0))).toEqual({ ok: false, reason: 'The file is empty.' });
  });

  it('refuses text renamed to .mp3, and other files that are not audio', async () => {
    expect(await inspect(Buffer.from('Track 1: Night Garden\nTrack 2: Coastline\n'.repeat(50)))).toEqual({
      ok: false,
      reason: 'This file is not audio (it looks like text). Upload an MP3, WAV or FLAC file.',
    });
    expect(await inspect(Buffer.from('{"title":"Ünïcödé"}'))).toMatchObject({ reason: expect.stringContaining('looks like text') });
    expect(await inspect(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]))).toMatchObject({
      reason: expect.stringContaining('it looks like a JPG image'),
    });
    expect(await inspect(Buffer.from('OggS\0\x02\0\0\0\0\0\0\0\0'))).toMatchObject({
      reason: 'Ogg audio is not accepted. Upload an MP3, WAV or FLAC file.',
    });
    expect(await inspect(Buffer.from([0x00, 0x01, 0x02, 0x03, 0xfe, 0x80, 0x81]))).toMatchObject({
      reason: 'This file is not MP3, WAV or FLAC audio. Upload an MP3, WAV or FLAC file.',
    });
  });

  it('refuses a WAV whose audio data is longer than the file', async () => {
    const wav = wavBytes({ seconds: 2 });
    expect(await inspect(wav.subarray(0, wav.length - 1000))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^The file is cut short: its audio should be 0\.3 MB, but only 0\.3 MB arrived/),
    });
    expect(await inspect(wav.subarray(0, 30))).toMatchObject({ ok: false, reason: expect.stringContaining('The file is cut short') });
  });

  it('refuses a compressed WAV the transcoder cannot read', async () => {
    const adpcm = wavBytes({ seconds: 0.1 });
    adpcm.writeUInt16LE(2, 20);
    expect(await inspect(adpcm)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('compressed or has an unusual sample format'),
    });
  });

  it('refuses a WAV whose sample rate no MP3 can be made from, instead of failing in the transcoder on every try', async () => {
    expect(await inspect(wavBytes({ seconds: 0.5, sampleRate: 7_000 }))).toEqual({
      ok: false,
      reason: 'A sample rate of 7000 Hz is not supported. Export the file at 44.1 or 48 kHz (or a multiple of them).',
    });
    // 96 kHz is twice an MP3 rate: accepted.
    expect(await inspect(wavBytes({ seconds: 0.1, sampleRate: 96_000 }))).toMatchObject({ ok: true, sampleRate: 96_000 });
  });

  it('refuses a FLAC cut short, wherever the cut is', async () => {
    const flac = flacBytes({ seconds: 1.5, channels: 2 });
    for (const cut of [42, 8000, 100_000, flac.length - 1]) {
      expect(await inspect(flac.subarray(0, cut))).toMatchObject({ ok: false, reason: expect.stringContaining('The file is cut short') });
    }
    // A cut right after a whole frame leaves valid frames, but fewer samples than STREAMINFO announces.
    const frameEnd = flac.length - 2 * (1 + 614 * 2) - 8 - 2;
    expect(await inspect(flac.subarray(0, frameEnd))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('The file is cut short'),
    });
  });

  it('refuses an MP3 cut inside a frame, and a file with no MP3 frames', async () => {
    const mp3 = mp3Bytes({ seconds: 2 });
    expect(await inspect(mp3.subarray(0, mp3.length - 100))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('The file is cut short'),
    });
    expect(await inspect(Buffer.concat([id3v2Tag('x'), Buffer.alloc(5000, 0x55)]))).toEqual({
      ok: false,
      reason: 'This file has no MP3 audio in it (it may be damaged, or not an MP3).',
    });
    expect(await inspect(id3v2Tag('only a tag'))).toMatchObject({ ok: false, reason: expect.stringContaining('cut short') });
  });
});
