import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MediaObject } from '../../infra/seed/catalogue.js';
import { generateMedia, MANIFEST_FILE } from '../../infra/seed/media/index.js';

const objects: MediaObject[] = [
  { key: 'images/avatars/artist-test.jpg', kind: 'image', seed: 'test-avatar', variant: 'avatar', width: 400, height: 400, hue: 200 },
  { key: 'audio/album-test/track-test-01.mp3', kind: 'audio', seed: 'track-test-01', durationSeconds: 3, style: 'house' },
];

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'toko-seed-media-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function run(concurrency: number) {
  const statuses: Record<string, string> = {};
  const files = await generateMedia(dir, { objects, concurrency, onProgress: ({ key, status }) => (statuses[key] = status) });
  return { files, statuses };
}

describe('generateMedia', () => {
  it('writes every object under its key, on worker threads, and lists it with its content type', async () => {
    const { files, statuses } = await run(2);
    expect(files).toEqual([
      { key: objects[0].key, path: join(dir, objects[0].key), contentType: 'image/jpeg' },
      { key: objects[1].key, path: join(dir, objects[1].key), contentType: 'audio/mpeg' },
    ]);
    expect(Object.values(statuses)).toEqual(['generated', 'generated']);
    expect([...(await readFile(files[0].path)).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]); // a JPEG's SOI marker
    expect((await readFile(files[1].path))[0]).toBe(0xff);
    expect(Object.keys(JSON.parse(await readFile(join(dir, MANIFEST_FILE), 'utf8')))).toEqual(
      expect.arrayContaining(objects.map((o) => o.key)),
    );
  }, 60_000);

  it('skips files already written with the right content, and regenerates a damaged one', async () => {
    await run(1);
    const audioPath = join(dir, objects[1].key);
    const writtenAt = (await stat(audioPath)).mtimeMs;
    const original = await readFile(audioPath);

    expect((await run(1)).statuses).toEqual({ [objects[0].key]: 'unchanged', [objects[1].key]: 'unchanged' });
    expect((await stat(audioPath)).mtimeMs).toBe(writtenAt);

    await writeFile(audioPath, 'not an mp3');
    expect((await run(1)).statuses).toEqual({ [objects[0].key]: 'unchanged', [objects[1].key]: 'generated' });
    expect(await readFile(audioPath)).toEqual(original);
  }, 60_000);
});
