import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { readStream } from '../../functions/lib/event-store.js';
import { api, baseUrl, useCloudEnv } from '../support/cloud.js';

beforeAll(useCloudEnv);

const signUp = (email: unknown) => api('/api/band/fan-signup', { method: 'POST', json: { email }, headers: { origin: baseUrl() } });

describe('the band fan signup', () => {
  it('records the fan’s e-mail, trimmed and lower-cased, as FanSignedUp on the band’s stream', async () => {
    const email = `Fan-${randomUUID()}@Example.com`;
    const res = await signUp(`  ${email} `);
    expect(res).toMatchObject({ status: 202, body: { signedUp: true } });
    const events = await readStream('band#dirtytexans');
    expect(events.map((event) => event.type)).toContain('FanSignedUp');
    expect(events.some((event) => event.type === 'FanSignedUp' && event.data.email === email.toLowerCase())).toBe(true);
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
