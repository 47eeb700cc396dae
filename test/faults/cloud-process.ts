/**
 * A local cloud with its fault proxies as a process of its own, for the test that kills it (kill9.test.ts): DynamoDB on
 * disk in the data directory given as its argument, not seeded (a test publishes what it needs). Once it is up it prints one
 * line, `TOKO_CLOUD <json>`, with its URLs, its proxies' URLs and the handlers' environment, and serves
 * `GET /idle?timeoutMs=` (waitForIdle) and `GET /stats` on its control URL. SIGTERM stops it cleanly.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { consumers } from '../../functions/consumers.js';
import { startLocalCloud, type LocalCloud } from '../../infra/local/cloud.js';
import { FAULT_TARGETS } from '../../infra/local/fault-proxy.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface CloudProcessInfo {
  url: string;
  stripeUrl: string;
  control: string;
  env: Record<string, string>;
  endpoints: LocalCloud['endpoints'];
  /** Each proxy's URL: `POST <url>/__faults` sets its rates. */
  faults: Record<(typeof FAULT_TARGETS)[number], string>;
}

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: cloud-process.ts <dataDir>');

const cloud = await startLocalCloud({
  port: 0,
  dataDir,
  seed: false,
  quiet: true,
  mediaCacheDir: path.join(repoRoot, '.local', 'media-cache'),
  dynamoDbInMemory: false,
  faults: { seed: 16 },
  // The restart relays the whole events table again, the load's and its releases', on a machine still busy with the
  // start, and a consumer's calls time out for a while. A failed message comes back after 10 s (not the tests' usual
  // 2 s), so five failures take as long as a rush lasts before it parks in a DLQ, as a deployment's 30 s do; a reactor's
  // within 60 s instead of its own 300 s or more.
  visibilityTimeoutSeconds: 10,
  consumers: consumers.map((c) => ({ ...c, visibilityTimeoutSeconds: Math.min(c.visibilityTimeoutSeconds, 60) })),
});

const control = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname === '/stats') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(cloud.stats()));
  if (url.pathname !== '/idle') return void res.writeHead(404).end();
  cloud.waitForIdle(Number(url.searchParams.get('timeoutMs') ?? 30_000)).then(
    (idle) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ idle })),
    (err: unknown) => res.writeHead(500).end(String(err)),
  );
});
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));

const info: CloudProcessInfo = {
  url: cloud.url,
  stripeUrl: cloud.stripeUrl,
  control: `http://127.0.0.1:${(control.address() as AddressInfo).port}`,
  env: cloud.env,
  endpoints: cloud.endpoints,
  faults: Object.fromEntries(FAULT_TARGETS.map((t) => [t, cloud.faults!.proxies[t].url])) as CloudProcessInfo['faults'],
};
console.log(`TOKO_CLOUD ${JSON.stringify(info)}`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  control.close();
  void cloud.stop().finally(() => process.exit(0));
};
process.once('SIGTERM', stop);
// A test runner that went away without stopping us (it was killed itself) leaves no cloud behind.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop();
}, 1_000).unref();
