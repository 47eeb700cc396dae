/**
 * One test command, five projects, in three groups run one after the other:
 *  1. unit, infra and system side by side, several files at once. The system project is integration over HTTP and e2e
 *     in Chromium against one local cloud, started once: its files wait on the cloud (projections, playback, mail) far
 *     more than they compute, so they overlap well even on two cores. Each file makes its own people, artists and
 *     releases, so files running together do not see each other's data.
 *  2. system-alone: the files that need the cloud to themselves, on the same cloud, one at a time: a rebuild's parity
 *     and a full rebuild's comparison read every view, which other files' writes would keep moving, one rebuild of a
 *     projection runs at a time, and a release swapped over the served SPA reaches every open tab.
 *  3. faults: each file on a cloud of its own behind fault proxies, one at a time in a vitest. `npm test` starts this
 *     project in a vitest of its own once the system-alone files start, beside them (scripts/test.mjs): in one vitest a
 *     group's projects share one worker count, so the faults would wait for them. The kill -9 under load runs in a
 *     third vitest beside them: two fault clouds share the machine, once the busy first group is done.
 */
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Files at once in the first group, measured on two cores (`npm test` prints its duration and CPU): the system files
 * wait on the cloud more than they compute, and with three the group used two thirds of the cores, its length set by
 * the files' waits; four filled them (the group 664 → 463 s).
 */
const FILES_AT_ONCE = 4;
const alone = [
  'test/integration/ops-rebuild.test.ts',
  'test/integration/rebuild-views.test.ts',
  'test/e2e/ops-console.test.ts',
  // Label-wide statements and dashboard, read before and after: another file's sale or member would move them.
  'test/integration/statements-account-deletion.test.ts',
  // It puts a new release over the served SPA: every open tab would take it.
  'test/e2e/release-swap.test.ts',
  // It features a release of its own on the home page for a while: a guest opening the featured album would find it.
  'test/e2e/home-and-band-page.test.ts',
];
const system: TestProjectInlineConfiguration['test'] = {
  globalSetup: ['test/local-cloud-setup.ts'],
  environment: 'node',
  testTimeout: 120_000,
  hookTimeout: 180_000,
  // A wait for what a person would see next (expect.poll, as `eventually` in test/support/cloud.ts) looks again every
  // 200 ms, not vitest's 50: each look is a request to the cloud or the page (docs/adding-a-capability.md).
  expect: { poll: { interval: 200 } },
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts', 'events/**/*.test.ts', 'functions/**/*.test.ts', 'frontend/src/**/*.test.ts'],
          environment: 'node',
          // Threads that keep their modules from file to file: the unit files hold no state between them (each makes
          // its own memory stores), and a fresh process and module graph per file cost 80 CPU-seconds against 35.
          pool: 'threads',
          isolate: false,
          // Media rendering is CPU-bound: generous on a busy 2-core machine; speed is measured by `npm run bench`.
          testTimeout: 30_000,
          maxWorkers: FILES_AT_ONCE,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['infra/aws/**/*.test.ts'],
          environment: 'node',
          // As the unit project: threads that keep aws-cdk-lib loaded from file to file (each file synthesizes apps of its
          // own). A process and the CDK's modules per file took 106 CPU-seconds for the project, against 62.
          pool: 'threads',
          isolate: false,
          testTimeout: 180_000,
          // The CDK app's synthesis (every Lambda bundled) took 155–195 s beside the system files on a slow day.
          hookTimeout: 600_000,
          maxWorkers: FILES_AT_ONCE,
        },
      },
      {
        test: {
          name: 'system',
          include: ['test/integration/**/*.test.ts', 'test/e2e/**/*.test.ts'],
          exclude: alone,
          ...system,
          // A worker keeps its modules from file to file, as the unit project's threads do: each file loading the SDK,
          // playwright, zod and the handlers' code afresh cost 1.5–2 CPU-seconds, a run's minutes. The files share no
          // state but the cloud: each makes its own people and releases, and useCloudEnv() points the clients at it.
          isolate: false,
          maxWorkers: FILES_AT_ONCE,
        },
      },
      {
        test: {
          name: 'system-alone',
          include: alone,
          ...system,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'faults',
          include: ['test/faults/**/*.test.ts'],
          environment: 'node',
          testTimeout: 600_000,
          hookTimeout: 600_000,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
