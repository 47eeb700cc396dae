/**
 * `npm run bench`: measures the budgets of ARCHITECTURE.md in one run against the local cloud and
 * prints them as ratios (measured ÷ budget or budget ÷ measured, ≥ 1 is within budget). Not a test.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path, { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { CreateTableCommand, DeleteTableCommand, DynamoDBClient, PutItemCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { build } from 'esbuild';
import { buildStripeLayer, layeredModules } from '../../infra/aws/lambda.js';
import { startLocalCloud, type LocalCloud } from '../../infra/local/cloud.js';
import { resetEnvCache } from '../../functions/platform/env.js';
import { featuredAlbumId } from '../../infra/seed/catalogue.js';
import { toStoredEvents } from '../../functions/platform/event-store.js';
import { qualifyingSeconds } from '../../functions/listening/domain/plays.js';
import { listenersPlays, reportStartedPlay } from './plays.js';
import { clickToPlayRows } from './click-to-play.js';
import { chartCodeRow, dashboardRow } from './dashboard.js';
import { lagRow } from './lag.js';
import { lighthouseRows } from './lighthouse.js';
import { peopleSearchRow } from './people.js';
import { prerenderRow } from './prerender.js';
import { ingestDuringRebuildRow, projectionRebuildRow, rebuildRow } from './rebuild.js';
import { soakRows } from './soak.js';
import { presignedUploadRow } from './uploads.js';
import { percentile, type Row } from './rows.js';
import { lambdaBundle } from '../../frontend/build/lambda-bundle.js';

const rows: Row[] = [];
const KB = 1024;
/** The first route's JS, gzip: the budget with headroom (it was 150 KB). */
const FIRST_ROUTE_KB = 145;
/** The built SPA the cloud serves: `TOKO_WEB_DIST` when set (as in the tests), else frontend/dist. */
const webDist = process.env.TOKO_WEB_DIST
  ? path.resolve(process.env.TOKO_WEB_DIST)
  : fileURLToPath(new URL('../../frontend/dist', import.meta.url));

/** Runs `worker` on `concurrency` loops for `ms`, returning completed operations per second. */
async function throughput(concurrency: number, ms: number, worker: (loop: number) => Promise<void>): Promise<number> {
  const end = Date.now() + ms;
  let done = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, loop) => {
      while (Date.now() < end) {
        await worker(loop);
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

/**
 * Returns the live ingest rate (plays counted per second through the API), and adds the row comparing it with raw
 * conditional PutItems of the same item on the same DynamoDB Local: a stored `PlayRecorded` event, into a table made
 * like `events` (same keys, a NEW_IMAGE stream). The API's append is that item written in one transaction with the
 * listener's guard of the track (functions/listening/http/plays.ts), so the ratio is what the token check, the guard, the HTTP
 * edge, the handler and the cloud's work after the append cost. DynamoDB Local writes a stream record with every put
 * into a table with a stream, so the row also shows, for comparison, a small item into a table without one.
 *
 * Each play is one a player would make: a guest started it (POST /api/track-play/start, with its listener cookie) and
 * reports it with the token once the track's qualifying time has passed. As the raw turns' 32 listeners each append to
 * their own growing stream, each API loop is one player whose guests each play many tracks one after another (every
 * free track once: a listener's daily plays stream grows, the once-per-track-length guard never refuses), not a new
 * guest per play, whose stream is new each time. The starts are made before each API turn, outside its measure, as
 * many as the turn can take; the turn measures the reports alone.
 *
 * They take turns, 4 s each, five rounds after one that warms up: the API, the API with the stream poller held (its
 * work after the append left until the turn ends), the event PutItem and the small one, the raw turns first every
 * other round; so a machine that speeds up or slows down during the run weighs on all of them alike. Each turn after
 * an API turn starts once the cloud has finished what it left. The row is the median round's ratio.
 */
async function playIngest(cloud: Pick<LocalCloud, 'url' | 'endpoints' | 'waitForIdle' | 'holdStream'>): Promise<number> {
  const baseUrl = cloud.url;
  const dynamoEndpoint = cloud.endpoints.dynamodb;
  const waitForIdle = () => cloud.waitForIdle(60_000);
  const albums = (await (await fetch(`${baseUrl}/api/albums`)).json()) as { id: string; requiredTier: string }[];
  const free = albums.filter((a) => a.requiredTier === 'free');
  // Every free track: a listener plays many tracks, each counted once per its length.
  const tracks = (
    await Promise.all(
      free.map(async (album) => {
        const answer = (await (await fetch(`${baseUrl}/api/albums/${album.id}/tracks`)).json()) as {
          tracks: { id: string; duration: number }[];
        };
        return answer.tracks.map((t) => ({ trackId: t.id, albumId: album.id, duration: t.duration }));
      }),
    )
  ).flat();
  const [track] = tracks;
  const listeners = Array.from({ length: 32 }, () => `guest-${randomUUID()}`);
  const play = { trackId: track.trackId, albumId: track.albumId };
  const body = JSON.stringify(play);
  // Enough for a turn at half again the fastest rate seen so far.
  let fastest = 1_000;
  const api = async () => {
    const plays = await listenersPlays(baseUrl, tracks, Math.ceil((fastest * TURN_MS * 1.5) / 1000));
    // Each loop is a player of its own: its guests' plays one after another, as one listener's player reports them.
    const queues = Array.from({ length: 32 }, (_, loop) => plays.filter((_, l) => l % 32 === loop).flat());
    const rate = await throughput(32, TURN_MS, (loop) => {
      const started = queues[loop].shift();
      if (!started) throw new Error('A turn ran out of started plays');
      return reportStartedPlay(baseUrl, started);
    });
    fastest = Math.max(fastest, rate);
    return rate;
  };

  const client = new DynamoDBClient({
    endpoint: dynamoEndpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const rawTable = async (withStream: boolean, item: (loop: number, version: number) => Record<string, AttributeValue>) => {
    const table = `bench-raw-${randomUUID().slice(0, 8)}`;
    await client.send(
      new CreateTableCommand({
        TableName: table,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: 'streamId', AttributeType: 'S' },
          { AttributeName: 'version', AttributeType: 'N' },
        ],
        KeySchema: [
          { AttributeName: 'streamId', KeyType: 'HASH' },
          { AttributeName: 'version', KeyType: 'RANGE' },
        ],
        ...(withStream ? { StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' } } : {}),
      }),
    );
    const versions = listeners.map(() => 0);
    return {
      turn: () =>
        throughput(32, TURN_MS, (loop) =>
          client
            .send(
              new PutItemCommand({
                TableName: table,
                Item: item(loop, ++versions[loop]),
                ConditionExpression: 'attribute_not_exists(streamId)',
              }),
            )
            .then(() => undefined),
        ),
      drop: () => client.send(new DeleteTableCommand({ TableName: table })),
    };
  };
  const day = new Date().toISOString().slice(0, 10);
  // The item the handler's append writes, made by the event store's own code.
  const event = await rawTable(true, (loop, version) => {
    const data = {
      ...play,
      listenerId: listeners[loop],
      userId: null,
      playDuration: qualifyingSeconds(track.duration),
      trackLength: track.duration,
    };
    const [stored] = toStoredEvents(`guest-plays#${listeners[loop]}#${day}`, version - 1, [{ type: 'PlayRecorded', data }], {
      actor: listeners[loop],
      correlationId: randomUUID(),
    });
    return marshall(stored, { removeUndefinedValues: true });
  });
  const small = await rawTable(false, (loop, version) => ({
    streamId: { S: `raw#${loop}` },
    version: { N: String(version) },
    data: { S: body },
  }));

  // One unmeasured turn each warms the JIT compilers and the connections.
  const rates = { api: [] as number[], held: [] as number[], raw: [] as number[], small: [] as number[] };
  for (let round = 0; round <= INGEST_ROUNDS; round++) {
    const turns = { api: 0, held: 0, raw: 0, small: 0 };
    const apiTurns = async () => {
      turns.api = await api();
      await waitForIdle();
      // The API alone: the stream poller waits until the turn ends, then the cloud catches up before the next turn.
      const release = cloud.holdStream();
      turns.held = await api();
      release();
      await waitForIdle();
    };
    const rawTurns = async () => {
      turns.raw = await event.turn();
      turns.small = await small.turn();
    };
    // Every other round the raw turns go first: DynamoDB Local's JVM still collects what the API turns left, so the
    // turns after them run a little slower, whichever they are.
    if (round % 2 === 0) {
      await apiTurns();
      await rawTurns();
    } else {
      await rawTurns();
      await apiTurns();
    }
    if (round === 0) continue;
    for (const kind of ['api', 'held', 'raw', 'small'] as const) rates[kind].push(turns[kind]);
  }
  await Promise.all([event.drop(), small.drop()]);
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const [apiRate, heldRate, rawRate, smallRate] = [mean(rates.api), mean(rates.held), mean(rates.raw), mean(rates.small)];
  const ratios = rates.api.map((a, i) => a / rates.raw[i]);
  // The median round, as the upload row takes it: on two shared cores one round in a few runs at half the others.
  const ratio = percentile(ratios, 50);
  const perRound = ratios.map((r) => `${(r * 100).toFixed(0)} %`).join(', ');
  const percent = (rate: number) => `${((rate / rawRate) * 100).toFixed(0)} %`;
  console.log(
    `play ingest (per second): API ${apiRate.toFixed(0)}; API with the stream poller held until the turn ends ${heldRate.toFixed(0)} (${percent(heldRate)} of raw);` +
      ` raw PutItem of the event into a table like events ${rawRate.toFixed(0)}; of a small item into a table without a stream ${smallRate.toFixed(0)}`,
  );
  rows.push({
    what: `play ingest, POST /api/track-play ÷ raw conditional PutItem of the event into a table like events, median of ${INGEST_ROUNDS} rounds (32 concurrent: ${perRound}; means ${apiRate.toFixed(0)}/s ÷ ${rawRate.toFixed(0)}/s; with the projections held: ${percent(heldRate)}; a small item into a table without a stream: ${smallRate.toFixed(0)}/s, ${((apiRate / smallRate) * 100).toFixed(0)} %)`,
    measured: `${(ratio * 100).toFixed(0)} %`,
    budget: '≥ 60 %',
    ratio: ratio / 0.6,
  });
  return apiRate;
}

/** The ingest's measured rounds, after one that warms up: odd, for a median. */
const INGEST_ROUNDS = 5;
const TURN_MS = 4_000;

async function firstRouteJs() {
  const dist = pathToFileURL(`${webDist}/`);
  const html = await readFile(new URL('index.html', dist), 'utf8');
  const scripts = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  let first = 0;
  for (const file of new Set(scripts)) first += gzipSync(await readFile(new URL(file, dist))).length;
  const assets = await readdir(new URL('assets/', dist));
  let largestChunk = 0;
  for (const file of assets.filter((f) => f.endsWith('.js') && !scripts.includes(`assets/${f}`))) {
    largestChunk = Math.max(largestChunk, gzipSync(await readFile(new URL(`assets/${file}`, dist))).length);
  }
  rows.push({
    what: 'JS for the first route (gzip)',
    measured: `${(first / KB).toFixed(1)} KB`,
    budget: `≤ ${FIRST_ROUTE_KB} KB`,
    ratio: (FIRST_ROUTE_KB * KB) / first,
  });
  rows.push({
    what: 'JS for any route: first route + its largest lazy chunk (gzip)',
    measured: `${((first + largestChunk) / KB).toFixed(1)} KB`,
    budget: '≤ 300 KB',
    ratio: (300 * KB) / (first + largestChunk),
  });
}

/** ARCHITECTURE.md's budgets of each Lambda bundle (minified) and of its cold import against a bare handler's. */
const LAMBDA_BUNDLE_KB = 270;
const COLD_IMPORT_RATIO = 1.4;

async function lambdaBundles() {
  const root = new URL('../../functions/', import.meta.url);
  // Every HTTP and consumer entry, in whichever context folder holds it (functions/<context>/http/, …/consumers/).
  const contexts = (await readdir(root, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name);
  const entriesOf = async (context: string, kind: string) =>
    (await readdir(new URL(`${context}/${kind}/`, root)).catch(() => []))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => `${context}/${kind}/${f}`);
  const entries = (await Promise.all(contexts.flatMap((c) => [entriesOf(c, 'http'), entriesOf(c, 'consumers')]))).flat();
  // Inside the repo, so the bundles resolve the AWS SDK from node_modules as the Lambda runtime provides it.
  const benchDir = fileURLToPath(new URL('../../.bench/', import.meta.url));
  await mkdir(benchDir, { recursive: true });
  const outdir = await mkdtemp(join(benchDir, 'bundles-'));
  const bare = join(outdir, 'bare.mjs');
  await build({
    stdin: { contents: 'export const handler = async () => ({ statusCode: 200 });', loader: 'ts' },
    outfile: bare,
    format: 'esm',
    platform: 'node',
    minify: true,
    bundle: true,
  });
  // A cold start: a new Node process that imports the file.
  const { execFileSync } = await import('node:child_process');
  const coldStartMs = (file: string) => {
    const started = performance.now();
    execFileSync(process.execPath, ['--input-type=module', '-e', `await import(${JSON.stringify(pathToFileURL(file).href)})`]);
    return performance.now() - started;
  };
  // The median of 5 cold starts of each file. Files compared are started in turn, so a machine that speeds up or
  // slows down meanwhile weighs on all of them alike.
  const importMs = (...files: string[]) => {
    const runs = files.map(() => [] as number[]);
    for (let round = 0; round < 5; round++) files.forEach((file, i) => runs[i].push(coldStartMs(file)));
    return runs.map((times) => percentile(times, 50));
  };
  const [bareMs] = importMs(bare);
  let largest = { entry: '', bytes: 0 };
  // Each bundle against a bare handler that imports the same runtime-provided AWS SDK clients: what the
  // function's own code (ours, zod, middy, Powertools) adds to a cold start, the SDK being the floor of
  // any handler that talks to those services.
  let slowest = { entry: '', ms: 0, baseMs: 0, ratio: 0 };
  for (const entry of entries) {
    const name = entry.replace(/\//g, '-').replace(/\.ts$/, '');
    const outfile = join(outdir, `${name}.mjs`);
    const result = await build({
      entryPoints: [fileURLToPath(new URL(entry, root))],
      outfile,
      ...lambdaBundle,
      metafile: true,
      // The Lambda runtime ships the AWS SDK v3; the shared layer ships the Stripe SDK (infra/aws/lambda.ts).
      external: ['@aws-sdk/*', '@smithy/*', ...layeredModules],
      banner: { js: "import{createRequire}from'module';const require=createRequire(import.meta.url);" },
    });
    const bytes = (await readFile(outfile)).length;
    if (bytes > largest.bytes) largest = { entry, bytes };
    const sdk = new Set(
      Object.values(result.metafile.outputs)
        .flatMap((output) => output.imports)
        .filter((i) => i.external && i.kind === 'import-statement' && i.path.startsWith('@aws-sdk/'))
        .map((i) => i.path),
    );
    const baseline = join(outdir, `${name}.baseline.mjs`);
    await writeFile(
      baseline,
      `${[...sdk].map((m) => `import ${JSON.stringify(m)};`).join('')}export const handler = async () => ({ statusCode: 200 });`,
    );
    const [ms, baseMs] = importMs(outfile, baseline);
    if (ms / baseMs > slowest.ratio) slowest = { entry, ms, baseMs, ratio: ms / baseMs };
  }
  // The layer, built as CDK builds it, loaded the way the first payment call loads it.
  const layerDir = join(outdir, 'layer');
  const stripeVersion = JSON.parse(await readFile(join(benchDir, '../node_modules/stripe/package.json'), 'utf8')).version as string;
  buildStripeLayer(layerDir, stripeVersion);
  const layerEntry = join(layerDir, 'nodejs/node_modules/stripe/index.mjs');
  const layerBytes = (await readFile(layerEntry)).length;
  const probe = join(outdir, 'layer-probe.mjs');
  await writeFile(
    probe,
    `import Stripe from ${JSON.stringify(pathToFileURL(layerEntry).href)}; new Stripe('sk_test_bench').checkout.sessions;`,
  );
  const [layerMs] = importMs(probe);
  await rm(outdir, { recursive: true, force: true });
  rows.push({
    what: `shared Stripe SDK layer, minified (loaded on the first payment call, ${layerMs.toFixed(0)} ms)`,
    measured: `${(layerBytes / KB).toFixed(1)} KB`,
    budget: '≤ 300 KB',
    ratio: (300 * KB) / layerBytes,
  });
  rows.push({
    what: `largest Lambda bundle, minified (${largest.entry})`,
    measured: `${(largest.bytes / KB).toFixed(1)} KB`,
    budget: `≤ ${LAMBDA_BUNDLE_KB} KB`,
    ratio: (LAMBDA_BUNDLE_KB * KB) / largest.bytes,
  });
  rows.push({
    what: `slowest cold import ÷ bare handler with the same AWS SDK clients (${slowest.entry}; an empty handler: ${bareMs.toFixed(0)} ms)`,
    measured: `${slowest.ms.toFixed(1)} ms ÷ ${slowest.baseMs.toFixed(1)} ms = ${slowest.ratio.toFixed(2)}×`,
    budget: `≤ ${COLD_IMPORT_RATIO}×`,
    ratio: COLD_IMPORT_RATIO / slowest.ratio,
  });
}

/**
 * `npm run bench -- bundles web` runs only those sections; no argument runs them all. Sections: ingest,
 * rebuild (needs ingest: it replays the log ingest wrote), lag, lighthouse, play, people (these start a local
 * cloud), uploads, dashboard and prerender (an empty cloud of their own each), web, bundles (with the dashboard's chart code).
 * soak (20 minutes on a seeded cloud of its own; SOAK_MINUTES shortens it) runs only when named.
 */
const sections = new Set(process.argv.slice(2));
const wants = (section: string) => sections.size === 0 || sections.has(section);

async function main() {
  if (sections.has('soak')) rows.push(...(await soakRows(webDist)));
  // Its own process and cloud (test/bench/lag.ts), before the seeded cloud starts.
  if (wants('lag')) rows.push(await lagRow());
  if (wants('uploads')) rows.push(await onEmptyCloud(presignedUploadRow));
  if (wants('dashboard')) rows.push(await onEmptyCloud((cloud) => dashboardRow(cloud.url), { dynamoDbInMemory: true }));
  if (wants('prerender')) rows.push(await onEmptyCloud(prerenderRow));
  if (!['ingest', 'rebuild', 'lighthouse', 'play', 'people'].some(wants)) {
    if (wants('web')) await firstRouteJs();
    if (wants('bundles')) await lambdaBundles();
    if (wants('bundles')) rows.push(await chartCodeRow());
    return;
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'toko-bench-'));
  const cloud = await startLocalCloud({
    port: 0,
    dataDir,
    seed: true,
    quiet: true,
    staticDir: webDist,
    mediaCacheDir: fileURLToPath(new URL('../../.local/media-cache', import.meta.url)),
    // As the test suite's cloud: DynamoDB Local's file puts every write of the API and of the projectors behind one
    // SQLite writer and its disk syncs, which the deployed tables do not share (docs/architecture.md, the play ingest).
    dynamoDbInMemory: true,
  });
  Object.assign(process.env, cloud.env);
  resetEnvCache();
  try {
    // The pages and the player first, on an idle cloud; then the load sections. Idle includes the album ZIPs the
    // seed's albums start building: measured beside them, every row would measure their CPU as well.
    const idleSince = performance.now();
    if (!(await cloud.waitForIdle(300_000))) throw new Error('the seeded cloud did not become idle in 5 minutes');
    console.log(`(the seeded cloud was idle after another ${((performance.now() - idleSince) / 1000).toFixed(0)} s)`);
    if (wants('lighthouse')) rows.push(...(await lighthouseRows(cloud.url, featuredAlbumId)));
    if (wants('play')) rows.push(...(await clickToPlayRows(cloud.url)));
    if (wants('ingest') || wants('rebuild')) {
      const ingestPerSecond = await playIngest(cloud);
      await cloud.waitForIdle(60_000);
      if (wants('rebuild')) rows.push(await rebuildRow(ingestPerSecond, cloud.endpoints.dynamodb));
      if (wants('rebuild')) rows.push(await projectionRebuildRow(ingestPerSecond));
      if (wants('rebuild')) rows.push(await ingestDuringRebuildRow(cloud.url, () => cloud.waitForIdle(60_000)));
    }
    if (wants('people')) rows.push(await peopleSearchRow(cloud.url));
    if (wants('web')) await firstRouteJs();
    if (wants('bundles')) await lambdaBundles();
    if (wants('bundles')) rows.push(await chartCodeRow());
  } finally {
    await cloud.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * Runs `measure` against a local cloud of its own, without the seed (nothing it measures needs the seeded catalogue).
 * `dynamoDbInMemory` for a bench that seeds many items: DynamoDB Local writes them many times faster without its file.
 */
async function onEmptyCloud(measure: (cloud: LocalCloud) => Promise<Row>, { dynamoDbInMemory = false } = {}): Promise<Row> {
  const dataDir = await mkdtemp(join(tmpdir(), 'toko-bench-'));
  const cloud = await startLocalCloud({ port: 0, dataDir, seed: false, quiet: true, staticDir: webDist, dynamoDbInMemory });
  Object.assign(process.env, cloud.env);
  resetEnvCache();
  try {
    return await measure(cloud);
  } finally {
    await cloud.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function printRows() {
  const width = Math.max(...rows.map((r) => r.what.length));
  console.log(`\n${'what'.padEnd(width)} | measured | budget | ratio (≥ 1 within budget)`);
  for (const r of rows)
    console.log(`${r.what.padEnd(width)} | ${r.measured} | ${r.budget} | ${r.ratio.toFixed(2)} ${r.ratio >= 1 ? 'ok' : 'OVER BUDGET'}`);
}

await main();
printRows();
process.exit(0);
