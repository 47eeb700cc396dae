/** The signed-in user's own profile, avatar and notifications, through HTTP on the local cloud. */
import { randomUUID } from 'node:crypto';
import jpeg from 'jpeg-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { notificationContent } from '../../functions/notifications/domain/rules.js';
import { notifyUser } from '../../functions/notifications/notify.js';
import { dynamoEventStore } from '../../functions/platform/event-store.js';
import { api, baseUrl, eventually, useCloudEnv } from '../support/cloud.js';
import { carriesExif, jpegWithGps, pngOf } from '../support/images.js';
import { confirmationLinkOf, emailChangeCodeOf, freshEmail, inbox, signedInUser } from './accounts-helpers.js';

beforeAll(useCloudEnv);

describe('profile', () => {
  it('changes the display name; a new e-mail is asked for with a code from the current one and confirmed by a link sent to it', async () => {
    // Signed in a while ago: the change asks for a code (a fresh sign-in needs none, below).
    const user = await signedInUser('profile', { minutesAgo: 20 });
    const named = await api(`/api/users/${user.userId}`, { method: 'PUT', json: { displayName: '  Night Owl ' }, headers: user.headers });
    expect(named).toMatchObject({ status: 200, body: { user: { displayName: 'Night Owl', email: user.email, emailVerified: true } } });
    expect((await api('/api/users/me', { headers: user.headers })).body.displayName).toBe('Night Owl');

    const newEmail = freshEmail('moved');
    // The profile route never moves the address.
    expect(await api(`/api/users/${user.userId}`, { method: 'PUT', json: { email: newEmail }, headers: user.headers })).toMatchObject({
      status: 409,
      body: { error: 'email_change_needs_confirmation' },
    });
    const asked = await api('/api/users/me/email', { method: 'POST', json: { email: newEmail.toUpperCase() }, headers: user.headers });
    expect(asked).toMatchObject({ status: 200, body: { codeSent: true, emailVerificationSent: false, user: { email: user.email } } });
    const code = await emailChangeCodeOf(user.email);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await api('/api/users/me/email/confirm', { method: 'POST', json: { code: wrong }, headers: user.headers })).status).toBe(400);
    const requested = await api('/api/users/me/email/confirm', { method: 'POST', json: { code }, headers: user.headers });
    expect(requested).toMatchObject({
      status: 200,
      body: { emailVerificationSent: true, user: { email: user.email, emailVerified: true, pendingEmail: newEmail } },
    });
    // The old address stays in force until the new one is confirmed.
    expect((await api('/api/auth/smart-signin', { method: 'POST', json: { email: user.email } })).body.is_new_user).toBe(false);

    const verified = await api('/api/auth/verify-email', { method: 'POST', json: await confirmationLinkOf(newEmail) });
    expect(verified).toMatchObject({ status: 200, body: { user: { email: newEmail, displayName: 'Night Owl' }, signedIn: true } });
    expect((await api('/api/users/me', { headers: user.headers })).body).toMatchObject({
      email: newEmail,
      emailVerified: true,
      pendingEmail: null,
    });
    // The old address is told.
    await eventually(async () => (await inbox(user.email)).find((m) => m.subject.includes('e-mail address was changed')));

    // The new address now signs in to this account.
    const smart = await api('/api/auth/smart-signin', { method: 'POST', json: { email: newEmail } });
    expect(smart.body.is_new_user).toBe(false);
  });

  it('changes the e-mail without a code within 10 minutes of a sign-in by code, from that session only', async () => {
    const user = await signedInUser('fresh');
    const newEmail = freshEmail('fresh-moved');
    const asked = await api('/api/users/me/email', { method: 'POST', json: { email: newEmail }, headers: user.headers });
    expect(asked).toMatchObject({
      status: 200,
      body: {
        codeSent: false,
        emailVerificationSent: true,
        message: expect.stringMatching(/signed in moments ago, so no code is needed/),
        user: { email: user.email, emailVerified: true, pendingEmail: newEmail },
      },
    });
    const verified = await api('/api/auth/verify-email', { method: 'POST', json: await confirmationLinkOf(newEmail) });
    expect(verified).toMatchObject({ status: 200, body: { user: { email: newEmail } } });
    // No code went to the old address; it is told of the change.
    await eventually(async () => (await inbox(user.email)).find((m) => m.subject.includes('e-mail address was changed')));
    expect((await inbox(user.email)).some((m) => m.subject.includes('code to change your e-mail address'))).toBe(false);

    // That sign-in proved the old address: the next change asks the new one for a code.
    const third = freshEmail('fresh-third');
    const again = await api('/api/users/me/email', { method: 'POST', json: { email: third }, headers: user.headers });
    expect(again).toMatchObject({ status: 200, body: { codeSent: true, user: { email: newEmail, pendingEmail: null } } });
    expect(await emailChangeCodeOf(newEmail)).toMatch(/^\d{6}$/);
  });

  it('refuses an e-mail another account proved, and a malformed one, in words a person can act on', async () => {
    const user = await signedInUser('taken');
    const other = await signedInUser('owner');
    expect(await api('/api/users/me/email', { method: 'POST', json: { email: other.email }, headers: user.headers })).toMatchObject({
      status: 409,
      body: { error: 'email_taken' },
    });
    expect(await api('/api/users/me/email', { method: 'POST', json: { email: 'nope' }, headers: user.headers })).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('Please enter a valid email address') },
    });
  });

  it('asks a guest to sign in', async () => {
    expect(await api('/api/users/me')).toMatchObject({ status: 401, body: { error: 'unauthorized' } });
    expect((await api(`/api/users/${randomUUID()}`, { method: 'PUT', json: { displayName: 'x' } })).status).toBe(401);
    expect((await api('/api/session/validate')).body).toEqual({ user: null, needsAuth: true });
  });
});

describe('avatar', () => {
  it('is stored and served as a JPEG encoded again from the upload, at /uploads/avatars/{userId}.jpg with a version', async () => {
    const user = await signedInUser('avatar');
    const upload = (bytes: Buffer, type: string, name: string) => {
      const form = new FormData();
      form.append('avatar', new Blob([Uint8Array.from(bytes)], { type }), name);
      return api('/api/avatar-upload', { method: 'POST', body: form, headers: user.headers });
    };
    // A phone's photo: the GPS position it was taken at rides in its EXIF block.
    const photo = jpegWithGps(600, 600);
    const res = await upload(photo, 'image/jpeg', 'avatar.jpg');
    expect(res).toMatchObject({ status: 200, body: { filename: `${user.userId}.jpg`, avatar: expect.stringMatching(/\?v=\d+$/) } });
    const served = await fetch(`${baseUrl()}${res.body.avatar}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    const stored = Buffer.from(await served.arrayBuffer());
    expect(carriesExif(stored)).toBe(false);
    expect(jpeg.decode(stored, { useTArray: true })).toMatchObject({ width: 400, height: 400 });
    expect((await api('/api/users/me', { headers: user.headers })).body).toMatchObject({
      avatar: `${user.userId}.jpg`,
      avatarUrl: res.body.avatar,
    });

    // A PNG becomes a JPEG too, under a new version of the same address.
    const replaced = await upload(pngOf(100, 100), 'image/png', 'avatar.png');
    expect(replaced).toMatchObject({ status: 200, body: { filename: `${user.userId}.jpg` } });
    expect(replaced.body.avatar).not.toBe(res.body.avatar);
    const png = await fetch(`${baseUrl()}${replaced.body.avatar}`);
    expect(png.headers.get('content-type')).toBe('image/jpeg');
    expect(jpeg.decode(Buffer.from(await png.arrayBuffer()), { useTArray: true })).toMatchObject({ width: 400, height: 400 });

    // What is not a JPEG or PNG, whatever it claims, is refused and the avatar stays.
    const webp = Buffer.concat([
      Buffer.from('RIFF', 'latin1'),
      Buffer.from([0x24, 0, 0, 0]),
      Buffer.from('WEBPVP8 ', 'latin1'),
      Buffer.alloc(32),
    ]);
    const asWebp = await upload(webp, 'image/jpeg', 'claims-to-be.jpg');
    expect(asWebp).toMatchObject({
      status: 400,
      body: { error: 'invalid_file_type', message: 'Upload the avatar as a JPEG or PNG image.' },
    });
    expect((await api('/api/users/me', { headers: user.headers })).body).toMatchObject({ avatarUrl: replaced.body.avatar });
  });
});

describe('notifications', () => {
  it('welcomes a new user; marks one read, counts, reads all and deletes', async () => {
    const user = await signedInUser('bell');
    const [welcome] = await eventually(async () => {
      const list = (await api('/api/notifications', { headers: user.headers })).body;
      return list.length > 0 && list;
    });
    expect(welcome).toEqual({
      id: expect.any(String),
      kind: 'welcome',
      title: 'Welcome to Toko!',
      message: expect.any(String),
      isRead: false,
      createdAt: expect.any(String),
      actionText: 'Start listening',
      actionUrl: '/music',
    });
    expect((await api('/api/notifications/count', { headers: user.headers })).body).toEqual({ count: 1 });

    // Another capability notifies through the hook; the same cause twice notifies once.
    const cause = { id: randomUUID(), correlationId: randomUUID() };
    await notifyUser(user.userId, notificationContent.purchase('Night Drive', 'album-1'), cause, dynamoEventStore);
    await notifyUser(user.userId, notificationContent.purchase('Night Drive', 'album-1'), cause, dynamoEventStore);
    const list = (await api('/api/notifications', { headers: user.headers })).body;
    expect(list.map((n: { kind: string }) => n.kind)).toEqual(['purchase', 'welcome']);
    expect((await api('/api/notifications/count', { headers: user.headers })).body).toEqual({ count: 2 });

    const read = await api(`/api/notifications/${welcome.id}/read`, { method: 'PUT', headers: user.headers });
    expect(read).toMatchObject({ status: 200, body: { success: true, count: 1 } });
    // Read at once, whether or not the projection has caught up.
    expect((await api('/api/notifications/count', { headers: user.headers })).body).toEqual({ count: 1 });
    expect((await api(`/api/notifications/${welcome.id}/read`, { method: 'PUT', headers: user.headers })).status).toBe(200);

    expect((await api('/api/notifications/read-all', { method: 'PUT', headers: user.headers })).body).toMatchObject({
      success: true,
      updated: 1,
      count: 0,
    });
    expect((await api('/api/notifications/count', { headers: user.headers })).body).toEqual({ count: 0 });

    expect((await api(`/api/notifications/${welcome.id}`, { method: 'DELETE', headers: user.headers })).status).toBe(200);
    expect((await api('/api/notifications', { headers: user.headers })).body.map((n: { id: string }) => n.id)).not.toContain(welcome.id);
    expect((await api(`/api/notifications/${welcome.id}`, { method: 'DELETE', headers: user.headers })).status).toBe(404);
    expect((await api('/api/notifications/unknown/read', { method: 'PUT', headers: user.headers })).status).toBe(404);

    // The welcome that matters went out by mail too, once.
    await eventually(async () => (await inbox(user.email)).find((m) => m.subject === 'Welcome to Toko!'));
    await new Promise((r) => setTimeout(r, 500));
    expect((await inbox(user.email)).filter((m) => m.subject === 'Welcome to Toko!')).toHaveLength(1);
    expect((await inbox(user.email)).filter((m) => m.subject === 'Purchase complete')).toHaveLength(0);
  });

  it('are for signed-in users only', async () => {
    expect((await api('/api/notifications')).status).toBe(401);
    expect((await api('/api/notifications/count')).status).toBe(401);
  });
});
