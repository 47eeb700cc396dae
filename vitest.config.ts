/**
 * One test command, four projects: unit, infra, system (integration over HTTP and e2e in Chromium, on one local cloud),
 * and faults (each file on a cloud of its own behind fault proxies, run after the others so two clouds never load the machine at once).
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts', 'events/**/*.test.ts', 'functions/**/*.test.ts', 'frontend/src/**/*.test.ts'],
          environment: 'node',
          // Media rendering is CPU-bound: generous on a busy 2-core machine; speed is measured by `npm run bench`.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['infra/aws/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        // Integration (HTTP) and e2e (Chromium) tests share one local cloud, started once.
        test: {
          name: 'system',
          include: ['test/integration/**/*.test.ts', 'test/e2e/**/*.test.ts'],
          globalSetup: ['test/local-cloud-setup.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
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
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
