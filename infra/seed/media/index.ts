/** Writes every media object of the seeded catalogue to a directory, regenerating only what is missing or out of date. */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { media, type MediaObject } from '../catalogue.js';
import { renderMedia } from './render.js';

export interface MediaFile {
  key: string;
  path: string;
  contentType: 'audio/mpeg' | 'audio/wav' | 'image/jpeg';
}

export interface GenerateMediaOptions {
  /** Defaults to every media object of the catalogue. */
  objects?: readonly MediaObject[];
  /** Worker threads rendering at once; defaults to the number of cores. 1 renders on the calling thread. */
  concurrency?: number;
  onProgress?: (progress: { key: string; status: 'generated' | 'unchanged' }) => void;
}

/** Lives in the media directory, beside the objects: key → fingerprint of its recipe and hash of the file written. */
export const MANIFEST_FILE = 'manifest.json';

type Manifest = Record<string, { fingerprint: string; sha256: string }>;

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

const contentTypes = { audio: 'audio/mpeg', master: 'audio/wav', image: 'image/jpeg' } as const satisfies Record<MediaObject['kind'], MediaFile['contentType']>;
const contentTypeOf = (object: MediaObject): MediaFile['contentType'] => contentTypes[object.kind];

/** The generators' own source is part of every fingerprint, so changing how media are made regenerates them. */
async function generatorFingerprint(): Promise<string> {
  const files = ['audio.ts', 'image.ts', 'mp3.ts', 'random.ts', 'wav.ts'];
  const sources = await Promise.all(files.map((file) => readFile(new URL(`./${file}`, import.meta.url), 'utf8')));
  return sha256(sources.join('\n'));
}

async function readManifest(path: string): Promise<Manifest> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as Manifest;
  } catch {
    return {};
  }
}

async function readHash(path: string): Promise<string | null> {
  try {
    return sha256(await readFile(path));
  } catch {
    return null;
  }
}

/** Renders on worker threads; resolves once every object has been handed to `write`. */
async function renderOnWorkers(objects: MediaObject[], concurrency: number, write: (object: MediaObject, bytes: Uint8Array) => Promise<void>) {
  const queue = [...objects];
  const workers = Array.from({ length: Math.min(concurrency, objects.length) }, () => new Worker(new URL('./render-worker.mjs', import.meta.url)));
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            let current: MediaObject | undefined;
            const next = () => {
              current = queue.shift();
              if (current) worker.postMessage(current);
              else resolve();
            };
            worker.on('message', ({ bytes }: { bytes: Uint8Array }) => {
              write(current!, bytes).then(next, reject);
            });
            worker.on('error', reject);
            worker.on('exit', (code) => reject(new Error(`Media worker exited with code ${code}`)));
            next();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

export async function generateMedia(dir: string, options: GenerateMediaOptions = {}): Promise<MediaFile[]> {
  const objects = options.objects ?? media;
  const manifestPath = join(dir, MANIFEST_FILE);
  const manifest = await readManifest(manifestPath);
  const generator = await generatorFingerprint();
  const fingerprintOf = (object: MediaObject) => sha256(generator + JSON.stringify(object));

  const stale: MediaObject[] = [];
  for (const object of objects) {
    const recorded = manifest[object.key];
    const upToDate = recorded?.fingerprint === fingerprintOf(object) && recorded.sha256 === (await readHash(join(dir, object.key)));
    if (upToDate) options.onProgress?.({ key: object.key, status: 'unchanged' });
    else stale.push(object);
  }

  // Writes are serialised so the manifest, rewritten after each file, never loses an entry.
  let writes = Promise.resolve();
  const write = (object: MediaObject, bytes: Uint8Array) => {
    writes = writes.then(async () => {
      const path = join(dir, object.key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, bytes);
      manifest[object.key] = { fingerprint: fingerprintOf(object), sha256: sha256(bytes) };
      await writeFile(`${manifestPath}.tmp`, JSON.stringify(manifest, null, 2));
      await rename(`${manifestPath}.tmp`, manifestPath);
      options.onProgress?.({ key: object.key, status: 'generated' });
    });
    return writes;
  };

  await mkdir(dir, { recursive: true });
  const concurrency = options.concurrency ?? availableParallelism();
  if (concurrency <= 1 || stale.length <= 1) {
    for (const object of stale) await write(object, await renderMedia(object));
  } else {
    await renderOnWorkers(stale, concurrency, write);
  }

  return objects.map((object) => ({ key: object.key, path: join(dir, object.key), contentType: contentTypeOf(object) }));
}
