#!/usr/bin/env node
/** `npm run reset`: wipes .local/ (tables, bucket objects, session secret, generated media). */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dataDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.local');
const pidFile = path.join(dataDir, 'cloud.pid');

if (fs.existsSync(pidFile)) {
  const pid = Number(fs.readFileSync(pidFile, 'utf8'));
  let alive = false;
  try {
    process.kill(pid, 0);
    alive = true;
  } catch (err) {
    alive = err.code === 'EPERM';
  }
  if (Number.isInteger(pid) && alive) {
    console.error(`Toko is running (pid ${pid}); stop it (Ctrl-C) before resetting.`);
    process.exit(1);
  }
}

if (!fs.existsSync(dataDir)) {
  console.log('Nothing to reset: .local/ does not exist.');
} else {
  fs.rmSync(dataDir, { recursive: true, force: true });
  console.log('Wiped .local/ — the next `npm start` begins with a freshly seeded catalogue.');
}
