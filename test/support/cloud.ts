/** Helpers for tests that run against the local cloud started by test/local-cloud-setup.ts. */
import { ScanCommand, type ScanCommandOutput } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';
import * as z from 'zod/mini';
import { dynamoClient, resetAwsClients } from '../../functions/platform/aws.js';
import { resetEnvCache } from '../../functions/platform/env.js';
import { routes } from '../../functions/routes.js';
import { compileRoutes, matchRoute } from '../../infra/local/api-routes.js';

/**
 * Points this worker's SDK clients and handler config at the local cloud (same variables a deployment sets). A worker
 * runs one system file after another with the modules it loaded: a file before may have pointed them elsewhere (a
 * cloud of its own, tables of its own), so the clients are made again and the settings read again.
 */
export function useCloudEnv(): void {
  Object.assign(process.env, inject('cloudEnv'));
  resetEnvCache();
  resetAwsClients();
}

export const baseUrl = () => inject('baseUrl');

/** The local cloud's DynamoDB, for tests that make tables of their own. */
export const cloudDynamoConfig = () => ({
  endpoint: inject('cloudEnv').AWS_ENDPOINT_URL_DYNAMODB,
  region: inject('cloudEnv').AWS_REGION ?? 'us-east-1',
  credentials: {
    accessKeyId: inject('cloudEnv').AWS_ACCESS_KEY_ID ?? 'local',
    secretAccessKey: inject('cloudEnv').AWS_SECRET_ACCESS_KEY ?? 'local',
  },
});

const manifest = compileRoutes(routes);

/**
 * A 2xx answer of a manifest route must fit the answer schema of its contract (functions/<context>/contract/): a
 * mismatch fails the test that made the call. A followed redirect answered for someone else, so it is not checked.
 */
function checkAnswer(method: string, path: string, response: Response, body: unknown) {
  if (response.status < 200 || response.status >= 300 || response.redirected) return;
  const { pathname } = new URL(path, 'http://localhost');
  const match = matchRoute(manifest, method, pathname);
  if (match.kind !== 'match') return;
  const result = z.safeParse(match.route.spec.contract.answer, body);
  if (!result.success) {
    throw new Error(`${match.route.routeKey} answered ${response.status} outside its contract:\n${z.prettifyError(result.error)}`);
  }
}

/** Calls the API; every 2xx answer of a manifest route is checked against the route's answer schema. */
export async function api(path: string, init: RequestInit & { json?: unknown } = {}) {
  const { json, headers, ...rest } = init;
  const response = await fetch(baseUrl() + path, {
    ...rest,
    headers: { ...(json !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  const text = await response.text();
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  checkAnswer(init.method ?? 'GET', path, response, body);
  return { status: response.status, headers: response.headers, body };
}

/**
 * Polls until `check` returns a truthy value (async effects: projections, mail), every 200 ms: each check is a request
 * or a read of a view, work the cloud does beside the files that are not waiting (docs/adding-a-capability.md).
 */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 10_000, everyMs = 200): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`Timed out after ${timeoutMs} ms${lastError ? `: ${(lastError as Error).message}` : ''}`);
}

/** Every item of a table as one JSON text, read consistently: to show that a value is stored nowhere in it. */
export async function scanText(table: string): Promise<string> {
  const parts: string[] = [];
  let start: ScanCommandOutput['LastEvaluatedKey'];
  do {
    const page = await dynamoClient().send(new ScanCommand({ TableName: table, ExclusiveStartKey: start, ConsistentRead: true }));
    parts.push(JSON.stringify(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return parts.join('');
}
