import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { albums, featuredAlbumId, media, shortTrackId, type AudioMedia } from '../../infra/seed/catalogue.js';
import { frameCountFor, renderPcm, SAMPLE_RATE } from '../../infra/seed/media/audio.js';
import { renderAudio } from '../../infra/seed/media/mp3.js';
import { renderWav } from '../../infra/seed/media/wav.js';
import { instrumentalKey, masterKey } from '../../functions/platform/media-keys.js';

const audio = media.filter((object): object is AudioMedia => object.kind === 'audio');
const shortTrack = audio.find((object) => object.seed === shortTrackId)!;

/** Walks MPEG frame headers independently of the generator, checking each is MPEG-1 Layer III, 128 kbps, 44.1 kHz. */
function mp3Frames(bytes: Uint8Array): number {
  let offset = 0;
  let frames = 0;
  while (offset < bytes.length) {
    const [sync, version, rate] = [bytes[offset], bytes[offset + 1], bytes[offset + 2]];
    expect(sync).toBe(0xff);
    expect(version & 0xfe).toBe(0xfa); // 111 sync bits, 11 = MPEG-1, 01 = Layer III
    expect(rate >> 4).toBe(9); // 128 kbps
    expect((rate >> 2) & 3).toBe(0); // 44.1 kHz
    offset += Math.floor((144 * 128000) / 44100) + ((rate >> 1) & 1);
    frames++;
  }
  expect(offset).toBe(bytes.length);
  return frames;
}

describe('seeded audio', () => {
  it("encodes the featured album's short track as a 20-second MP3 of valid frames", async () => {
    expect(albums.find((album) => album.albumId === featuredAlbumId)!.tracks[0].trackId).toBe(shortTrackId);
    const { bytes, durationSeconds } = await renderAudio(shortTrack);
    const seconds = (mp3Frames(bytes) * 1152) / SAMPLE_RATE;
    expect(durationSeconds).toBe(seconds);
    expect(Math.abs(seconds - 20)).toBeLessThan(0.1);
  }, 60_000);

  it('gives every whole-second duration from 20 to 60 s an MP3 that lasts it to within 0.1 s', () => {
    fc.assert(
      fc.property(fc.integer({ min: 20, max: 60 }), (seconds) => {
        expect(Math.abs((frameCountFor(seconds) * 1152) / SAMPLE_RATE - seconds)).toBeLessThan(0.1);
      }),
    );
  });

  it('renders an instrumental of the same length without the lead melody, and not silent', () => {
    const samples = SAMPLE_RATE * shortTrack.durationSeconds;
    const full = renderPcm(shortTrack, samples);
    const instrumental = renderPcm(shortTrack, samples, { instrumental: true });
    expect(instrumental).toHaveLength(full.length);
    let differing = 0;
    let energy = 0;
    for (let i = 0; i < samples; i++) {
      if (Math.abs(full[i] - instrumental[i]) > 64) differing++;
      energy += Math.abs(instrumental[i]);
    }
    expect(differing / samples).toBeGreaterThan(0.2);
    expect(energy / samples).toBeGreaterThan(500);
  });

  it('gives every track of an album for sale a WAV master and an instrumental, and no other album any', () => {
    const masters = new Set(media.filter((object) => object.kind === 'master').map((object) => object.key));
    const forSale = albums.filter((album) => album.isAvailableForPurchase && !album.isDummyAlbum && album.tracks.some((t) => t.audioKey));
    expect(forSale.length).toBeGreaterThan(0);
    expect(masters).toEqual(
      new Set(
        forSale.flatMap((album) =>
          album.tracks.flatMap((t) => [masterKey(album.albumId, t.trackId), instrumentalKey(album.albumId, t.trackId)]),
        ),
      ),
    );
  });

  it('writes a master as a 16-bit 44.1 kHz mono WAV of exactly the samples its MP3 was encoded from', () => {
    const wav = Buffer.from(renderWav(shortTrack));
    const samples = (frameCountFor(shortTrack.durationSeconds) - 1) * 1152;
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.toString('ascii', 8, 16)).toBe('WAVEfmt ');
    expect([wav.readUInt16LE(20), wav.readUInt16LE(22), wav.readUInt32LE(24), wav.readUInt16LE(34)]).toEqual([1, 1, 44_100, 16]);
    expect(wav.readUInt32LE(40)).toBe(samples * 2);
    expect(wav.length).toBe(44 + samples * 2);
    const pcm = renderPcm(shortTrack, samples);
    expect(wav.subarray(44).equals(Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength))).toBe(true);
  }, 60_000);

  it('renders the same track identically every time', () => {
    expect(renderPcm(shortTrack, SAMPLE_RATE * 3)).toEqual(renderPcm(shortTrack, SAMPLE_RATE * 3));
  });

  it('renders two different tracks as audibly different music', () => {
    const [first, second] = audio.filter((object) => object.style === shortTrack.style);
    const length = SAMPLE_RATE * 15;
    const a = renderPcm(first, length);
    const b = renderPcm(second, length);
    let product = 0;
    let energyA = 0;
    let energyB = 0;
    for (let i = 0; i < length; i++) {
      product += a[i] * b[i];
      energyA += a[i] * a[i];
      energyB += b[i] * b[i];
    }
    expect(Math.abs(product) / Math.sqrt(energyA * energyB)).toBeLessThan(0.3);
  });

  it('is music rather than a single tone: its loudness and pitch move over time', () => {
    const pcm = renderPcm(
      audio.find((object) => object.style === 'synthwave')!,
      SAMPLE_RATE * 20,
    );
    const window = SAMPLE_RATE / 10;
    const loudness: number[] = [];
    const crossings: number[] = [];
    for (let start = 0; start + window <= pcm.length; start += window) {
      let energy = 0;
      let count = 0;
      for (let i = start; i < start + window; i++) {
        energy += pcm[i] * pcm[i];
        if (i > start && pcm[i - 1] < 0 !== pcm[i] < 0) count++;
      }
      loudness.push(Math.sqrt(energy / window));
      crossings.push(count);
    }
    const spread = (values: number[]) => Math.max(...values) / Math.max(1, Math.min(...values.slice(5, -5)));
    expect(spread(loudness)).toBeGreaterThan(1.5);
    expect(spread(crossings)).toBeGreaterThan(1.5);
  });
});
