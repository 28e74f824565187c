import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
const browser = await chromium.launch(chromiumLaunchOptions);
const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, baseURL: 'http://127.0.0.1:4700' });
const page = await context.newPage();
await page.goto('/#/pages/login/login');
await page.getByLabel('Phone number').fill('012-345 6789');
await page.getByLabel('Password').fill('Demo@1234');
await page.getByRole('button', { name: 'Login' }).click();
await page.waitForURL(/#\/$/);
await page.evaluate(() => localStorage.removeItem('auctionDraft'));
await page.goto('/#/pages/auction-create/auction-create');
const lot = page.getByRole('region', { name: 'Lot 1' });
const cdp = await context.newCDPSession(page);
await cdp.send('Network.enable');
await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 50, downloadThroughput: 5_000_000, uploadThroughput: 4_000_000 });
await lot.getByLabel('Add video').setInputFiles('/tmp/shots/fake.mp4');
for (const ms of [1500, 2500]) {
  await page.waitForTimeout(ms);
  await lot.getByRole('group', { name: 'Video (optional, 1)' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/shots/video-${ms}.png` });
  console.log(ms, await lot.getByRole('group', { name: 'Video (optional, 1)' }).innerText());
}
await page.waitForTimeout(8000);
console.log('end', await lot.getByRole('group', { name: 'Video (optional, 1)' }).innerText());
await page.screenshot({ path: `/tmp/shots/video-end.png` });
await browser.close();
