/**
 * An artist's avatar and header as the app serves them: an uploaded JPEG or PNG (the admin's crop of it), resized on
 * the server to its served size, stored as a JPEG under a key naming its content, then recorded on the artist's stream.
 */
import { createHash } from 'node:crypto';
import { DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { artistDecider, type ArtistCommand, type ArtistState } from './domain/artist.js';
import { invalid } from '../platform/errors.js';
import { s3Client } from '../platform/aws.js';
import { loadArtist, runArtistCommand } from './catalogue-commands.js';
import type { CommandContext } from '../platform/command.js';
import { env } from '../platform/env.js';
import { resizeImage, type ImageTarget } from './media-intake/artwork.js';
import { mediaUrl } from '../platform/media-keys.js';

export type ArtistImage = 'avatar' | 'header';

/**
 * Served sizes: the avatar as the crop dialog makes it (a square; the artist page shows it at 176 px, twice that on a
 * dense screen), the header as a 3:1 band wide enough for a 1440 px desktop.
 */
const artistImageTargets: Record<ArtistImage, ImageTarget> = {
  avatar: { width: 400, height: 400, minWidth: 100, minHeight: 100, label: 'an avatar', upload: 'the avatar' },
  header: { width: 1500, height: 500, minWidth: 600, minHeight: 200, label: 'a header', upload: 'the header' },
};

/**
 * Makes `bytes` the artist's `image` and answers the artist as it now is. A file that cannot be that image is refused
 * (`invalid`, naming the field `image`) before anything is written; so is an artist who is missing or archived.
 */
export async function changeArtistImage(
  artistId: string,
  image: ArtistImage,
  bytes: Buffer,
  context: CommandContext,
): Promise<ArtistState> {
  const resized = await resizeImage(bytes, artistImageTargets[image]);
  if (!resized.ok) throw invalid('invalid_image', resized.reason, image);
  const key = `images/artists/${image}-${createHash('sha256').update(artistId).update(resized.jpeg).digest('hex').slice(0, 24)}.jpg`;
  const command: ArtistCommand = { type: 'ChangeArtistImage', artistId, image, url: mediaUrl(key) };
  // The decider's refusals (no such artist, archived) come before the upload is stored, so they leave nothing behind.
  const current = await loadArtist(artistId, context.eventStore);
  if (artistDecider.decide(command, current).length === 0) return current;
  const bucket = env().MEDIA_BUCKET;
  await s3Client().send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: key,
      Body: resized.jpeg,
      ContentType: 'image/jpeg',
      // The key changes with the content, so it may be cached for good. Replaced images stay: the artist's history shows them.
      CacheControl: 'public, max-age=31536000, immutable',
    }),
  );
  try {
    return (await runArtistCommand(artistId, command, context)).state;
  } catch (error) {
    // Archived meanwhile: the image the refused command would have named goes too.
    await s3Client().send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    throw error;
  }
}
