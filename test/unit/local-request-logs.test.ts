import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lineOfRequest, requestLines } from '../../infra/local/request-logs.js';

describe("one request's lines of npm start's log", () => {
  const line = (correlationId: string | undefined, message: string) =>
    JSON.stringify({ level: 'INFO', message, service: 'x', correlationId });

  it('are the JSON lines with its correlation id, from the HTTP call to the consumers', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'toko-logs-'));
    const file = path.join(dir, 'cloud.log');
    fs.writeFileSync(
      file,
      [
        'Starting Toko’s local cloud…',
        line('req-1', 'checkout'),
        line('req-2', 'other'),
        '{not json',
        line(undefined, 'idle'),
        line('req-1', 'mail sent'),
      ].join('\n'),
    );
    expect(requestLines(file, 'req-1').map((l) => (JSON.parse(l) as { message: string }).message)).toEqual(['checkout', 'mail sent']);
    expect(requestLines(path.join(dir, 'missing.log'), 'req-1')).toEqual([]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('never include a plain line or another request’s', () => {
    expect(lineOfRequest('req-1 in plain text', 'req-1')).toBe(false);
    expect(lineOfRequest(line('req-10', 'x'), 'req-1')).toBe(false);
  });
});
