/**
 * Seeds the label: media into the bucket, then the catalogue through the same commands the admin
 * panel uses (so it is all events). Idempotent: what exists already is left as it is.
 */
import { readFile } from 'node:fs/promises';
import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { s3Client } from '../../functions/platform/aws.js';
import { createArtist, publishAlbum } from '../../functions/catalogue/catalogue-commands.js';
import { createPlaylist } from '../../functions/catalogue/playlist-commands.js';
import { publishVideo } from '../../functions/catalogue/video-commands.js';
import { DomainError } from '../../functions/platform/errors.js';
import { eachConcurrently } from '../../functions/platform/concurrently.js';
import { env } from '../../functions/platform/env.js';
import type { ViewKey } from '../../functions/platform/projection.js';
import { getView } from '../../functions/platform/views.js';
import { albumKey, artistKey } from '../../functions/catalogue/projections/catalogue.js';
import { searchKey } from '../../functions/search/projections/search.js';
import { albums, artists, exclusiveVideos, playlists } from './catalogue.js';
import { generateMedia } from './media/index.js';
import { dynamoEventStore } from '../../functions/platform/event-store.js';

const context = { actor: 'seed', correlationId: 'seed', eventStore: dynamoEventStore };

async function exists(key: string): Promise<boolean> {
  try {
    await s3Client().send(new HeadObjectCommand({ Bucket: env().MEDIA_BUCKET, Key: key }));
    return true;
  } catch {
    return false;
  }
}

/**
 * Waits until every key is in the views. A projector takes the streams of a batch at once, and of two batches one may
 * go before the other: without the wait, an album read its artist before the artist was projected, failed, and
 * waited for its redelivery, a failed record at every fresh start.
 */
async function projected(keys: ViewKey[]): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (const key of keys) {
    while (!(await getView(key))) {
      if (Date.now() > deadline) throw new Error(`The seed's ${key.pk} ${key.sk} was not projected within two minutes`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** Runs a catalogue command; "already exists" means an earlier seed did it. */
async function once(command: () => Promise<unknown>): Promise<boolean> {
  try {
    await command();
    return true;
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'conflict') return false;
    throw error;
  }
}

export async function seed(opts: { mediaCacheDir: string; log?: (line: string) => void }): Promise<{ uploaded: number; created: number }> {
  const log = opts.log ?? (() => {});
  const files = await generateMedia(opts.mediaCacheDir, {
    onProgress: ({ key, status }) => status === 'generated' && log(`generated ${key}`),
  });
  let uploaded = 0;
  // Eight at a time: the masters are megabytes each, and all of them at once would sit in memory together.
  await eachConcurrently(files, 8, async (file) => {
    if (await exists(file.key)) return;
    await s3Client().send(
      new PutObjectCommand({
        Bucket: env().MEDIA_BUCKET,
        Key: file.key,
        Body: await readFile(file.path),
        ContentType: file.contentType,
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
    uploaded++;
  });
  let created = 0;
  for (const artist of artists) if (await once(() => createArtist(artist, context))) created++;
  // An album's projection reads its artist, a playlist's its albums: each waits until what it reads is in the views.
  await projected(artists.flatMap((a) => [artistKey(a.artistId), searchKey('artist', a.artistId)]));
  for (const album of albums) if (await once(() => publishAlbum(album, context))) created++;
  const inPlaylists = [...new Set(playlists.flatMap((p) => p.tracks.map((t) => t.albumId)))];
  await projected([...albums.map((a) => albumKey(a.albumId)), ...inPlaylists.map((id) => searchKey('album', id))]);
  for (const playlist of playlists) if (await once(() => createPlaylist(playlist, context))) created++;
  for (const video of exclusiveVideos) if (await once(() => publishVideo(video, context))) created++;
  log(`seed: ${uploaded} media uploaded, ${created} catalogue records created`);
  return { uploaded, created };
}
