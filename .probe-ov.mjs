import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
for (const viewport of [{ width: 390, height: 844 }, { width: 360, height: 740 }, { width: 1280, height: 800 }]) {
const context = await browser.newContext({ baseURL: 'http://localhost:4999', viewport });
const page = await context.newPage();
const user = { id: 'u1', email: 'phone-1795647725109-g1jab3@example.com', displayName: null, subscriptionTier: 'admin', isAdmin: true, avatar: null };
await page.route('**/api/**', (route) => route.request().url().endsWith('/api/users/me') ? route.fulfill({ json: user }) : route.fulfill({ json: { count: 1 } }));
for (const path of ['/profile', '/account', '/free-signup', '/verify-email', '/magic-login', '/check-email?email=a-very-long-address-for-testing@example.com']) {
  await page.goto(path);
  await page.waitForTimeout(800);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  console.log(viewport.width, path, overflow);
}
if (viewport.width === 360) { await page.goto('/profile'); await page.waitForTimeout(800); await page.screenshot({ path: '/tmp/acct-debug/ov360.png' }); }
await context.close();
}
await browser.close();
