import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { stubAppEnv, unstubAppEnv } from './unit-env.js';

/**
 * A stand-in for DynamoDB's `ephemeral` table as the edge reads it: GetItem answers the item `itemOf` gives for the
 * key's pk (numbers only), every other call succeeds with nothing.
 */
export function fakeEphemeralTable(itemOf: (pk: string) => Record<string, number> | undefined) {
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const operation = String(request.headers['x-amz-target']).split('.')[1];
      const key = (JSON.parse(body) as { Key?: { pk?: { S?: string } } }).Key?.pk?.S ?? '';
      const item = operation === 'GetItem' ? itemOf(key) : undefined;
      response.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
      response.end(JSON.stringify(item ? { Item: Object.fromEntries(Object.entries(item).map(([k, v]) => [k, { N: String(v) }])) } : {}));
    });
  });
  return {
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * For a unit file of the HTTP edge: the app's settings stubbed, with DynamoDB at a fake ephemeral table where every
 * admin session is alive at `now` (active that very second, so its idle clock needs no write, and signed in then).
 */
export function useAliveAdminSessions(now: number): void {
  const table = fakeEphemeralTable((pk) =>
    pk.startsWith('admin-session#') ? { lastActiveAt: now / 1000, signedInAt: now / 1000 } : undefined,
  );
  beforeAll(async () => stubAppEnv({ AWS_ENDPOINT_URL_DYNAMODB: await table.start() }));
  afterAll(async () => {
    unstubAppEnv();
    await table.close();
  });
}
