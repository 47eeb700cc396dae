import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeKey, routes } from './routes.js';

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
