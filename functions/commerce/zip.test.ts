import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { crc32, zipStream, type ZipEntry } from './zip.js';

function* chunks(bytes: Uint8Array, size: number) {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function zip(entries: ZipEntry[]): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of zipStream(entries)) parts.push(part);
  return Buffer.concat(parts);
}

/** A minimal reader of what the writer makes: the central directory, then each stored entry. */
function read(archive: Buffer): Map<string, Buffer> {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    expect(archive.readUInt32LE(at)).toBe(0x02014b50);
    const size = archive.readUInt32LE(at + 24);
    const nameLength = archive.readUInt16LE(at + 28);
    const local = archive.readUInt32LE(at + 42);
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataStart = local + 30 + archive.readUInt16LE(local + 26);
    const data = archive.subarray(dataStart, dataStart + size);
    expect(crc32(data)).toBe(archive.readUInt32LE(at + 16));
    files.set(name, data);
    at += 46 + nameLength;
  }
  return files;
}

const dir = mkdtempSync(join(tmpdir(), 'zip-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('streaming ZIP writer', () => {
  const random = new Uint8Array(300_000).map((_, i) => (i * 7919) % 251);
  const entries = (): ZipEntry[] => [
    { name: 'MP3/01 Launch Window.mp3', modified: new Date('2026-01-02T03:04:06Z'), data: chunks(random, 65_536) },
    { name: 'README.txt', modified: new Date('2026-01-02T03:04:06Z'), data: chunks(Buffer.from('Thank you for buying this album. ✓'), 5) },
    { name: 'empty.txt', modified: new Date('2026-01-02T03:04:06Z'), data: chunks(new Uint8Array(0), 1) },
  ];

  it('computes CRC-32 as zip does', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(crc32(Buffer.from('6789'), crc32(Buffer.from('12345')))).toBe(0xcbf43926);
  });

  it('round-trips every file through a reader, names in UTF-8', async () => {
    const files = read(await zip(entries()));
    expect([...files.keys()]).toEqual(['MP3/01 Launch Window.mp3', 'README.txt', 'empty.txt']);
    expect(Buffer.compare(files.get('MP3/01 Launch Window.mp3')!, Buffer.from(random))).toBe(0);
    expect(files.get('README.txt')!.toString('utf8')).toBe('Thank you for buying this album. ✓');
  });

  it('makes an archive that unzip tests as valid', async () => {
    const file = join(dir, 'album.zip');
    writeFileSync(file, await zip(entries()));
    const out = execFileSync('unzip', ['-t', file], { encoding: 'utf8' });
    expect(out).toMatch(/No errors detected/);
    const listed = execFileSync('unzip', ['-p', file, 'README.txt']);
    expect(listed.toString('utf8')).toBe('Thank you for buying this album. ✓');
    expect(readFileSync(file).length).toBeGreaterThan(random.length);
  });
});
