/** Deleting one's own account: a mailed code, ended sessions, then (the erasure's consumer) crypto-shredding, scrubbed views, a free address. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { DELETED } from '../../events/index.js';
import { dynamoClient } from '../../functions/platform/aws.js';
import { env } from '../../functions/platform/env.js';
import { readStream, streamVersion } from '../../functions/platform/event-store.js';
import { personalData } from '../../functions/platform/personal-data.js';
import { exportUserData } from '../../functions/accounts/personal-data-export.js';
import { rebuildViews } from '../../functions/operations/rebuild-views.js';
import { scratchTables } from '../../infra/local/dynamodb-local.js';
import { viewTableNames } from '../../infra/tables.js';
import { api, cloudDynamoConfig, eventually, scanText, useCloudEnv } from '../support/cloud.js';
import { asBrowser, freshEmail, inbox, sessionCookieOf, signInMail, signUpByCode, signUpFan } from './accounts-helpers.js';

beforeAll(useCloudEnv);

const deletionCodes = async (email: string) =>
  (await inbox(email)).map((m) => /account deletion code is (\d{6})/.exec(m.subject)?.[1]).filter((c): c is string => Boolean(c));

describe('deleting my account', () => {
  it('needs the mailed code; a repeated request mails a fresh one and records nothing', async () => {
    const email = freshEmail('keep');
    const { token, user } = await signUpByCode(email);
    const headers = asBrowser(token);
    const version = await streamVersion(`user#${user.id}`);

    const first = await api('/api/users/me/deletion', { method: 'POST', headers });
    expect(first).toMatchObject({ status: 200, body: { success: true, email } });
    const [oldCode] = await eventually(async () => {
      const codes = await deletionCodes(email);
      return codes.length === 1 && codes;
    });
    expect((await api('/api/users/me/deletion', { method: 'POST', headers })).status).toBe(200);
    const codes = await eventually(async () => {
      const all = await deletionCodes(email);
      return all.length === 2 && all;
    });
    expect(await streamVersion(`user#${user.id}`)).toBe(version);

    const fresh = codes[1];
    if (oldCode !== fresh) {
      const stale = await api('/api/users/me/deletion/confirm', { method: 'POST', headers, json: { code: oldCode } });
      expect(stale).toMatchObject({ status: 400, body: { error: 'invalid_code' } });
    }
    const bad = await api('/api/users/me/deletion/confirm', { method: 'POST', headers, json: { code: 'abc' } });
    expect(bad.status).toBe(400);
    expect((await api('/api/users/me', { headers })).status).toBe(200);
  });

  it('shreds the e-mail from views, log reads, export and a rebuild, ends the sessions, and frees the address', async () => {
    const email = freshEmail('gone');
    const { token, user } = await signUpByCode(email);
    const headers = asBrowser(token);
    await signUpFan(email);

    expect((await api('/api/users/me/deletion', { method: 'POST', headers })).status).toBe(200);
    const [code] = await eventually(async () => {
      const codes = await deletionCodes(email);
      return codes.length > 0 && codes;
    });
    const done = await api('/api/users/me/deletion/confirm', { method: 'POST', headers, json: { code } });
    expect(done).toMatchObject({ status: 200, body: { success: true } });
    expect(done.headers.getSetCookie().join(';')).toMatch(/toko_session=;/);

    // Sessions end at once.
    expect((await api('/api/users/me', { headers })).status).toBe(401);

    // The erasure follows the fact (its consumer). Then the log reads, the export and the views no longer hold the address.
    // Waited for in the keys table: this process's own vault would remember a key it read meanwhile for a while.
    const keyItem = { pk: `key#${personalData.keyIdOf(`user:${user.id}`)}`, sk: 'key' };
    await eventually(
      async () =>
        (await dynamoClient().send(new GetCommand({ TableName: env().TABLE_KEYS, Key: keyItem, ConsistentRead: true }))).Item?.deletedAt,
      30_000,
    );
    const events = await readStream(`user#${user.id}`);
    expect(events.at(-1)).toMatchObject({ type: 'AccountDeleted' });
    expect(JSON.stringify(events)).not.toContain(email);
    const exported = await exportUserData(user.id, new Date());
    expect(exported.profile).toMatchObject({ email: DELETED.email, displayName: DELETED.name });
    expect(JSON.stringify(exported)).not.toContain(email);
    await eventually(async () => !(await scanText(process.env.TABLE_VIEWS!)).includes(email), 20_000);

    // A rebuild of every view from the log holds it nowhere either.
    const target = await scratchTables(cloudDynamoConfig(), viewTableNames, 'deleted');
    try {
      await rebuildViews(target.names);
      expect(await scanText(target.names.views)).not.toContain(email);
      expect(await scanText(target.names.counters)).not.toContain(email);
    } finally {
      await target.drop();
    }

    // Signing up again with the address opens a new, empty account.
    expect((await api('/api/auth/smart-signin', { method: 'POST', json: { email } })).status).toBe(200);
    const second = await signInMail(email, 2);
    const again = await api('/api/auth/verify-code', { method: 'POST', json: { email, code: second.code } });
    expect(again).toMatchObject({ status: 200, body: { user: { email } } });
    expect(again.body.user.id).not.toBe(user.id);
    const mine = await api('/api/users/me/export', { headers: asBrowser(sessionCookieOf(again.headers)!) });
    expect(mine.body).toMatchObject({ profile: { email }, library: [], purchases: [], plays: [] });
  });
});
