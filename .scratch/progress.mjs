import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
const browser = await chromium.launch(chromiumLaunchOptions);
const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, baseURL: 'http://127.0.0.1:4700' });
const page = await context.newPage();
page.on('pageerror', (e) => console.log('pageerror', e.message));
await page.goto('/#/pages/login/login');
await page.getByLabel('Phone number').fill('012-345 6789');
await page.getByLabel('Password').fill('Demo@1234');
await page.getByRole('button', { name: 'Login' }).click();
await page.waitForURL(/#\/$/);
await page.evaluate(() => localStorage.removeItem('auctionDraft'));
await page.goto('/#/pages/auction-create/auction-create');
const lot = page.getByRole('region', { name: 'Lot 1' });
await page.route('**/api/media', async (route) => { await new Promise((r) => setTimeout(r, 4000)); await route.continue(); });
const cdp = await context.newCDPSession(page);
await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 100, downloadThroughput: 200000, uploadThroughput: 150000 });
// A large photo: 2400x1800 noise-ish canvas JPEG, so compression has work to do.
const big = await page.evaluate(async () => {
  const c = document.createElement('canvas'); c.width = 3000; c.height = 2000;
  const g = c.getContext('2d');
  for (let i = 0; i < 4000; i++) { g.fillStyle = `hsl(${i % 360},70%,${30 + (i % 50)}%)`; g.fillRect(Math.random()*3000, Math.random()*2000, 80, 80); }
  const blob = await new Promise((r) => c.toBlob(r, 'image/png'));
  return Array.from(new Uint8Array(await blob.arrayBuffer()));
});
await lot.getByRole('group', { name: 'Photos (1 to 3)' }).locator('input[type="file"]').setInputFiles({ name: 'IMG_2041.png', mimeType: 'image/png', buffer: Buffer.from(big) });
await page.waitForTimeout(1500);
await lot.getByRole('group', { name: 'Photos (1 to 3)' }).scrollIntoViewIfNeeded();
await page.screenshot({ path: '/tmp/shots/progress.png' });
await page.waitForTimeout(15000);
await lot.getByRole('group', { name: 'Photos (1 to 3)' }).scrollIntoViewIfNeeded();
await page.screenshot({ path: '/tmp/shots/progress-done.png' });
const img = lot.getByRole('group', { name: 'Photos (1 to 3)' }).locator('img[src*="/media/"]');
console.log('imgs', await img.count(), await img.first().getAttribute('src').catch(() => null));
await browser.close();
