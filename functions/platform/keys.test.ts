import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stubAppEnv, unstubAppEnv } from '../../test/support/unit-env.js';
import { checkDownloadSignature, signedDownloadPath } from '../commerce/commerce.js';
import { issueSessionToken } from './session.js';
import { newRecoveryCodes, newTotpSecret, openTotpSecret, recoveryCodeHash, sealTotpSecret, totpCode, totpStep } from '../accounts/totp.js';

const NOW = new Date('2026-11-28T12:00:00Z');
const ADMIN = 'admin-1';

describe('rotating the session secret', () => {
  beforeAll(() => stubAppEnv({ SESSION_SECRET: 'old-session-secret-'.padEnd(40, 'o') }));
  afterAll(unstubAppEnv);

  it('ends sessions but leaves the admins their authenticator app and recovery codes, and download links their keys', async () => {
    const { secret } = newTotpSecret('admin@toko.example');
    const sealed = sealTotpSecret(ADMIN, secret);
    const [recoveryCode] = newRecoveryCodes();
    const recoveryHash = recoveryCodeHash(ADMIN, recoveryCode);
    const link = signedDownloadPath('listener-1', 'album-1', NOW);
    const session = await issueSessionToken({ userId: ADMIN, sessionId: 'session-1' }, NOW);

    stubAppEnv({ SESSION_SECRET: 'new-session-secret-'.padEnd(40, 'n') });

    expect(await issueSessionToken({ userId: ADMIN, sessionId: 'session-1' }, NOW)).not.toBe(session);
    const opened = openTotpSecret(ADMIN, sealed);
    expect(opened).toBe(secret);
    expect(totpStep(opened, totpCode(opened, NOW), NOW)).not.toBeNull();
    expect(recoveryCodeHash(ADMIN, recoveryCode)).toBe(recoveryHash);
    expect(signedDownloadPath('listener-1', 'album-1', NOW)).toBe(link);
    const signature = new URL(link, 'https://toko.example').searchParams.get('signature')!;
    const expires = Number(new URL(link, 'https://toko.example').searchParams.get('expires'));
    expect(checkDownloadSignature('listener-1', 'album-1', expires, signature, NOW)).toBe('ok');
  });

  it('opens a sealed authenticator secret only under the second factor secret it was sealed with', () => {
    const sealed = sealTotpSecret(ADMIN, newTotpSecret('admin@toko.example').secret);
    stubAppEnv({ SECOND_FACTOR_SECRET: 'another-second-factor-secret'.padEnd(40, 's') });
    expect(() => openTotpSecret(ADMIN, sealed)).toThrow();
  });
});
