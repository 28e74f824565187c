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
// Loading: hold the answers.
let release;
const held = new Promise((r) => (release = r));
await page.route(/\/api\/(auctions|dashboard|lots\/)/, async (route) => { await held; await route.continue().catch(() => {}); });
await page.reload();
await page.waitForTimeout(800);
await page.screenshot({ path: '/tmp/shots/state-loading.png' });
await page.goto('/#/pages/lot-detail/lot-detail?id=00000000-0000-4000-8000-000000000001');
await page.waitForTimeout(600);
await page.screenshot({ path: '/tmp/shots/state-lot-loading.png' });
release();
await page.unroute(/\/api\/(auctions|dashboard|lots\/)/);
// Errors: the server fails.
await page.route(/\/api\/(auctions|dashboard)/, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL","message":"Failed"}' }));
await page.goto('/#/');
await page.reload();
await page.waitForTimeout(1500);
await page.screenshot({ path: '/tmp/shots/state-error.png' });
await page.unroute(/\/api\/(auctions|dashboard)/);
await page.getByRole('button', { name: 'Retry' }).first().click();
await page.waitForTimeout(1000);
await page.screenshot({ path: '/tmp/shots/state-retried.png' });
// Ended tab, and a search with no match.
await page.getByRole('tab', { name: 'Ended' }).click();
await page.waitForTimeout(800);
await page.screenshot({ path: '/tmp/shots/state-ended.png' });
// Network down for the lot page.
await page.route(/\/api\/lots\//, (route) => route.abort('internetdisconnected'));
await page.goto('/#/pages/lot-detail/lot-detail?id=00000000-0000-4000-8000-000000000001');
await page.waitForTimeout(5000);
await page.screenshot({ path: '/tmp/shots/state-lot-offline.png' });
await browser.close();
