/**
 * Seeds the label: media into the bucket, then the catalogue through the same commands the admin
 * panel uses (so it is all events). Idempotent: what exists already is left as it is.
 */
import { readFile } from 'node:fs/promises';
import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { s3Client } from '../../functions/lib/aws.js';
import { createArtist, publishAlbum } from '../../functions/lib/catalogue-commands.js';
import { createPlaylist } from '../../functions/lib/playlist-commands.js';
import { publishVideo } from '../../functions/lib/video-commands.js';
import { DomainError } from '../../functions/domain/errors.js';
import { eachConcurrently } from '../../functions/lib/concurrently.js';
import { env } from '../../functions/lib/env.js';
import { albums, artists, exclusiveVideos, playlists } from './catalogue.js';
import { generateMedia } from './media/index.js';

const context = { actor: 'seed', correlationId: 'seed' };

async function exists(key: string): Promise<boolean> {
  try {
    await s3Client().send(new HeadObjectCommand({ Bucket: env().MEDIA_BUCKET, Key: key }));
    return true;
  } catch {
    return false;
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
  for (const album of albums) if (await once(() => publishAlbum(album, context))) created++;
  for (const playlist of playlists) if (await once(() => createPlaylist(playlist, context))) created++;
  for (const video of exclusiveVideos) if (await once(() => publishVideo(video, context))) created++;
  log(`seed: ${uploaded} media uploaded, ${created} catalogue records created`);
  return { uploaded, created };
}
