/**
 * `npm start` (after the SPA build): the local cloud on http://localhost:3000 (PORT overrides),
 * data under .local/, seeded on first start. Ctrl-C / SIGTERM stop every child process.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLocalCloud, type LocalCloud } from './cloud.js';
import { INBOX_MAILS } from './emulators.js';
import { cloudLogFile, teeOutput } from './request-logs.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const dataDir = path.join(repoRoot, '.local');
const pidFile = path.join(dataDir, 'cloud.pid');
/** The handlers' environment while the cloud runs, which `npm run admin:enrol` reads; only its owner may read it. */
const cloudEnvFile = path.join(dataDir, 'cloud-env.json');

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function main() {
  const port = Number(process.env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${process.env.PORT}"`);

  fs.mkdirSync(dataDir, { recursive: true });
  const other = Number(fs.existsSync(pidFile) ? fs.readFileSync(pidFile, 'utf8') : NaN);
  if (Number.isInteger(other) && other !== process.pid && alive(other)) {
    throw new Error(`Toko is already running from this folder (pid ${other}); stop it first (Ctrl-C in its terminal).`);
  }
  fs.writeFileSync(pidFile, String(process.pid));
  // `npm start -- --only <correlation id>` shows one request's lines; every line goes to .local/logs/cloud.log for `npm run logs`.
  const onlyAt = process.argv.indexOf('--only');
  teeOutput(cloudLogFile(repoRoot), onlyAt === -1 ? undefined : process.argv[onlyAt + 1]);

  console.log('Starting Toko’s local cloud…');
  // eslint-disable-next-line prefer-const -- a signal may call stop() while the cloud starts, before a const declared below would exist
  let cloud: LocalCloud | undefined;
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) {
      // A second Ctrl-C: leave now; the exit hook still kills DynamoDB Local.
      process.exit(code || 130);
    }
    stopping = true;
    console.log('\nStopping…');
    try {
      await cloud?.stop();
    } finally {
      fs.rmSync(cloudEnvFile, { force: true });
      fs.rmSync(pidFile, { force: true });
      process.exit(code);
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(0));
  // If the wrapper that started us (tsx, npm) is killed outright, we are re-parented: stop too.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) void stop(0);
  }, 1_000).unref();
  process.on('uncaughtException', (err) => {
    console.error(err);
    void stop(1);
  });

  cloud = await startLocalCloud({ port, dataDir, seed: true, quiet: false });
  if (stopping) return;
  fs.writeFileSync(cloudEnvFile, JSON.stringify(cloud.env), { mode: 0o600 });
  const seconds = (cloud.timings.total / 1000).toFixed(1);
  console.log(
    [
      '',
      `  Toko is ready (${seconds}s)`,
      '',
      `  App          ${cloud.url}`,
      `  Local inbox  ${cloud.inboxUrl}   (the newest ${INBOX_MAILS.toLocaleString('en')} mails the app sent)`,
      `  Stripe       ${cloud.stripeUrl}   (sandbox: its checkout page has a Pay button)`,
      `  Shopify      ${cloud.shopifyUrl}   (sandbox: the shop's checkout page has a Pay button)`,
      `  Admin        ${cloud.admin.email} / ${cloud.admin.password}`,
      `  Data         .local/   (npm run reset wipes it)`,
      '',
      '  Ctrl-C stops everything.',
      '',
    ].join('\n'),
  );
}

main().catch((err) => {
  console.error(`\nToko could not start: ${err instanceof Error ? err.message : String(err)}`);
  fs.rmSync(pidFile, { force: true });
  process.exit(1);
});
