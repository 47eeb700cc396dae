/**
 * A kill -9 of the local cloud in the middle of an account's erasure (the account-erasure consumer), then a restart on
 * the same data: the erasure finishes by itself. Stripe fails every call meanwhile, so the consumer has freed the
 * addresses and removed the avatar but could not cancel the subscription, and the account's data key, which goes last,
 * is still there when the cloud dies. After the restart the stream poller relays the log again (SQS lived in memory, as
 * a message kept in a real queue comes back), and the erasure cancels the subscription and forgets the key.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailReservation } from '../../functions/accounts/domain/user.js';
import { reservationOwner, dynamoEventStore } from '../../functions/platform/event-store.js';
import { personalData } from '../../functions/platform/personal-data.js';
import { runUserCommand } from '../../functions/accounts/users.js';
import { pngOf } from '../support/images.js';
import type { CloudProcessInfo } from './cloud-process.js';
import { call, eventually, idle, killCloud, newPerson, queueDepths, setFaults, startCloudProcess, type Running } from './support.js';

let dataDir: string;
let running: Running | undefined;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'toko-erasure-kill9-'));
});
afterAll(async () => {
  if (running) {
    process.kill(-running.child.pid!, 'SIGTERM');
    await running.exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Reads straight from the cloud's DynamoDB (not through its fault proxy), with a client made for this cloud's port. */
function tables(info: CloudProcessInfo) {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: info.endpoints.dynamodb,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  return {
    /** Whether the owner has a data key that still opens what it sealed (an address may have none left at all). */
    keyLive: async (owner: string) => {
      const key = { pk: `key#${personalData.keyIdOf(owner)}`, sk: 'key' };
      const { Item } = await client.send(new GetCommand({ TableName: info.env.TABLE_KEYS, Key: key, ConsistentRead: true }));
      return Boolean(Item?.wrapped) && !Item?.deletedAt;
    },
    close: () => client.destroy(),
  };
}

const subscriptionAtStripe = async (info: CloudProcessInfo, id: string) =>
  (await (await fetch(`${info.stripeUrl}/v1/subscriptions/${id}`, { headers: { authorization: 'Bearer sk_test_kill9' } })).json()) as {
    status: string;
  };

describe('a kill -9 of the local cloud in the middle of an erasure, then a restart', () => {
  it('finishes the erasure by itself: the subscription cancelled at Stripe, the account key forgotten', async () => {
    running = await startCloudProcess(dataDir);
    let info = running.info;
    Object.assign(process.env, info.env);
    const person = await newPerson('erasure-kill9');
    const app = (route: string, init: RequestInit & { json?: unknown } = {}) =>
      call(info.url, route, { ...init, headers: { ...person.headers, ...(init.headers as Record<string, string>) } });
    const started = await app('/api/subscription/checkout', { method: 'POST', json: { amount: 5 } });
    expect(started.status).toBe(200);
    const paid = await fetch(`${info.stripeUrl}/sandbox/checkout/sessions/${started.body.sessionId}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: person.email }),
    });
    const subscriptionId = ((await paid.json()) as { session: { subscription: string } }).session.subscription;
    await eventually(async () => (await app('/api/subscription/me')).body.active === true);
    const form = new FormData();
    form.append('avatar', new Blob([Uint8Array.from(pngOf(64, 64))], { type: 'image/png' }), 'me.png');
    const avatar = await app('/api/avatar-upload', { method: 'POST', body: form });
    expect(avatar.status).toBe(200);
    const avatarUrl = `${info.url}/uploads/avatars/${avatar.body.filename as string}`;
    expect((await fetch(avatarUrl)).status).toBe(200);

    // Stripe fails every call from now on; the deletion is recorded as a confirmed code records it.
    await setFaults(info, 'stripe', { error: 1 });
    await runUserCommand(
      person.userId,
      { type: 'DeleteAccount' },
      { actor: person.userId, correlationId: 'erasure-kill9', eventStore: dynamoEventStore },
    );

    // Midway: the address freed and the avatar gone, but neither the subscription nor the account's key.
    await eventually(async () => (await reservationOwner(emailReservation(person.email))) === undefined);
    await eventually(async () => (await fetch(avatarUrl)).status === 404);
    const before = tables(info);
    expect(await before.keyLive(`email:${person.email}`)).toBe(false);
    expect(await before.keyLive(`user:${person.userId}`)).toBe(true);
    before.close();
    expect((await subscriptionAtStripe(info, subscriptionId)).status).toBe('active');

    await killCloud(running);
    running = undefined;

    // The restart, on the same data, without faults.
    running = await startCloudProcess(dataDir);
    info = running.info;
    const after = tables(info);
    await eventually(async () => !(await after.keyLive(`user:${person.userId}`)), 240_000);
    after.close();
    expect((await subscriptionAtStripe(info, subscriptionId)).status).toBe('canceled');
    expect(await idle(info, 240_000)).toBe(true);
    const { dlqs } = await queueDepths(info.endpoints.sqs);
    expect(dlqs['account-erasure']).toBe(0);
  }, 600_000);
});
