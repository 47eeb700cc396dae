/** Signing up and in through HTTP on the local cloud: code, magic link, admin password, beta signup, sessions, logout. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { appendToStream } from '../../functions/platform/event-store.js';
import { ensureFirstAdmin } from '../../functions/accounts/first-admin.js';
import { api, eventually, useCloudEnv } from '../support/cloud.js';
import {
  asBrowser,
  confirmationLinkOf,
  freshEmail,
  inbox,
  sessionCookieOf,
  signInAsAdmin,
  signInMail,
  signUpByCode,
} from './accounts-helpers.js';

beforeAll(useCloudEnv);

const smartSignInKeys = [
  'codeGenerated',
  'instant_signin',
  'intent',
  'isAdminAccount',
  'is_new_user',
  'magic_link_sent',
  'message',
  'redirectUrl',
  'requiresPassword',
  'success',
];

describe('sign-up and sign-in by e-mail', () => {
  it('signs up with the mailed 6-digit code and lands signed in, welcomed in the app and by mail', async () => {
    const email = freshEmail('new');
    const sent = await api('/api/auth/smart-signin', {
      method: 'POST',
      json: { email: ` ${email.toUpperCase()} `, displayName: 'Nova Fan' },
    });
    expect(sent).toMatchObject({
      status: 200,
      body: {
        instant_signin: false,
        isAdminAccount: false,
        requiresPassword: false,
        magic_link_sent: true,
        codeGenerated: true,
        is_new_user: true,
      },
    });
    const { code, linkToken, mail } = await signInMail(email);
    expect(mail.from).toContain('hello@toko.example');
    expect(mail.body.text).toContain(code);
    expect(mail.body.text).toContain(`/magic-login?token=${linkToken}`);

    const verified = await api('/api/auth/verify-code', { method: 'POST', json: { email, code } });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({
      isNewUser: true,
      subscriptionIntent: false,
      cartCheckoutIntent: false,
      redirectUrl: null,
    });
    // The token is in the HttpOnly cookie alone, never in the body or a header a script could read.
    expect(verified.body).not.toHaveProperty('jwtToken');
    expect(verified.headers.get('x-auth-token')).toBeNull();
    const cookie = verified.headers.getSetCookie().find((c) => c.startsWith('__Host-toko_session='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/Path=\/(;|$)/);
    expect(cookie).not.toMatch(/Domain=/i);
    expect(cookie).toMatch(/SameSite=Lax/);

    const token = sessionCookieOf(verified.headers)!;
    const me = await api('/api/users/me', { headers: asBrowser(token) });
    expect(me).toMatchObject({
      status: 200,
      body: {
        email,
        displayName: 'Nova Fan',
        subscriptionTier: 'free',
        isSubscriber: false,
        isAdmin: false,
        avatar: null,
        emailVerified: true,
        createdAt: expect.any(String),
      },
    });
    // API clients may still send the token as a bearer token.
    const bearer = await api('/api/session/validate', { headers: { authorization: `Bearer ${token}` } });
    expect(bearer.body).toMatchObject({ needsAuth: false, user: { id: me.body.id } });

    const notifications = await eventually(async () => {
      const res = await api('/api/notifications', { headers: asBrowser(token) });
      return res.body.length > 0 && res.body;
    });
    expect(notifications[0]).toMatchObject({ title: 'Welcome to Toko!', isRead: false, actionUrl: '/music' });
    await eventually(async () => (await inbox(email)).find((m) => m.subject === 'Welcome to Toko!'));
  });

  it('signs in again by magic link; the link and its code then work no more', async () => {
    const { user } = await signUpByCode(freshEmail('again'));
    const email = user.email;
    const sent = await api('/api/auth/smart-signin', { method: 'POST', json: { email } });
    expect(sent.body).toMatchObject({ is_new_user: false, magic_link_sent: true });
    const { code, linkToken } = await signInMail(email, 2);

    // Following the link (a GET, which mail scanners prefetch) changes nothing: the page posts its token.
    expect((await api(`/api/auth/verify-magic-link?token=${linkToken}`)).status).toBe(405);
    const link = await api('/api/auth/verify-magic-link', { method: 'POST', json: { token: linkToken } });
    expect(link).toMatchObject({
      status: 200,
      body: { isNewUser: false, subscriptionIntent: false, checkoutUrl: null },
    });
    expect(link.body.user.id).toBe(user.id);
    expect(link.body).not.toHaveProperty('authToken');
    expect(sessionCookieOf(link.headers)).toEqual(expect.any(String));

    expect((await api('/api/auth/verify-magic-link', { method: 'POST', json: { token: linkToken } })).status).toBe(400);
    expect((await api('/api/auth/verify-code', { method: 'POST', json: { email, code } })).status).toBe(400);
    expect((await api('/api/auth/verify-magic-link', { method: 'POST', json: {} })).status).toBe(400);
  });

  it('answers a known and an unknown address with the same fields, apart from is_new_user', async () => {
    const { user } = await signUpByCode(freshEmail('known'));
    const known = await api('/api/auth/smart-signin', { method: 'POST', json: { email: user.email } });
    const unknown = await api('/api/auth/smart-signin', { method: 'POST', json: { email: freshEmail('unknown') } });
    expect(Object.keys(known.body).sort()).toEqual(smartSignInKeys);
    expect(Object.keys(unknown.body).sort()).toEqual(smartSignInKeys);
    expect({ ...known.body, is_new_user: true }).toEqual(unknown.body);
  });

  it('remembers the Toko+ intent of the sign-up modal through the code', async () => {
    const email = freshEmail('plus');
    const sent = await api('/api/auth/send-magic-auth-link', { method: 'POST', json: { email, intent: 'subscribe' } });
    expect(sent).toMatchObject({ status: 200, body: { email, is_new_user: true } });
    const again = await api('/api/auth/send-magic-link', { method: 'POST', json: { email, intent: 'subscribe' } });
    expect(again.status).toBe(200);
    const { code } = await signInMail(email, 2);
    const verified = await api('/api/auth/verify-code', { method: 'POST', json: { email, code } });
    expect(verified.body).toMatchObject({ subscriptionIntent: true, redirectUrl: '/subscription-checkout', isNewUser: true });
  });

  it('remembers the cart checkout intent of the cart dialog through the code, and answers where the checkout resumes', async () => {
    const email = freshEmail('cart');
    const sent = await api('/api/auth/smart-signin', {
      method: 'POST',
      json: { email, displayName: '', intent: 'cart_checkout', cartItems: [{ albumId: 'album-paper-satellites' }] },
    });
    expect(sent.body).toMatchObject({ magic_link_sent: true, intent: 'cart_checkout' });
    const { code } = await signInMail(email);
    const verified = await api('/api/auth/verify-code', { method: 'POST', json: { email, code } });
    expect(verified.body).toMatchObject({
      intent: 'cart_checkout',
      cartCheckoutIntent: true,
      subscriptionIntent: false,
      redirectUrl: '/cart?from=login',
    });
  });

  it('free signup mails the sign-in message and names the address', async () => {
    const email = freshEmail('free');
    expect(await api('/api/auth/free-signup', { method: 'POST', json: { email } })).toMatchObject({ status: 200, body: { email } });
    await signInMail(email);
  });
});

describe('admin accounts', () => {
  it('are made from the settings once, must give a password, and get the admin tier', async () => {
    const email = freshEmail('admin');
    const password = `pw-${randomUUID()}`;
    expect(await ensureFirstAdmin({ email, password })).toMatchObject({ email, outcome: 'created' });
    expect(await ensureFirstAdmin({ email, password })).toMatchObject({ email, outcome: 'unchanged' });

    // Answered as any account's address (accounts-pre-hijacking.test.ts); the mail says to use the password.
    const smart = await api('/api/auth/smart-signin', { method: 'POST', json: { email } });
    expect(smart.body).toMatchObject({ isAdminAccount: false, requiresPassword: false, magic_link_sent: true, is_new_user: false });
    expect((await api('/api/auth/send-magic-link', { method: 'POST', json: { email } })).status).toBe(200);

    expect(await api('/api/auth/login', { method: 'POST', json: { email, password: '' } })).toMatchObject({
      status: 400,
      body: { error: 'missing_information', message: 'Please enter both email/username and password' },
    });
    expect(await api('/api/auth/login', { method: 'POST', json: { email, password: 'wrong password' } })).toMatchObject({ status: 401 });
    // The right password leads on to the second factor (admin-sign-in.test.ts), which signs in.
    const token = await signInAsAdmin(email, password);
    const me = await api('/api/users/me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.body).toMatchObject({ email, isAdmin: true, isAdminAccount: true, requiresPassword: true, subscriptionTier: 'admin' });
    // No code ever went to an admin address.
    const mails = await eventually(async () => {
      const all = await inbox(email);
      return all.length >= 2 ? all : undefined;
    });
    expect(mails.map((m) => m.subject)).toEqual(['Sign in to Toko with your password', 'Sign in to Toko with your password']);
  });
});

describe('password sign-in with a guest cart', () => {
  it('brings the guest cart into the account, as POST /api/cart/sync does, and says so in X-Cart-Synced', async () => {
    const email = freshEmail('cartlogin');
    const password = 'a long password';
    const username = `cart_${randomUUID().slice(0, 8)}`;
    const signup = await api('/api/users/beta-signup', { method: 'POST', json: { fullName: 'Cart Fan', username, email, password } });
    expect(signup.status).toBe(200);
    // The address confirmed from the browser that chose the password, which keeps it.
    const link = await confirmationLinkOf(email);
    expect(
      (await api('/api/auth/verify-email', { method: 'POST', json: link, headers: asBrowser(sessionCookieOf(signup.headers)!) })).status,
    ).toBe(200);

    const plain = await api('/api/auth/login', { method: 'POST', json: { email, password } });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('x-cart-synced')).toBe('false');

    const guestCartItems = [
      { albumId: 'album-paper-satellites', albumTitle: 'Paper Satellites', price: 9.99 },
      { albumId: 'album-after-hours', albumTitle: 'After Hours', price: 'abc' },
      { albumTitle: 'no id' },
    ];
    const login = await api('/api/auth/login', { method: 'POST', json: { username, password, guestCartItems } });
    expect(login.status).toBe(200);
    expect(login.headers.get('x-cart-synced')).toBe('true');
    const cart = await api('/api/cart', { headers: asBrowser(sessionCookieOf(login.headers)!) });
    expect(cart.body.map((i: { albumId: string }) => i.albumId)).toEqual(['album-paper-satellites', 'album-after-hours']);
  });
});

describe('beta signup', () => {
  it('opens an account with a username and a password under a pending address; its confirmation from the same browser starts the beta trial and keeps the password', async () => {
    const email = freshEmail('beta');
    const username = `beta_${randomUUID().slice(0, 8)}`;
    const body = { fullName: 'Beta Tester', username, email, password: 'a long password', betaCode: 'toko-plus-beta', displayName: '' };
    const res = await api('/api/users/beta-signup', { method: 'POST', json: body });
    expect(res).toMatchObject({ status: 200, body: { subscriptionTier: 'free', username } });
    const token = sessionCookieOf(res.headers)!;
    expect(token).toEqual(expect.any(String));
    expect(res.body.user).toMatchObject({ isSubscriber: false, emailVerified: false, displayName: 'Beta Tester' });
    // Until the address is proved, nobody signs in to the account with the password.
    expect(await api('/api/auth/login', { method: 'POST', json: { username, password: 'a long password' } })).toMatchObject({
      status: 403,
      body: { error: 'email_not_confirmed' },
    });

    expect(
      (await api('/api/users/beta-signup', { method: 'POST', json: { ...body, username: `${username}x`, email: freshEmail('beta') } }))
        .status,
    ).toBe(200);
    expect((await api('/api/users/beta-signup', { method: 'POST', json: { ...body, email: freshEmail('beta') } })).status).toBe(409);
    expect(
      await api('/api/users/beta-signup', {
        method: 'POST',
        json: { ...body, email: freshEmail('beta'), username: `${username}y`, betaCode: 'NOPE' },
      }),
    ).toMatchObject({
      status: 400,
      body: { message: 'Please check your beta code and try again.' },
    });

    const link = await confirmationLinkOf(email);
    const confirmed = await api('/api/auth/verify-email', { method: 'POST', json: link, headers: asBrowser(token) });
    expect(confirmed).toMatchObject({
      status: 200,
      body: { user: { displayName: 'Beta Tester', email }, signedIn: true, redirectUrl: '/' },
    });
    expect((await api('/api/users/me', { headers: asBrowser(sessionCookieOf(confirmed.headers)!) })).body).toMatchObject({
      emailVerified: true,
      isSubscriber: true,
      subscriptionStatus: 'trialing',
      subscriptionSource: 'beta',
    });
    expect((await api('/api/auth/verify-email', { method: 'POST', json: link })).status).toBe(400);
    expect(await api('/api/auth/verify-email', { method: 'POST', json: {} })).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('Invalid verification link') },
    });

    const login = await api('/api/auth/login', { method: 'POST', json: { username: username.toUpperCase(), password: 'a long password' } });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ email, emailVerified: true });
  });
});

describe('sessions', () => {
  it('logging out revokes the session: neither the cookie nor the bearer token works after', async () => {
    const { token } = await signUpByCode(freshEmail('logout'));
    expect((await api('/api/users/me', { headers: asBrowser(token) })).status).toBe(200);
    const out = await api('/api/auth/logout', { method: 'POST', headers: asBrowser(token) });
    expect(out.status).toBe(200);
    expect(sessionCookieOf(out.headers)).toBe('');
    expect((await api('/api/users/me', { headers: asBrowser(token) })).status).toBe(401);
    expect((await api('/api/users/me', { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    expect((await api('/api/session/validate', { headers: asBrowser(token) })).body).toEqual({ user: null, needsAuth: true });
  });

  it('GET /api/auth/logout signs out and goes home', async () => {
    const { token } = await signUpByCode(freshEmail('logout-get'));
    const out = await api('/api/auth/logout', { headers: asBrowser(token), redirect: 'manual' });
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe('/');
    expect((await api('/api/users/me', { headers: asBrowser(token) })).status).toBe(401);
  });

  it('a tier changed later (a subscription webhook) applies without signing in again', async () => {
    const { token, user } = await signUpByCode(freshEmail('tier'));
    const at = new Date().toISOString();
    await appendToStream(
      `subscription#${randomUUID()}`,
      0,
      [
        {
          type: 'SubscriptionStarted',
          data: {
            userId: user.id,
            stripeSubscriptionId: 'sub_test',
            stripeCustomerId: 'cus_test',
            email: user.email,
            amount: 5,
            startedAt: at,
            currentPeriodEnd: at,
            trialEndsAt: null,
            source: 'stripe',
          },
        },
      ],
      { actor: 'test', correlationId: randomUUID() },
    );
    const me = await eventually(async () => {
      const res = await api('/api/users/me', { headers: asBrowser(token) });
      return res.body.isSubscriber && res.body;
    });
    expect(me).toMatchObject({ subscriptionTier: 'toko_plus', subscriptionSource: 'stripe', stripeSubscriptionId: 'sub_test' });
  });

  it('keeps the pending checkout intent for 600 s: reading it changes nothing, taking it (a POST) hands it back once', async () => {
    const saved = await api('/api/auth/pending-action', {
      method: 'POST',
      json: { action: 'checkout', includeSubscription: true, ts: 1700000000000 },
    });
    expect(saved.status).toBe(200);
    const cookie = saved.headers.getSetCookie().find((c) => c.startsWith('toko_pending='))!;
    expect(cookie).toMatch(/Max-Age=600/);
    const headers = { cookie: cookie.split(';')[0] };
    const intent = { action: 'checkout', includeSubscription: true, ts: 1700000000000 };
    const none = { action: null, includeSubscription: false, ts: null };
    for (let i = 0; i < 2; i++) {
      const read = await api('/api/auth/pending-action', { headers });
      expect(read.body).toEqual(intent);
      expect(read.headers.getSetCookie()).toEqual([]);
    }
    const taken = await api('/api/auth/pending-action/take', { method: 'POST', headers });
    expect(taken.body).toEqual(intent);
    expect(taken.headers.getSetCookie().find((c) => c.startsWith('toko_pending='))).toMatch(/Max-Age=0/);
    expect((await api('/api/auth/pending-action/take', { method: 'POST', headers })).body).toEqual(none);
    expect((await api('/api/auth/pending-action', { headers })).body).toEqual(none);
    // Taking is a change: like every unsafe request, it is refused from another site.
    const foreign = await api('/api/auth/pending-action/take', { method: 'POST', headers: { ...headers, origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
  });
});
