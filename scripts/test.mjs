#!/usr/bin/env node
/**
 * `npm test`: every tier, and how long each took.
 *
 * The SPA's build comes first (the system tests serve it). Then `vitest run` runs the unit, infra, system (integration
 * and browser) and system-alone projects, its output shown as it comes, while the lint (the type check with it) runs
 * beside it at a lower priority: the tests spend much of their time waiting on the local cloud and the browser, so the
 * checks fill cores the tests leave idle. Once the first group has ended (the system-alone files run one at a time
 * and mostly wait), `vitest run --project faults` starts beside them, in a vitest of its own: one vitest runs a group's projects
 * with one worker count, so there the faults would wait for the system-alone files. A fault cloud under load needs
 * the cores: beside the busy first group its queues ran out of receives. The fault files take about twice as long as
 * the system-alone ones and mostly wait (a cloud killed, restarted, converging), and one at a time they left a core
 * idle for the last minutes: so the two longest of them, the kill -9 of a cloud under load and the load under faults,
 * each run in a vitest of their own beside the others. Output other than the first vitest's is held until it ends, so
 * it never interleaves. Arguments go to one plain `vitest run` instead, e.g. `npm test -- --project unit`. The last
 * line says how long the whole command took, step by step.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const started = Date.now();
const seconds = (ms) => `${Math.round(ms / 1000)} s`;
const took = [];

const tools = spawnSync(process.execPath, ['scripts/ensure-tools.mjs', 'java', 'headless-shell'], { stdio: 'inherit' });
if (tools.status !== 0) process.exit(tools.status ?? 1);

/** Runs a command (niced when asked) with its output held back; resolves to its report once it ends. */
function quietly(name, command, { nice = false, env = process.env } = {}) {
  return new Promise((resolve) => {
    const begun = Date.now();
    const [file, ...args] = nice ? ['nice', '-n', '10', ...command] : command;
    const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
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
  const cpu = childrenCpuSeconds();
  console.log(
    `\nnpm test ${outcome} in ${minutes} min ${Math.round((total % 60_000) / 1000)} s${cpu ? `, ${cpu} CPU-s` : ''} (${took.join(', ')})`,
  );
}

/**
 * The processor time the command's ended children took (user and system, their own children included), from Linux's
 * /proc: the run's work, which varies less than its duration on a machine whose host is sometimes slower.
 */
function childrenCpuSeconds() {
  try {
    // Fields 16 and 17 of the line (cutime, cstime), in clock ticks of 1/100 s; counted after the command's name.
    const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return Math.round((Number(fields[13]) + Number(fields[14])) / 100);
  } catch {
    return undefined;
  }
}

const build = await quietly('build:web', script('build:web'));
process.stdout.write(build.report);
if (!build.ok) {
  summary('failed');
  process.exit(1);
}

const asked = process.argv.slice(2);
// The lint's oxlint pass is the type check too (TypeScript 7's diagnostics, from the program its type-aware rules build).
const checks = [quietly('lint and typecheck', script('lint'), { nice: true })];
const projects = ['unit', 'infra', 'system', 'system-alone'].flatMap((project) => ['--project', project]);
const signals = fs.mkdtempSync(path.join(os.tmpdir(), 'toko-test-'));
const aloneStarted = path.join(signals, 'alone-started');
const failures = path.join(signals, 'failures');
const reporters = ['--reporter=default', '--reporter=./scripts/alone-started.mjs', '--reporter=./scripts/failures.mjs'];
const testsBegun = Date.now();
const vitestEnded = new Promise((resolve) => {
  const child = spawn('npx', ['vitest', 'run', ...(asked.length ? asked : [...projects, ...reporters])], {
    stdio: 'inherit',
    env: { ...process.env, TOKO_ALONE_STARTED: aloneStarted, TOKO_FAILURES: failures },
  });
  child.on('close', (code) => {
    took.push(`vitest ${seconds(Date.now() - testsBegun)}`);
    resolve(code ?? 1);
  });
});
/** Resolves when the system-alone files start, or when the first vitest ends without them (a failure, say). */
const faultsMayStart = new Promise((resolve) => {
  const go = () => {
    clearInterval(timer);
    resolve();
  };
  const timer = setInterval(() => fs.existsSync(aloneStarted) && go(), 1_000);
  void vitestEnded.then(go);
});
/**
 * The two longest fault files, each in a vitest of its own beside the others rather than after them: one at a time, the
 * fault files ran two minutes past the system-alone files with a core idle.
 */
const besideFaults = [
  { name: 'kill9', file: 'test/faults/kill9.test.ts' },
  { name: 'load', file: 'test/faults/load.test.ts' },
];
const faultsRun = (...files) => [
  'npx',
  'vitest',
  'run',
  '--project',
  'faults',
  ...files,
  '--reporter=default',
  '--reporter=./scripts/failures.mjs',
];
const faultsEnv = { env: { ...process.env, TOKO_FAILURES: failures } };
const faults = asked.length
  ? []
  : [
      faultsMayStart.then(() => quietly('faults', faultsRun(...besideFaults.flatMap(({ file }) => ['--exclude', file])), faultsEnv)),
      ...besideFaults.map(({ name, file }) => faultsMayStart.then(() => quietly(`faults (${name})`, faultsRun(file), faultsEnv))),
    ];
const vitest = await vitestEnded;
const reports = await Promise.all([...faults, ...checks]);
for (const { report } of reports) process.stdout.write(report);
const failed = fs.existsSync(failures) ? fs.readFileSync(failures, 'utf8').trim() : '';
fs.rmSync(signals, { recursive: true, force: true });
if (failed) console.log(`\n── failed tests\n${failed}`);
const passed = vitest === 0 && reports.every((r) => r.ok);
summary(passed ? 'passed' : 'failed');
process.exit(passed ? 0 : 1);
