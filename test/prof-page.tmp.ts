import { chromium } from 'playwright-core';
import { writeFileSync } from 'node:fs';
import { CHROMIUM, chromiumArgs } from './bench/rows.js';
const url = process.argv[2];
const browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs });
const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
// Long tasks
await page.addInitScript(() => {
  (window as any).__lt = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) (window as any).__lt.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true });
});
await cdp.send('Profiler.start');
await page.goto(url, { waitUntil: 'load' });
await page.waitForTimeout(4000);
const { profile } = await cdp.send('Profiler.stop');
writeFileSync('/tmp/page.cpuprofile', JSON.stringify(profile));
console.log('longtasks', JSON.stringify(await page.evaluate(() => (window as any).__lt)));
const paints = await page.evaluate(() => performance.getEntriesByType('paint').map((p) => [p.name, Math.round(p.startTime)]));
console.log('paints', JSON.stringify(paints));
await browser.close();
