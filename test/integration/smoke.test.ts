/**
 * `npm run smoke -- <url>`, the release pipeline's check of a deployment, run as the pipeline runs it: a process of its
 * own against the local cloud's URL, read by its exit code and what it printed.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { baseUrl } from '../support/cloud.js';
import { signInCode } from '../support/inbox.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Runs the smoke command with `url`, as the workflow does; answers its exit code and its output, line by line. */
function smoke(url: string, env: Record<string, string> = {}): Promise<{ code: number; lines: string[]; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', 'smoke', '--', url],
      { cwd: repoRoot, env: { ...process.env, SMOKE_EMAIL: '', ...env }, timeout: 90_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, lines: stdout.trim().split('\n'), stderr });
      },
    );
  });
}

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('npm run smoke', () => {
  it('walks a guest through the app, plays a range of a track and mails a sign-in code to the test inbox, then exits 0', async () => {
    const email = `smoke-${randomUUID().slice(0, 12)}@example.com`;
    const run = await smoke(baseUrl(), { SMOKE_EMAIL: email });

    expect(run.stderr).toBe('');
    expect(run.lines).toEqual([
      `smoke test of ${new URL(baseUrl()).origin}`,
      expect.stringMatching(/^✓ the app's page loads: 200, \d+ bytes of HTML \(\d+ ms\)$/),
      expect.stringMatching(/^✓ the deployment status answers: version \S+, built \S+ \(\d+ ms\)$/),
      expect.stringMatching(/^✓ a guest opens an album: ".+", \d+ tracks, of \d+ albums \(\d+ ms\)$/),
      expect.stringMatching(/^✓ its audio answers a range: 206 audio\/mpeg, bytes 0-1023\/\d+ \(\d+ ms\)$/),
      expect.stringMatching(new RegExp(`^✓ a sign-in code is mailed: sent to ${email} \\(\\d+ ms\\)$`)),
      expect.stringMatching(/^smoke test passed in \d+ ms$/),
    ]);
    expect(run.code).toBe(0);
    // The test inbox holds the code the person would type.
    expect(await signInCode(email)).toMatch(/^\d{6}$/);
  });

  it('skips the sign-in mail when no test inbox is configured', async () => {
    const run = await smoke(baseUrl());

    expect(run.lines).toContain('- a sign-in code is mailed: skipped (SMOKE_EMAIL is not set)');
    expect(run.lines.at(-1)).toMatch(/^smoke test passed/);
    expect(run.code).toBe(0);
  });

  it('exits 1 at the first step, saying what it could not reach, when the URL is wrong', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const run = await smoke(url);

    expect(run.lines).toEqual([
      `smoke test of ${url}`,
      expect.stringMatching(new RegExp(`^✗ the app's page loads: could not reach ${url}/ \\(ECONNREFUSED\\) \\(\\d+ ms\\)$`)),
      `smoke test FAILED at "the app's page loads"`,
    ]);
    expect(run.code).toBe(1);
  });
});
