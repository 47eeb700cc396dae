/**
 * The type-checked rules run in oxlint (`.oxlintrc.json`, part of `npm run lint`): they bite on code whose fault only
 * its types show, here in a program of its own (a temporary folder with its own tsconfig), as in the repository's.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const folder = mkdtempSync(join(tmpdir(), 'toko-oxlint-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
writeFileSync(
  join(folder, 'tsconfig.json'),
  JSON.stringify({
    compilerOptions: { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', noEmit: true, types: [] },
  }),
);

/** The rules oxlint names for `code` as the file `name` ('' when it passes). */
async function findings(name: string, code: string): Promise<string[]> {
  const file = join(folder, name);
  writeFileSync(file, code);
  const answer = await run('node_modules/.bin/oxlint', ['--type-aware', '--format=unix', '-c', '.oxlintrc.json', file]).catch(
    (failed: { stdout: string; code: number }) => ({ stdout: failed.stdout, code: failed.code }),
  );
  return [...answer.stdout.matchAll(/typescript\(([a-z-]+)\)/g)].map(([, rule]) => rule);
}

const work = 'async function work(): Promise<number> {\n  await Promise.resolve();\n  return 1;\n}\n';

describe('type-checked lint', () => {
  it('refuses a promise left floating, an async callback where a void one is expected, and a value of type any spread around', async () => {
    const code = `${work}export function probe(input: string) {\n  work();\n  [1].forEach(async () => {\n    await work();\n  });\n  const parsed = JSON.parse(input);\n  const n: number = parsed;\n  return n;\n}\n`;
    expect([...new Set(await findings('probe.ts', code))].sort()).toEqual([
      'no-floating-promises',
      'no-misused-promises',
      'no-unsafe-assignment',
    ]);
  });

  it('passes the same work done right, and lets a test read untyped JSON', async () => {
    const right = `${work}export async function probe(input: string) {\n  await work();\n  for (const _ of [1]) await work();\n  const n = JSON.parse(input) as number;\n  return n;\n}\n`;
    expect(await findings('right.ts', right)).toEqual([]);
    const test = `export function probe(input: string): number {\n  const parsed = JSON.parse(input);\n  return parsed.count;\n}\n`;
    expect(await findings('probe.test.ts', test)).toEqual([]);
    expect(await findings('probe.ts', test)).toContain('no-unsafe-member-access');
  });
});
