/**
 * `npm start`'s log, one request at a time: every line the handlers log is JSON with the correlation id of the request
 * it serves (functions/platform/log.ts; an HTTP answer names it in its `apigw-requestid` header, and the events it appended
 * carry it to every consumer). The local cloud keeps its output in .local/logs/cloud.log as well, so
 * `npm run logs -- <correlation id>` prints one request's lines, from its HTTP call to its mails; and
 * `npm start -- --only <correlation id>` shows only that request's lines (and every line that is not a handler's).
 */
import fs from 'node:fs';
import path from 'node:path';

/** Where `npm start` keeps its output. */
export const cloudLogFile = (repoRoot: string) => path.join(repoRoot, '.local', 'logs', 'cloud.log');

/** Whether a line of output belongs to the request: a JSON line with its correlation id (any other JSON line does not). */
export function lineOfRequest(line: string, correlationId: string): boolean {
  if (!line.startsWith('{')) return false;
  try {
    return (JSON.parse(line) as { correlationId?: unknown }).correlationId === correlationId;
  } catch {
    return false;
  }
}

/** What `--only` lets through: the request's lines, and whatever is not a handler's JSON line (the banner, errors). */
const shown = (line: string, only: string | undefined) => !only || !line.startsWith('{') || lineOfRequest(line, only);

/**
 * Copies the process's output into `file` (emptied first) and, with `only`, keeps the other requests' lines off the
 * terminal. Output is split into lines at newlines; a partial line waits for the rest.
 */
export function teeOutput(file: string, only?: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const log = fs.createWriteStream(file, { flags: 'w' });
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream) as (chunk: string | Uint8Array, ...rest: unknown[]) => boolean;
    let partial = '';
    stream.write = (chunk: string | Uint8Array, ...rest: unknown[]) => {
      const text = partial + (typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      const lines = text.split('\n');
      partial = lines.pop() ?? '';
      log.write(lines.map((line) => `${line}\n`).join(''));
      const kept = lines.filter((line) => shown(line, only));
      return kept.length ? write(kept.map((line) => `${line}\n`).join(''), ...rest) : true;
    };
  }
}

/** The lines of a request in a log file, in order. */
export function requestLines(file: string, correlationId: string): string[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => lineOfRequest(line, correlationId));
}
