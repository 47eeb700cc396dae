/** Helpers for tests that run against the local cloud started by test/local-cloud-setup.ts. */
import { inject } from 'vitest';
import { resetEnvCache } from '../../functions/lib/env.js';

/** Points this worker's SDK clients and handler config at the local cloud (same variables a deployment sets). */
export function useCloudEnv(): void {
  Object.assign(process.env, inject('cloudEnv'));
  resetEnvCache();
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
  return { status: response.status, headers: response.headers, body };
}

/** Polls until `check` returns a truthy value (async effects: projections, mail). */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 10_000, everyMs = 50): Promise<T> {
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
