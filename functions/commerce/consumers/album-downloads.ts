/**
 * Queue consumer: builds the download ZIP of each album for sale when it is published (or put on sale):
 * MP3s, lossless masters (WAV, or FLAC as the label uploaded them), instrumentals where the label has them, and the cover art, streamed into the
 * media bucket under downloads/ (never served publicly: buyers get short-lived signed URLs). Then
 * records AlbumDownloadBuilt. Rebuilding is harmless: the same key is overwritten.
 */
import type { Logger } from '@aws-lambda-powertools/logger';
import { brand } from '../../../events/brand.js';
import { albumDecider, albumStream, inTrackOrder } from '../../catalogue/index.js';
import { instrumentalMaster, losslessMaster } from '../album-masters.js';
import { appendBlind, readStream } from '../../platform/event-store.js';
import { objectExists, readObject, uploadStream } from '../../platform/s3-stream.js';
import { reactorConsumer } from '../../platform/reactor.js';
import { getView } from '../../platform/views.js';
import { zipStream, type ZipEntry } from '../zip.js';
import { downloadKey } from '../projections/commerce.js';

export const downloadObjectKey = (albumId: string, title: string) =>
  `downloads/${albumId}/${title.replace(/[^\p{L}\p{N} ._&-]+/gu, '').trim() || albumId}.zip`;

const fileName = (n: number, title: string) => `${String(n).padStart(2, '0')} ${title.replace(/[/\\:*?"<>|]+/g, '-')}`;

async function buildAlbum(albumId: string, correlationId: string, logger: Logger) {
  const state = (await readStream(albumStream(albumId))).reduce(albumDecider.evolve, albumDecider.initialState);
  if (!state.exists || !('details' in state)) return;
  const { details } = state;
  if (!details.isAvailableForPurchase || details.isDummyAlbum) return;
  if (await getView(downloadKey(albumId))) return;
  const published = (await readStream(albumStream(albumId))).find((e) => e.type === 'AlbumPublished');
  if (published?.type !== 'AlbumPublished') return;
  const tracks = inTrackOrder(published.data.tracks);
  const modified = new Date(`${details.releaseDate}T12:00:00Z`);
  const files: string[] = [];
  const formats = new Set<string>();

  async function* entries(): AsyncGenerator<ZipEntry> {
    const cover = details.artwork?.startsWith('/media/') ? details.artwork.slice('/media/'.length) : null;
    if (cover && (await objectExists(cover))) {
      const name = `cover${cover.match(/\.[a-z0-9]+$/i)?.[0].toLowerCase() ?? ''}`;
      files.push(name);
      yield { name, modified, data: readObject(cover) };
    }
    for (const track of tracks) {
      const base = fileName(track.trackNumber, track.title);
      if (track.audioKey && (await objectExists(track.audioKey))) {
        files.push(`MP3/${base}.mp3`);
        formats.add('MP3 (128 kbps)');
        yield { name: `MP3/${base}.mp3`, modified, data: readObject(track.audioKey) };
      }
      const master = await losslessMaster(albumId, track);
      if (master?.format === 'wav') {
        files.push(`WAV/${base}.wav`);
        formats.add('WAV (16-bit, 44.1 kHz)');
        yield { name: `WAV/${base}.wav`, modified, data: master.data };
      } else if (master) {
        files.push(`FLAC/${base}.flac`);
        formats.add('FLAC');
        yield { name: `FLAC/${base}.flac`, modified, data: master.data };
      }
      const instrumental = await instrumentalMaster(albumId, track);
      if (instrumental) {
        files.push(`Instrumentals/${base} (Instrumental).wav`);
        formats.add('Instrumentals (WAV)');
        yield { name: `Instrumentals/${base} (Instrumental).wav`, modified, data: instrumental };
      }
    }
    const readme = [
      `${details.title}`,
      `${brand.labelName} · ${details.copyright ?? ''}`.trim(),
      '',
      `Formats: ${[...formats].join(', ') || 'none'}.`,
      'Tracks:',
      ...tracks.map((t) => `  ${fileName(t.trackNumber, t.title)}`),
      '',
      `Thank you for supporting the artists of ${brand.labelName}. Questions: ${brand.supportEmail}`,
      '',
    ].join('\n');
    files.push('README.txt');
    yield { name: 'README.txt', modified, data: [Buffer.from(readme, 'utf8')] };
  }

  const key = downloadObjectKey(albumId, details.title);
  const bytes = await uploadStream(key, zipStream(entries()), 'application/zip');
  await appendBlind(`download#${albumId}`, [{ type: 'AlbumDownloadBuilt', data: { albumId, key, bytes, files } }], {
    actor: 'album-downloads',
    correlationId,
  });
  logger.info('album download built', { albumId, key, bytes, files: files.length });
}

export const handler = reactorConsumer('album-downloads', async (event, logger) => {
  if (event.type !== 'AlbumPublished' && event.type !== 'AlbumDetailsChanged') return;
  await buildAlbum(event.data.albumId, event.meta.correlationId, logger);
});
