#!/usr/bin/env node
/**
 * `npm test`: every tier, and how long each took.
 *
 * The SPA's build comes first (the system tests serve it). Then `vitest run` runs the unit, infra, system (integration
 * and browser) and fault tiers while lint and typecheck run beside it at a lower priority: the tests spend much of
 * their time waiting on the local cloud and the browser, so the two checks fill cores the tests leave idle instead of
 * holding them up for a minute and a half before they start. The checks' output is held until the tests end, so it
 * never interleaves with theirs. Arguments go to vitest, e.g. `npm test -- --project unit`. The last line says how
 * long the whole command took, step by step.
 */
import { spawn, spawnSync } from 'node:child_process';

const started = Date.now();
const seconds = (ms) => `${Math.round(ms / 1000)} s`;
const took = [];

const tools = spawnSync(process.execPath, ['scripts/ensure-tools.mjs', 'java', 'headless-shell'], { stdio: 'inherit' });
if (tools.status !== 0) process.exit(tools.status ?? 1);

/** Runs `npm run <script>` (niced when asked) with its output held back; resolves to its report once it ends. */
function quietly(script, { nice = false } = {}) {
  return new Promise((resolve) => {
    const begun = Date.now();
    const command = ['npm', 'run', '--silent', script];
    const [file, ...args] = nice ? ['nice', '-n', '10', ...command] : command;
    const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const ms = Date.now() - begun;
      took.push(`${script} ${seconds(ms)}`);
      resolve({
        ok: code === 0,
        report: `\n── ${script}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds(ms)}\n${output}`,
      });
    });
  });
}

function summary(outcome) {
  const total = Date.now() - started;
  const minutes = Math.floor(total / 60_000);
  console.log(`\nnpm test ${outcome} in ${minutes} min ${Math.round((total % 60_000) / 1000)} s (${took.join(', ')})`);
}

const build = await quietly('build:web');
process.stdout.write(build.report);
if (!build.ok) {
  summary('failed');
  process.exit(1);
}

const checks = Promise.all(['lint', 'typecheck'].map((script) => quietly(script, { nice: true })));
const testsBegun = Date.now();
const vitest = await new Promise((resolve) => {
  const child = spawn('npx', ['vitest', 'run', ...process.argv.slice(2)], { stdio: 'inherit' });
  child.on('close', (code) => resolve(code ?? 1));
});
took.push(`vitest ${seconds(Date.now() - testsBegun)}`);
const reports = await checks;
for (const { report } of reports) process.stdout.write(report);
const passed = vitest === 0 && reports.every((r) => r.ok);
summary(passed ? 'passed' : 'failed');
process.exit(passed ? 0 : 1);
