/**
 * The admins' sensitive acts over HTTP: a role change, a refund, an export, a projection switch or drop and a redrive
 * of every dead letter answer `step_up_required` until the admin gives a fresh code of their authenticator app, which
 * opens 5 minutes; wrong codes in a row lock the account's second step and mail the admin.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { userStream } from '../../functions/accounts/domain/user.js';
import { readStream } from '../../functions/platform/event-store.js';
import { routes } from '../../functions/routes.js';
import { totpCode } from '../../functions/accounts/totp.js';
import { eventually, useCloudEnv } from '../support/cloud.js';
import { mailTo } from '../support/commerce.js';
import { signedInAdmin, signedInListener } from '../support/signed-in.js';

beforeAll(useCloudEnv);

/** A code the app does not show now (nor a step either side). */
const wrongCodeOf = (secret: string) => String((Number(totpCode(secret)) + 500_000) % 1_000_000).padStart(6, '0');

describe('step-up', () => {
  it('marks the sensitive acts in the manifest', () => {
    const marked = routes.filter((r) => 'stepUp' in r && r.stepUp).map((r) => `${r.method} ${r.path}`);
    expect(marked.sort()).toEqual(
      [
        'PUT /api/admin/users/{id}/role',
        'GET /api/admin/fan-signups/export',
        'POST /api/admin/purchases/{orderId}/refund',
        'POST /api/admin/ops/consumers/{name}/dead-letters/redrive',
        'POST /api/admin/ops/rebuilds/{projection}/switch',
        'POST /api/admin/ops/rebuilds/{projection}/drop',
        'DELETE /api/admin/videos/{id}',
      ].sort(),
    );
  });

  it('asks for a fresh code before a sensitive act, refuses a wrong or reused one, and lets the act through for 5 minutes', async () => {
    const [owner, listener] = await Promise.all([signedInAdmin(), signedInListener()]);
    const exportPath = '/api/admin/fan-signups/export';
    expect(await owner.callAsIs(exportPath)).toMatchObject({
      status: 403,
      body: { error: 'step_up_required', message: expect.stringMatching(/fresh code/) },
    });
    // An act that is not sensitive needs none.
    expect((await owner.callAsIs('/api/admin/fan-signups')).status).toBe(200);

    const stepUp = (code: string) => owner.callAsIs('/api/auth/admin/step-up', { method: 'POST', json: { code } });
    expect(await stepUp('12')).toMatchObject({ status: 400 });
    expect(await stepUp(wrongCodeOf(owner.secret))).toMatchObject({ status: 400, body: { error: 'invalid_totp_code' } });
    expect((await owner.callAsIs(exportPath)).status).toBe(403);

    const code = totpCode(owner.secret);
    const given = await stepUp(code);
    expect(given.status).toBe(200);
    const until = Date.parse(given.body.stepUpUntil);
    expect(until - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    expect(await stepUp(code)).toMatchObject({ status: 401, body: { error: 'totp_code_used' } });

    expect((await owner.callAsIs(exportPath)).status).toBe(200);
    // A listener has nothing to step up to.
    expect(await listener.call('/api/auth/admin/step-up', { method: 'POST', json: { code } })).toMatchObject({ status: 403 });
  });

  it('takes one of the recovery codes instead of the app, once: the code is spent, and a wrong one counts towards the lock', async () => {
    const admin = await signedInAdmin(['people']);
    const exportPath = '/api/admin/fan-signups/export';
    const stepUp = (json: unknown) => admin.callAsIs('/api/auth/admin/step-up', { method: 'POST', json });
    const [code, other] = admin.recoveryCodes;
    expect(await stepUp({ recoveryCode: 'abcde-12345' })).toMatchObject({ status: 400, body: { error: 'invalid_recovery_code' } });
    expect(await stepUp({ recoveryCode: '' })).toMatchObject({ status: 400, body: { message: expect.stringMatching(/recovery code/) } });
    expect((await admin.callAsIs(exportPath)).status).toBe(403);

    // Typed as people do: upper case, spaces around.
    const given = await stepUp({ recoveryCode: ` ${code.toUpperCase()} ` });
    expect(given.status).toBe(200);
    expect(Date.parse(given.body.stepUpUntil) - Date.now()).toBeGreaterThan(4 * 60_000);
    expect((await admin.callAsIs(exportPath)).status).toBe(200);
    expect(await stepUp({ recoveryCode: code })).toMatchObject({ status: 400, body: { error: 'invalid_recovery_code' } });
    const spent = (await readStream(userStream(admin.userId))).filter((e) => e.type === 'AdminRecoveryCodeUsed');
    expect(spent).toMatchObject([{ data: { userId: admin.userId }, meta: { actor: admin.userId } }]);
    // The other codes still work, each once.
    expect((await stepUp({ recoveryCode: other })).status).toBe(200);

    // Wrong recovery codes lock the second step as wrong app codes do.
    for (let i = 0; i < 4; i++) expect((await stepUp({ recoveryCode: `wrong-${i}-code` })).status).toBe(400);
    expect(await stepUp({ recoveryCode: 'wrong-5-code' })).toMatchObject({ status: 429, body: { error: 'second_step_locked' } });
  });

  it('asks for it to redrive every dead letter, not for a dry run nor for chosen letters', async () => {
    const ops = await signedInAdmin(['operations']);
    const redrive = (json: unknown) => ops.callAsIs('/api/admin/ops/consumers/users/dead-letters/redrive', { method: 'POST', json });
    expect(await redrive({ ids: 'all', ratePerSecond: 10, dryRun: false })).toMatchObject({
      status: 403,
      body: { error: 'step_up_required' },
    });
    expect((await redrive({ ids: 'all', ratePerSecond: 10, dryRun: true })).status).toBe(200);
    expect((await redrive({ ids: ['no-such-letter'], ratePerSecond: 10, dryRun: false })).status).not.toBe(403);
    await ops.stepUp();
    expect((await redrive({ ids: 'all', ratePerSecond: 10, dryRun: false })).status).toBe(200);
  });
});

describe('the lock of the second step', () => {
  it('five wrong codes in a row lock it, even the right code then; the admin is mailed; the log records who', async () => {
    const admin = await signedInAdmin(['catalogue']);
    const stepUp = (code: string) => admin.callAsIs('/api/auth/admin/step-up', { method: 'POST', json: { code } });
    for (let i = 0; i < 4; i++) expect((await stepUp(wrongCodeOf(admin.secret))).status).toBe(400);
    expect(await stepUp(wrongCodeOf(admin.secret))).toMatchObject({
      status: 429,
      body: { error: 'second_step_locked', message: expect.stringMatching(/locked until \d\d:\d\d UTC/) },
    });
    expect(await stepUp(totpCode(admin.secret))).toMatchObject({ status: 429, body: { error: 'second_step_locked' } });

    const locked = (await readStream(userStream(admin.userId))).filter((e) => e.type === 'AdminSecondStepLocked');
    expect(locked).toMatchObject([{ data: { userId: admin.userId, wrongCodes: 5 }, meta: { actor: admin.userId } }]);
    const mail = await eventually(async () => (await mailTo(admin.email)).find((m) => /sign-in is locked/.test(m.subject)), 30_000, 250);
    expect(mail.text).toMatch(/5 wrong authenticator codes in a row/);
  });

  it('a right code ends a run of wrong ones', async () => {
    const admin = await signedInAdmin(['catalogue']);
    const stepUp = (code: string) => admin.callAsIs('/api/auth/admin/step-up', { method: 'POST', json: { code } });
    for (let i = 0; i < 4; i++) expect((await stepUp(wrongCodeOf(admin.secret))).status).toBe(400);
    await admin.stepUp();
    for (let i = 0; i < 4; i++) expect((await stepUp(wrongCodeOf(admin.secret))).status).toBe(400);
    await admin.stepUp();
  });
});
