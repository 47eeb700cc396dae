import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { lambdaBundle } from '../frontend/build/lambda-bundle.js';
import { adminOpsRoutes, contextsOf, routeKey, routes } from './routes.js';

const integrationDir = join(import.meta.dirname, '..', 'test', 'integration');
const integrationSources = readdirSync(integrationDir)
  .filter((file) => file.endsWith('.ts'))
  .map((file) => readFileSync(join(integrationDir, file), 'utf8'))
  .join('\n');

/** A path as a test writes it: each `{param}` is a literal or a `${…}` of the test's own. */
const calledPath = (path: string) =>
  new RegExp(`['\`]${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, "(?:\\$\\{[^}]+\\}|[^/'`?$]+)")}(?:[?'\`]|\\$\\{)`);

describe('the route manifest', () => {
  it('names a contract with an answer schema for every route', () => {
    for (const route of routes) {
      expect(route.contract.answer, routeKey(route)).toHaveProperty('_zod');
      for (const part of ['params', 'query', 'body'] as const) {
        const schema = route.contract[part as keyof typeof route.contract];
        if (schema !== undefined) expect(schema, `${routeKey(route)} ${part}`).toHaveProperty('_zod');
      }
    }
  });

  it('gives a path parameter schema to every route with parameters', () => {
    for (const route of routes.filter((r) => r.path.includes('{'))) expect(route.contract, routeKey(route)).toHaveProperty('params');
  });

  // test/support/cloud.ts checks each answer against its schema, so every route must be called by some integration test.
  it('has every route called by an integration test', () => {
    const uncalled = [...new Set(routes.map((r) => r.path))].filter((path) => !calledPath(path).test(integrationSources));
    expect(uncalled).toEqual([]);
  });
});

describe("a context's Lambda", () => {
  const root = join(import.meta.dirname, '..');

  it('bundles only its own slice of the manifest, and only the contracts that slice names', async () => {
    const result = await build({
      entryPoints: [join(import.meta.dirname, 'operations', 'http', 'admin-ops.ts')],
      ...lambdaBundle,
      write: false,
      outfile: 'admin-ops.mjs',
      metafile: true,
      logLevel: 'silent',
      external: ['@aws-sdk/*', '@smithy/*', 'stripe'],
    });
    const carried = Object.entries(Object.values(result.metafile.outputs)[0].inputs)
      .filter(([file, input]) => file.includes('/contract/') && input.bytesInOutput > 0)
      .map(([file]) => file);
    expect(carried.sort()).toEqual(['functions/operations/contract/admin-ops.ts', 'functions/platform/contract/endpoint.ts']);
    expect(contextsOf(adminOpsRoutes)).toEqual(['admin-ops']);
  });

  // package.json's sideEffects names what has side effects; a file it leaves out is dropped by a bundle that imports
  // nothing of it. Only the contract's modules (schemas, nothing else) are left out.
  it('is bundled knowing only the contract modules are free of side effects', () => {
    const { sideEffects } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { sideEffects: string[] };
    const patterns = sideEffects.map(
      (glob) =>
        new RegExp(
          `^${glob.replace(/^\.\//, '').replace(/\./g, '\\.').replace(/\*\*/g, '\0').replace(/\*/g, '[^/]*').replace(/\0/g, '.*')}$`,
        ),
    );
    const files = readdirSync(import.meta.dirname, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .map((file) => relative(root, join(import.meta.dirname, file)));
    const listed = (file: string) => patterns.some((pattern) => pattern.test(file));
    expect(files.filter((file) => !file.includes('/contract/') && !listed(file))).toEqual([]);
    expect(files.filter((file) => file.includes('/contract/') && listed(file))).toEqual([]);
  });
});
