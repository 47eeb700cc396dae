import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../frontend/build/precompress.js';

describe('the build writes compressed siblings of its text files', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true }))));

  it('br and gz beside every script, style and page of 1 KB or more, decoding to the file; not for source maps, images or tiny files', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'toko-precompress-'));
    dirs.push(dir);
    await fs.mkdir(path.join(dir, 'assets'));
    const script = `export const tracks = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: `track-${i}`, title: `Song ${i}` })))};\n`;
    const files: Record<string, string | Buffer> = {
      'index.html': `<!doctype html><title>Toko</title>${'<p>liner notes</p>'.repeat(80)}`,
      'assets/index-abc123.js': script,
      'assets/index-abc123.css': `.row{display:flex}\n`.repeat(100),
      'assets/index-abc123.js.map': JSON.stringify({ version: 3, mappings: 'AAAA;'.repeat(500) }),
      'assets/cover.png': Buffer.alloc(4096, 7),
      'sw.js': 'self.skipWaiting();',
    };
    for (const [name, content] of Object.entries(files)) await fs.writeFile(path.join(dir, name), content);

    expect(await precompressDir(dir)).toBe(3);

    for (const name of ['index.html', 'assets/index-abc123.js', 'assets/index-abc123.css']) {
      const original = await fs.readFile(path.join(dir, name));
      const br = await fs.readFile(path.join(dir, `${name}.br`));
      const gz = await fs.readFile(path.join(dir, `${name}.gz`));
      expect(zlib.brotliDecompressSync(br).equals(original)).toBe(true);
      expect(zlib.gunzipSync(gz).equals(original)).toBe(true);
      expect(br.length).toBeLessThan(original.length);
    }
    const written = await fs.readdir(path.join(dir, 'assets'));
    expect(written.filter((f) => f.startsWith('index-abc123.js.map.') || f.startsWith('cover.png.'))).toEqual([]);
    expect((await fs.readdir(dir)).filter((f) => f.startsWith('sw.js.'))).toEqual([]);
  });
});
