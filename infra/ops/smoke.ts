/**
 * The release pipeline's smoke test, `npm run smoke -- <app url>`: a short journey a listener takes, against a deployed
 * app (or `npm start`), over plain HTTP as a browser makes it, so it needs no credentials and no code of the app.
 *
 *   1. the app's page loads                  GET /
 *   2. the deployment says what it runs       GET /api/deployment-status
 *   3. a guest opens an album                 GET /api/albums, then an album and its tracks, until one plays for a guest
 *   4. its audio answers a range              GET <track audio> with `Range: bytes=0-1023`, as the player seeks
 *   5. a sign-in code is mailed               POST /api/auth/smart-signin to SMOKE_EMAIL, when it is set (a test inbox)
 *
 * Each step prints its result and its time. The first failure prints what went wrong and exits 1; all passing exits 0.
 */

/** Long enough for a cold Lambda behind CloudFront, short enough that a hung release fails the pipeline quickly. */
const REQUEST_TIMEOUT_MS = 20_000;
/** Albums tried before deciding no album plays for a guest (the others are for members or buyers). */
const ALBUMS_TRIED = 20;
const RANGE_BYTES = 1024;

class SmokeFailure extends Error {}

const fail = (message: string): never => {
  throw new SmokeFailure(message);
};

/** Why a request never got an answer, in the words an operator reads in the pipeline's log. */
function unreachable(url: string, error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (error instanceof Error && error.name === 'TimeoutError') return `${url} did not answer within ${REQUEST_TIMEOUT_MS / 1000} s`;
  return `could not reach ${url} (${cause?.code ?? cause?.message ?? (error as Error).message})`;
}

async function request(url: URL, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, { ...init, redirect: 'follow', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (error) {
    return fail(unreachable(url.href, error));
  }
}

/** The JSON answer of an API route, failing on any other status or on a body that is not JSON. */
async function json(url: URL, init: RequestInit = {}): Promise<unknown> {
  const response = await request(url, { ...init, headers: { accept: 'application/json', ...init.headers } });
  const text = await response.text();
  if (response.status !== 200) fail(`${init.method ?? 'GET'} ${url.pathname} answered ${response.status}: ${text.slice(0, 200)}`);
  try {
    return JSON.parse(text);
  } catch {
    return fail(`${url.pathname} answered 200 with something that is not JSON: ${text.slice(0, 200)}`);
  }
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

interface Journey {
  app: URL;
  /** The test inbox to mail a sign-in code to; the step is skipped without it. */
  email?: string;
}

interface Step {
  name: string;
  /** Runs the step; answers what it saw, for the log. */
  run(): Promise<string>;
  skip?: string;
}

function steps({ app, email }: Journey): Step[] {
  const at = (path: string) => new URL(path, app);
  let audio: { url: URL; album: string } | undefined;
  return [
    {
      name: "the app's page loads",
      async run() {
        const response = await request(at('/'));
        const type = response.headers.get('content-type') ?? '';
        if (response.status !== 200) fail(`GET / answered ${response.status}`);
        if (!type.includes('text/html')) fail(`GET / answered ${type || 'no content type'}, not the app's HTML`);
        const html = await response.text();
        if (!/<html[\s>]/i.test(html)) fail(`GET / answered something that is not a page: ${html.slice(0, 200)}`);
        return `200, ${html.length} bytes of HTML`;
      },
    },
    {
      name: 'the deployment status answers',
      async run() {
        const status = record(await json(at('/api/deployment-status')));
        if (typeof status.version !== 'string' || typeof status.buildTime !== 'string') {
          fail(`/api/deployment-status answered without its version and build time: ${JSON.stringify(status)}`);
        }
        return `version ${String(status.version)}, built ${String(status.buildTime)}`;
      },
    },
    {
      name: 'a guest opens an album',
      async run() {
        const albums = await json(at('/api/albums'));
        if (!Array.isArray(albums) || albums.length === 0) return fail('/api/albums answered no albums: the catalogue is empty');
        for (const album of albums.slice(0, ALBUMS_TRIED).map(record)) {
          const id = encodeURIComponent(String(album.id));
          const opened = record(await json(at(`/api/albums/${id}`)));
          if (opened.id !== album.id) fail(`/api/albums/${id} answered another album: ${JSON.stringify(opened).slice(0, 200)}`);
          const { hasAccess, tracks } = record(await json(at(`/api/albums/${id}/tracks`)));
          const playable = Array.isArray(tracks) ? tracks.map(record).find((track) => typeof track.audioUrl === 'string') : undefined;
          if (hasAccess === true && playable) {
            audio = { url: at(String(playable.audioUrl)), album: String(album.title) };
            return `"${String(album.title)}", ${(tracks as unknown[]).length} tracks, of ${albums.length} albums`;
          }
        }
        return fail(`none of the first ${Math.min(albums.length, ALBUMS_TRIED)} albums plays for a guest (no track with an audio URL)`);
      },
    },
    {
      name: 'its audio answers a range',
      async run() {
        if (!audio) return fail('no track to play');
        const range = `bytes=0-${RANGE_BYTES - 1}`;
        const response = await request(audio.url, { headers: { range } });
        const bytes = (await response.arrayBuffer()).byteLength;
        const type = response.headers.get('content-type') ?? '';
        const contentRange = response.headers.get('content-range') ?? '';
        if (response.status !== 206) fail(`a ${range} request for a track of "${audio.album}" answered ${response.status}, not 206`);
        if (!type.startsWith('audio/')) fail(`the track of "${audio.album}" answered ${type || 'no content type'}, not audio`);
        if (bytes !== RANGE_BYTES || !contentRange.startsWith(`bytes 0-${RANGE_BYTES - 1}/`)) {
          fail(`the range answered ${bytes} bytes with content-range "${contentRange}"`);
        }
        return `206 ${type}, ${contentRange}`;
      },
    },
    {
      name: 'a sign-in code is mailed',
      skip: email ? undefined : 'SMOKE_EMAIL is not set',
      async run() {
        const answer = record(
          await json(at('/api/auth/smart-signin'), {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email }),
          }),
        );
        if (answer.codeGenerated !== true && answer.magic_link_sent !== true) {
          fail(`/api/auth/smart-signin sent no code to ${email}: ${JSON.stringify(answer)}`);
        }
        return `sent to ${email}`;
      },
    },
  ];
}

/** Runs the journey, printing each step; answers the exit code. */
async function smoke(journey: Journey, print: (line: string) => void = console.log): Promise<number> {
  print(`smoke test of ${journey.app.origin}`);
  const started = Date.now();
  for (const step of steps(journey)) {
    if (step.skip) {
      print(`- ${step.name}: skipped (${step.skip})`);
      continue;
    }
    const at = Date.now();
    try {
      const seen = await step.run();
      print(`✓ ${step.name}: ${seen} (${Date.now() - at} ms)`);
    } catch (error) {
      const message = error instanceof SmokeFailure ? error.message : `unexpected error: ${(error as Error).stack ?? String(error)}`;
      print(`✗ ${step.name}: ${message} (${Date.now() - at} ms)`);
      print(`smoke test FAILED at "${step.name}"`);
      return 1;
    }
  }
  print(`smoke test passed in ${Date.now() - started} ms`);
  return 0;
}

function appUrl(arg: string | undefined): URL | undefined {
  if (!arg) return undefined;
  try {
    const url = new URL(arg);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

const app = appUrl(process.argv[2]);
if (app) {
  void smoke({ app, email: process.env.SMOKE_EMAIL || undefined }).then((code) => {
    process.exitCode = code;
  });
} else {
  console.error(
    'usage: npm run smoke -- <app url, e.g. https://staging.toko.example>   (SMOKE_EMAIL=<test inbox> to also mail a sign-in code)',
  );
  process.exitCode = 2;
}
