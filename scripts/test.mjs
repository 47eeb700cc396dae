#!/usr/bin/env node
/**
 * `npm test`: every tier, and how long each took.
 *
 * The checks that need no cloud (lint, typecheck, the SPA's build) each use one core for most of their time, so they run
 * side by side; their output is printed whole when each ends, so it never interleaves. Then `vitest run` runs the unit,
 * infra, system (integration and browser) and fault tiers. Arguments go to vitest, e.g. `npm test -- --project unit`.
 * The last line says how long the whole command took.
 */
import { spawn, spawnSync } from 'node:child_process';

const started = Date.now();
const seconds = (ms) => `${Math.round(ms / 1000)} s`;
const took = [];

const tools = spawnSync(process.execPath, ['scripts/ensure-tools.mjs', 'java', 'chromium'], { stdio: 'inherit' });
if (tools.status !== 0) process.exit(tools.status ?? 1);

/** Runs `npm run <script>` with its output held back until it ends. */
function quietly(script) {
  return new Promise((resolve) => {
    const begun = Date.now();
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const ms = Date.now() - begun;
      took.push(`${script} ${seconds(ms)}`);
      process.stdout.write(`\n── ${script}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds(ms)}\n${output}`);
      resolve(code === 0);
    });
  });
}

function summary(outcome) {
  const total = Date.now() - started;
  const minutes = Math.floor(total / 60_000);
  console.log(`\nnpm test ${outcome} in ${minutes} min ${Math.round((total % 60_000) / 1000)} s (${took.join(', ')})`);
}

const checks = await Promise.all(['lint', 'typecheck', 'build:web'].map(quietly));
if (checks.includes(false)) {
  summary('failed');
  process.exit(1);
}

const testsBegun = Date.now();
const vitest = spawnSync('npx', ['vitest', 'run', ...process.argv.slice(2)], { stdio: 'inherit' });
took.push(`vitest ${seconds(Date.now() - testsBegun)}`);
summary(vitest.status === 0 ? 'passed' : 'failed');
process.exit(vitest.status ?? 1);
