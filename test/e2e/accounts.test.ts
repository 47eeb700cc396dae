/**
 * Browser journeys of accounts in Chromium: sign up with the e-mail code read from the local inbox, read the
 * welcome notification, log out, sign in again by magic link, the admin's password and TOTP sign-in, the free-signup
 * pages, and editing the profile with a cropped avatar upload.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { findUserByEmail } from '../../functions/accounts/users.js';
import { useCloudEnv } from '../support/cloud.js';
import { codeOfNextStep, nextTotpCode } from '../support/signed-in.js';
import { gradientPng, launch, newPage, pastRightEdge, signIn, toastShown, viewports } from './browser.js';
import { SESSION_COOKIE } from '../../functions/platform/session.js';
import { headerState, openSignIn, signUp } from './steps.js';

interface InboxMail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
  at: number;
}

let browser: Browser;
beforeAll(async () => {
  useCloudEnv();
  browser = await launch();
});

/** A page whose script errors and failed loads show in the test output. */
async function openPage(viewport: { width: number; height: number } = viewports.desktop) {
  const opened = await newPage(browser, viewport);
  opened.page.on('pageerror', (error) => console.log(`[page error] ${error.message}`));
  opened.page.on('response', (response) => {
    if (response.status() >= 500 || (response.status() >= 400 && response.url().includes('/assets/'))) {
      console.log(`[page load] ${response.status()} ${response.request().method()} ${response.url()}`);
    }
  });
  return opened;
}
afterAll(async () => browser?.close());

const freshEmail = (who: string) => `${who}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function signInMails(email: string): Promise<InboxMail[]> {
  const response = await fetch(`${inject('inboxUrl')}/store`);
  const { emails } = (await response.json()) as { emails: InboxMail[] };
  return emails.filter((mail) => mail.destination.to.some((to) => to.toLowerCase().includes(email)) && /sign-in code/i.test(mail.subject));
}

/** Waits for the sign-in message after the `already` ones sent to this address, and reads it. */
async function nextSignInMail(email: string, already: number): Promise<{ code: string; link: string }> {
  let mail: InboxMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = await signInMails(email);
        mail = mails.length > already ? mails[mails.length - 1] : undefined;
        return Boolean(mail);
      },
      { timeout: 20_000, interval: 200 },
    )
    .toBe(true);
  const text = `${mail!.subject}\n${mail!.body.text ?? ''}`;
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  const link = /(https?:\/\/\S+\/magic-login\?token=[^\s"'<]+)/.exec(text)?.[1];
  if (!code || !link) throw new Error(`The sign-in mail has no code or link:\n${text}`);
  return { code, link };
}

let listenerEmail = '';

describe('accounts in the browser', () => {
  it('a listener signs up with the code from the e-mail, lands signed in, reads the welcome notification and logs out', async () => {
    const { page, context } = await openPage();
    listenerEmail = freshEmail('listener');
    await page.goto('/');
    const dialog = await openSignIn(page);

    // The sign-up variant: the Toko+ box changes what the button promises.
    await dialog.getByRole('button', { name: 'Create an account' }).click();
    await dialog.getByRole('heading', { name: 'Create your free account' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Create Free Account' }).isDisabled()).toBe(true);
    await dialog.getByRole('checkbox', { name: /Add Toko\+/ }).check();
    await dialog.getByRole('button', { name: 'Continue to Toko+ Checkout' }).waitFor();
    await dialog.getByRole('checkbox', { name: /Add Toko\+/ }).uncheck();
    expect(await dialog.getByText('Privacy Policy').isVisible()).toBe(true);

    await dialog.getByLabel('Email').fill(listenerEmail);
    await dialog.getByRole('button', { name: 'Create Free Account' }).click();
    await dialog.getByRole('heading', { name: 'Check your email' }).waitFor();
    expect(await dialog.locator('[data-testid=spam-warning]').textContent()).toMatch(/spam/i);
    await dialog.getByRole('button', { name: 'Use a different email' }).waitFor();
    await dialog.getByRole('button', { name: 'Send a new code' }).waitFor();

    // The code input takes digits only, and a short code is refused.
    const codeInput = dialog.getByLabel('6-digit code');
    await codeInput.pressSequentially('12ab3');
    expect(await codeInput.inputValue()).toBe('123');
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Please enter a 6-digit code' }).waitFor();
    await codeInput.fill('');

    const { code } = await nextSignInMail(listenerEmail, 0);
    await codeInput.fill(`${code.slice(0, 3)} ${code.slice(3)}`);
    await expect.poll(() => headerState(page), { timeout: 15_000 }).toBe('signed-in');
    await toastShown(page, 'Welcome to Toko!');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.locator('[data-testid=header-avatar]').waitFor();

    // The welcome notification: the bell counts it (a fresh load reads the count at once; the bell
    // itself polls every 30 s).
    const bell = page.locator('[data-testid=notifications-bell]');
    await expect
      .poll(
        async () => {
          const counted = page.waitForResponse((response) => response.url().endsWith('/api/notifications/count'));
          await page.reload();
          return (await (await counted).json()).count;
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(1);
    await expect.poll(() => page.locator('[data-testid=notifications-badge]').textContent(), { timeout: 15_000 }).toBe('1');
    expect(await bell.getAttribute('data-count')).toBe('1');

    await bell.click();
    const notifications = page.getByRole('dialog', { name: 'Notifications' });
    const welcome = notifications.locator('[data-testid=notification]').filter({ hasText: 'Welcome to Toko!' });
    await welcome.waitFor();
    expect(await welcome.getAttribute('data-read')).toBe('false');
    await welcome.getByRole('button', { name: /^(Unread: )?Welcome to Toko!/ }).click();
    await expect.poll(() => welcome.getAttribute('data-read'), { timeout: 15_000 }).toBe('true');
    await expect.poll(() => bell.getAttribute('data-count'), { timeout: 15_000 }).toBe('0');
    expect(await page.locator('[data-testid=notifications-badge]').count()).toBe(0);

    // Its action is a path of the app: followed in place, and the dialog closes.
    await welcome.getByRole('button', { name: 'Start listening' }).click();
    await page.waitForURL('**/music');
    expect(await notifications.count()).toBe(0);

    // Deleted, it is gone for good.
    await bell.click();
    await welcome.getByRole('button', { name: /Delete notification/ }).click();
    await toastShown(page, 'Notification deleted');
    await notifications.getByText('No notifications yet').waitFor();
    await notifications.getByRole('button', { name: 'Close' }).click();

    // Log out from the profile: the header goes back to Sign In after the fresh load.
    await page.locator('[data-testid=header-avatar]').click();
    await page.waitForURL('**/profile');
    await page.getByRole('button', { name: 'Log Out' }).click();
    await toastShown(page, 'Logout complete');
    await expect.poll(() => headerState(page), { timeout: 15_000 }).toBe('guest');
    expect(new URL(page.url()).pathname).toBe('/');
    const me = await page.request.get('/api/users/me');
    expect(me.status()).toBe(401);
    await context.close();
    // The welcome notification travels the event pipeline first; on two shared cores that can take a while.
  }, 180_000);

  it('the same listener signs in again by the magic link from the e-mail', async () => {
    expect(listenerEmail, 'the sign-up journey runs first').not.toBe('');
    const { page, context } = await openPage();
    const before = (await signInMails(listenerEmail)).length;
    await page.goto('/');
    const dialog = await openSignIn(page);
    await dialog.getByLabel('Email').fill(listenerEmail);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByRole('heading', { name: 'Check your email' }).waitFor();
    await dialog.getByRole('button', { name: 'Use a different email' }).waitFor();
    await dialog.getByRole('button', { name: 'Send a new code' }).waitFor();
    const { link } = await nextSignInMail(listenerEmail, before);
    // The page posts the link's token: following the link itself changes nothing.
    const posted = page.waitForRequest((r) => r.url().endsWith('/api/auth/verify-magic-link') && r.method() === 'POST');
    await page.goto(link);
    expect((await posted).postDataJSON()).toEqual({ token: new URL(link).searchParams.get('token') });
    await page.getByRole('heading', { name: "You're signed in!" }).waitFor();
    // Home after the 2 s greeting.
    await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
    await expect.poll(() => headerState(page), { timeout: 15_000 }).toBe('signed-in');

    // The link works once.
    await page.goto(link);
    await page.locator('[data-testid=magic-login-page] [data-state=error]').waitFor();
    await context.close();
  });

  it('an admin signs in with the password and the authenticator app, set up at the first sign-in', async () => {
    const { ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: adminPassword } = inject('cloudEnv');
    expect(adminEmail && adminPassword, 'the local cloud is given ADMIN_EMAIL and ADMIN_PASSWORD').toBeTruthy();
    const adminId = (await findUserByEmail(adminEmail))!.id;
    const { page, context } = await openPage();
    await page.goto('/');
    const dialog = await openSignIn(page);
    await dialog.getByLabel('Email').fill(adminEmail);
    // An admin's address is answered as anyone's: its holder picks the password sign-in.
    await dialog.getByRole('button', { name: 'Sign in with a password' }).click();
    await dialog.getByRole('heading', { name: 'Administrator sign-in' }).waitFor();

    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Please enter both email/username and password' }).waitFor();
    await dialog.getByLabel('Password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Login failed' }).waitFor();
    expect(await headerState(page)).toBe('guest');

    await dialog.getByLabel('Password').fill(adminPassword);
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    const setUp = dialog.getByRole('heading', { name: 'Set up two-step verification' });
    const codeStep = dialog.getByRole('heading', { name: 'Two-step verification' });
    await setUp.or(codeStep).waitFor();
    // The password alone signs nobody in.
    expect(await headerState(page)).toBe('guest');
    if (await setUp.isVisible()) {
      // The first sign-in of this cloud's admin: the QR code, the secret to copy, a code of it, then the recovery codes.
      await dialog.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
      const secret = (await dialog.locator('[data-testid=totp-secret]').textContent())!.trim();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await dialog.getByLabel('6-digit code').fill('000000');
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await dialog.getByRole('alert').filter({ hasText: 'Verification failed' }).waitFor();
      await dialog.getByLabel('6-digit code').fill(await codeOfNextStep(adminId, secret));
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await dialog.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
      expect(await dialog.locator('[data-testid=recovery-codes] li').count()).toBe(10);
      const continueButton = dialog.getByRole('button', { name: 'Continue' });
      expect(await continueButton.isDisabled()).toBe(true);
      await dialog.getByRole('checkbox', { name: 'I saved my recovery codes' }).check();
      await continueButton.click();
    } else {
      await dialog.getByLabel('6-digit code').fill(await nextTotpCode(adminId));
      await dialog.getByRole('button', { name: 'Verify' }).click();
    }
    await expect.poll(() => headerState(page), { timeout: 15_000 }).toBe('signed-in');

    await page.locator('[data-testid=header-avatar]').click();
    await page.locator('[data-testid=profile-page]').waitFor();
    await page.getByText('Administrator', { exact: true }).waitFor();
    expect(await page.locator('[data-testid=profile-page]').getByRole('link', { name: 'Admin Panel' }).getAttribute('href')).toBe('/admin');
    await context.close();

    // Any later sign-in asks for the app's code; "Use a recovery code" switches the field.
    const again = await openPage();
    await again.page.goto('/');
    const second = await openSignIn(again.page);
    await second.getByLabel('Email').fill(adminEmail);
    await second.getByRole('button', { name: 'Sign in with a password' }).click();
    await second.getByLabel('Password').fill(adminPassword);
    await second.getByRole('button', { name: 'Sign In' }).click();
    await second.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    await second.getByRole('button', { name: 'Use a recovery code' }).click();
    await second.getByLabel('Recovery code').waitFor();
    await second.getByRole('button', { name: 'Use the authenticator app' }).click();
    await second.getByLabel('6-digit code').fill(await nextTotpCode(adminId));
    await second.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => headerState(again.page), { timeout: 15_000 }).toBe('signed-in');
    await again.context.close();
  });

  it('the free-signup page sends the message and its code signs in from /check-email', async () => {
    const { page, context } = await openPage();
    const email = freshEmail('free');
    await page.goto('/free-signup');
    await page.getByRole('button', { name: 'Create Free Account' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please enter your email address' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Create Free Account' }).click();
    await page.waitForURL((url) => url.pathname === '/check-email' && url.searchParams.get('email') === email);
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    const { code } = await nextSignInMail(email, 0);
    await page.getByLabel('6-digit code').fill(code);
    await expect.poll(() => headerState(page), { timeout: 15_000 }).toBe('signed-in');
    await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
    await context.close();
  });

  it('the link pages and redirects of a guest', async () => {
    const { page, context } = await openPage();
    await page.goto('/verify-email');
    await page.getByRole('heading', { name: 'Invalid verification link' }).waitFor();
    await page.goto('/magic-login');
    await page.getByRole('heading', { name: 'Invalid sign-in link' }).waitFor();
    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('dialog').getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.goto('/subscription-manage');
    await page.waitForURL('**/account');
    await page.getByText('Sign in to manage your account').waitFor();
    await context.close();
  });

  it('a session the app cannot read shows the guest’s header, is cleared, and is asked about once more a moment later', async () => {
    const { page, context } = await openPage();
    await signIn(context, { token: 'not-a-token' });
    // When the browser sent each call and had its answer, by the browser's clock: the test's own clock reads an event
    // late whenever its process is busy, which shortened the gap it saw on a loaded machine.
    const answers: { path: string; status: number; sentAt: number; answeredAt: number }[] = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      const { startTime, responseStart } = response.request().timing();
      if (pathname === '/api/session/validate' || pathname === '/api/users/me')
        answers.push({ path: pathname, status: response.status(), sentAt: startTime, answeredAt: startTime + responseStart });
    });
    await page.goto('/');
    await expect.poll(() => headerState(page), { timeout: 15_000 }).toBe('guest');
    // The server said "corrupted" and cleared the cookie; the app asked again and found a guest.
    await expect.poll(() => answers.filter((a) => a.path === '/api/session/validate' && a.status === 200).length).toBe(1);
    const corrupted = answers.find((a) => a.status === 401)!;
    expect(corrupted.path).toBe('/api/session/validate');
    const recheck = answers.find((a) => a.path === '/api/session/validate' && a.status === 200)!;
    expect(recheck.sentAt - corrupted.answeredAt).toBeGreaterThanOrEqual(400);
    expect((await context.cookies()).some((cookie) => cookie.name === SESSION_COOKIE)).toBe(false);
    expect(await page.getByRole('alert').count()).toBe(0);
    await context.close();
  });

  it('on a phone, the header shows the account once signed in and the profile fits', async () => {
    const { page, context } = await openPage(viewports.phone);
    await page.goto('/');
    await signUp(page, freshEmail('phone'));
    await page.locator('[data-testid=notifications-bell]').waitFor();
    await page.locator('[data-testid=header-avatar]').click();
    await page.locator('[data-testid=profile-page]').waitFor();
    expect(await pastRightEdge(page)).toEqual({ by: 0, wider: [] });
    await context.close();
  });

  it('a listener edits the profile and uploads a cropped avatar', async () => {
    const { page, context } = await openPage();
    await page.goto('/');
    await signUp(page, freshEmail('profile'));
    const userId = await page.locator('[data-testid=header-account]').getAttribute('data-user-id');
    await page.locator('[data-testid=header-avatar]').click();
    await page.locator('[data-testid=profile-page]').waitFor();
    expect(await page.locator('[data-testid=profile-page] [data-testid=avatar-placeholder]').count()).toBe(1);

    // Display name and e-mail: an invalid address is refused before sending.
    const form = page.locator('[data-testid=profile-form]');
    const emailField = form.getByLabel('Email');
    const email = await emailField.inputValue();
    await emailField.fill('not-an-address');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await form.getByText('Please enter a valid email address').waitFor();
    await emailField.fill(email);
    await form.getByLabel('Display name').fill('Ada Lovelace');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await toastShown(page, 'Profile updated');
    await expect.poll(() => page.locator('[data-testid=profile-name]').textContent(), { timeout: 15_000 }).toBe('Ada Lovelace');
    await page.reload();
    await expect.poll(() => page.locator('[data-testid=profile-name]').textContent(), { timeout: 15_000 }).toBe('Ada Lovelace');

    // Files the client refuses: not an image, or over 5 MB.
    const fileInput = page.locator('[data-testid=avatar-file-input]');
    await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await toastShown(page, 'Invalid file type');
    // Handing 5 MB to the page takes a while: watch for the toast from the start.
    const tooLarge = toastShown(page, 'File too large');
    await fileInput.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await tooLarge;

    // A real picture: crop it (zoom and drag), upload, and see it everywhere.
    await fileInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: gradientPng(900, 500) });
    const crop = page.locator('[data-testid=avatar-crop-dialog]');
    await expect.poll(() => crop.getAttribute('data-zoom'), { timeout: 15_000 }).toBe('1.00');
    const zoom = page.getByRole('slider', { name: 'Zoom' });
    await zoom.focus();
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(() => crop.getAttribute('data-zoom'), { timeout: 15_000 }).toBe('1.50');
    const area = await page.locator('[data-testid=crop-area]').boundingBox();
    await page.mouse.move(area!.x + area!.width / 2, area!.y + area!.height / 2);
    await page.mouse.down();
    await page.mouse.move(area!.x + area!.width / 2 + 40, area!.y + area!.height / 2 + 10, { steps: 4 });
    await page.mouse.up();

    const uploaded = page.waitForResponse(
      (response) => response.url().endsWith('/api/avatar-upload') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Save Avatar' }).click();
    const response = await uploaded;
    expect(response.status()).toBe(200);
    expect(response.request().headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    await toastShown(page, 'Avatar updated');

    const headerImage = page.locator('[data-testid=header-avatar] img');
    await headerImage.waitFor();
    // Its address; the header shows it from there, or from the avatar cache once read (a data URL of the same picture).
    const src = ((await (await page.request.get('/api/users/me')).json()) as { avatarUrl: string }).avatarUrl;
    expect(src).toMatch(new RegExp(`^/uploads/avatars/${userId}\\.jpg\\?v=.+`));
    await expect
      .poll(() => headerImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 })
      .toBe(400);
    expect(await headerImage.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(400);
    const served = await page.request.get(src);
    expect([...(await served.body()).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

    // It survives a fresh load, shown from the avatar cache.
    await page.reload();
    const again = page.locator('[data-testid=header-avatar] img');
    await expect.poll(() => again.getAttribute('data-cached'), { timeout: 15_000 }).toBe('true');
    await expect.poll(() => again.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 }).toBe(400);
    await context.close();
  });
});
