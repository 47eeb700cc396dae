#!/usr/bin/env node
/**
 * `npm test`: every tier, and how long each took.
 *
 * The SPA's build comes first (the system tests serve it). Then three things run side by side:
 * - `vitest run` of the unit, infra, system (integration and browser) and system-alone projects, its output shown as it
 *   comes;
 * - `vitest run --project faults`, the fault tests on clouds of their own, in a vitest of its own (a vitest runs a
 *   group's projects with one worker count, so in one vitest they would wait for the system-alone files or share
 *   workers with them);
 * - lint and typecheck, at a lower priority.
 * The tests spend much of their time waiting on the local cloud and the browser, so the faults and the two checks fill
 * cores the others leave idle instead of running before or after them. The output of everything but the first is held
 * until it ends, so it never interleaves. Arguments go to one plain `vitest run` instead, e.g.
 * `npm test -- --project unit`. The last line says how long the whole command took, step by step.
 */
import { spawn, spawnSync } from 'node:child_process';

const started = Date.now();
const seconds = (ms) => `${Math.round(ms / 1000)} s`;
const took = [];

const tools = spawnSync(process.execPath, ['scripts/ensure-tools.mjs', 'java', 'headless-shell'], { stdio: 'inherit' });
if (tools.status !== 0) process.exit(tools.status ?? 1);

/** Runs a command (niced when asked) with its output held back; resolves to its report once it ends. */
function quietly(name, command, { nice = false } = {}) {
  return new Promise((resolve) => {
    const begun = Date.now();
    const [file, ...args] = nice ? ['nice', '-n', '10', ...command] : command;
    const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const ms = Date.now() - begun;
      took.push(`${name} ${seconds(ms)}`);
      resolve({ ok: code === 0, report: `\n── ${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds(ms)}\n${output}` });
    });
  });
}

const script = (name) => ['npm', 'run', '--silent', name];

function summary(outcome) {
  const total = Date.now() - started;
  const minutes = Math.floor(total / 60_000);
  console.log(`\nnpm test ${outcome} in ${minutes} min ${Math.round((total % 60_000) / 1000)} s (${took.join(', ')})`);
}

const build = await quietly('build:web', script('build:web'));
process.stdout.write(build.report);
if (!build.ok) {
  summary('failed');
  process.exit(1);
}

const asked = process.argv.slice(2);
const beside = [
  ...(asked.length ? [] : [quietly('faults', ['npx', 'vitest', 'run', '--project', 'faults'])]),
  ...['lint', 'typecheck'].map((name) => quietly(name, script(name), { nice: true })),
];
const projects = ['unit', 'infra', 'system', 'system-alone'].flatMap((project) => ['--project', project]);
const testsBegun = Date.now();
const vitest = await new Promise((resolve) => {
  const child = spawn('npx', ['vitest', 'run', ...(asked.length ? asked : projects)], { stdio: 'inherit' });
  child.on('close', (code) => resolve(code ?? 1));
});
took.push(`vitest ${seconds(Date.now() - testsBegun)}`);
const reports = await Promise.all(beside);
for (const { report } of reports) process.stdout.write(report);
const passed = vitest === 0 && reports.every((r) => r.ok);
summary(passed ? 'passed' : 'failed');
process.exit(passed ? 0 : 1);
