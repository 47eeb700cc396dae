import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { readStream } from '../../functions/platform/event-store.js';
import { FAN_SIGNUP_LIMITS } from '../../functions/band/fan-signups.js';
import { api, baseUrl, eventually, useCloudEnv } from '../support/cloud.js';
import { inbox } from './accounts-helpers.js';

beforeAll(useCloudEnv);

const signUp = (email: unknown) => api('/api/band/fan-signup', { method: 'POST', json: { email }, headers: { origin: baseUrl() } });

describe('the band fan signup', () => {
  it('mails a confirmation link, and records the fan’s e-mail, trimmed and lower-cased, only once it is followed', async () => {
    const email = `Fan-${randomUUID()}@Example.com`;
    const fanEvents = async () =>
      (await readStream('band#dirtytexans')).filter((event) => event.type === 'FanSignedUp' && event.data.email === email.toLowerCase());
    const res = await signUp(`  ${email} `);
    expect(res).toMatchObject({ status: 202, body: { confirmationSent: true } });
    expect(await fanEvents()).toEqual([]);

    const mail = await eventually(async () => (await inbox(email)).find((m) => m.subject.startsWith('Confirm your signup')));
    const token = new URL(/(http\S+\/dirtytexans-signup\?confirm=\S+)/.exec(mail.body.text!)![1]).searchParams.get('confirm')!;
    const confirm = () => api('/api/band/fan-signup/confirm', { method: 'POST', json: { token }, headers: { origin: baseUrl() } });
    expect(await confirm()).toMatchObject({ status: 200, body: { signedUp: true } });
    expect(await fanEvents()).toHaveLength(1);
    expect(await confirm()).toMatchObject({ status: 400, body: { error: 'invalid_link' } });
  });

  it('throttles the confirmation mails one address is sent', async () => {
    const email = `fan-${randomUUID()}@example.com`;
    for (let i = 0; i < FAN_SIGNUP_LIMITS.perAddressPerDay; i++) expect((await signUp(email)).status).toBe(202);
    expect(await signUp(email)).toMatchObject({ status: 429, body: { message: expect.stringContaining('Too many signups') } });
  });

  it('refuses an address that is not one, and records nothing', async () => {
    const before = (await readStream('band#dirtytexans')).length;
    for (const email of ['not-an-email', '', 42]) {
      const res = await signUp(email);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('invalid_request');
    }
    expect((await readStream('band#dirtytexans')).length).toBe(before);
  });

  it('refuses a signup posted from another site', async () => {
    const res = await api('/api/band/fan-signup', {
      method: 'POST',
      json: { email: 'fan@example.com' },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
  });
});
