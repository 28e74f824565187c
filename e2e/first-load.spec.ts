import { gzipSync } from 'node:zlib';
import { type Browser, expect, type Page } from '@playwright/test';
import { DEMO, publishAuction, signIn, useLocale } from './helpers';
import { test } from './test';

/**
 * What a cold visit costs in scripts (issue 19), noise-free: bytes, files and who asked for each.
 * Every script is asked for by the page itself or by its boot, which knows the route, the session
 * and the language before the app's code has arrived: one wave, no chunk waiting on another.
 */
interface Script {
  url: string;
  gzip: number;
  initiator: string;
}

/**
 * A fresh context for a measured visit, with the cookies and storage `prepare` left (a sign-in)
 * and no cache.
 */
async function coldContext(
  browser: Browser,
  baseURL: string,
  prepare?: (page: Page) => Promise<void>,
) {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  await prepare?.(await context.newPage());
  const state = await context.storageState();
  await context.close();
  return browser.newContext({ baseURL, serviceWorkers: 'block', storageState: state });
}

async function coldVisit(
  browser: Browser,
  baseURL: string,
  hash: string,
  prepare?: (page: Page) => Promise<void>,
) {
  const cold = await coldContext(browser, baseURL, prepare);
  const measured = await cold.newPage();
  const cdp = await cold.newCDPSession(measured);
  await cdp.send('Network.enable');
  const initiators = new Map<string, string>();
  cdp.on('Network.requestWillBeSent', ({ request, initiator }) => {
    const from = initiator.url ?? initiator.stack?.callFrames[0]?.url ?? initiator.type;
    if (!initiators.has(request.url)) initiators.set(request.url, from);
  });
  const requests: string[] = [];
  const bodies: Promise<Script>[] = [];
  measured.on('request', (request) => requests.push(request.url()));
  measured.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const url = response.url();
    bodies.push(
      response.body().then((body) => ({
        url,
        gzip: gzipSync(body, { level: 9 }).length,
        initiator: initiators.get(url) ?? '',
      })),
    );
  });
  await measured.goto(`/${hash}`);
  await measured.waitForLoadState('networkidle');
  const scripts = await Promise.all(bodies);
  await cold.close();
  return { scripts, requests };
}

const path = (url: string) => new URL(url, 'http://x').pathname;
const kb = (scripts: Script[]) => scripts.reduce((n, s) => n + s.gzip, 0) / 1024;

/** Each script asked for by the document (its preloads) or by the boot, none by another chunk. */
function expectOneWave(scripts: Script[]) {
  const boot = scripts.find((s) => /^\/assets\/index-/.test(path(s.url)));
  expect(boot, 'the boot').toBeDefined();
  for (const script of scripts) {
    const byDocument = !script.initiator.includes('/assets/');
    const byBoot = script.initiator === boot?.url;
    expect(byDocument || byBoot, `${path(script.url)} asked for by ${script.initiator}`).toBe(true);
  }
}

test('sign-in: its scripts in one wave, within 180 KB gzip, English alone', async ({
  browser,
  baseURL,
}) => {
  const { scripts } = await coldVisit(browser, baseURL!, '#/pages/login/login');
  expect(kb(scripts)).toBeLessThanOrEqual(180);
  expectOneWave(scripts);
  // The forms' schemas load when a field is first used, not with the page.
  expect(scripts.map((s) => path(s.url)).filter((p) => /\/(zod|zh|my)-/.test(p))).toEqual([]);
  expect(scripts.some((s) => /\/en-/.test(path(s.url)))).toBe(true);
});

test('sign-in in Malay loads the Malay texts alone', async ({ browser, baseURL }) => {
  const { scripts } = await coldVisit(browser, baseURL!, '#/pages/login/login', async (page) => {
    await useLocale(page, 'my');
    await page.goto('/#/pages/login/login');
    await expect(page.getByRole('button', { name: 'Log Masuk' })).toBeVisible();
  });
  const languages = scripts.map((s) => path(s.url)).filter((p) => /\/(en|zh|my)-/.test(p));
  expect(languages).toHaveLength(1);
  expect(languages[0]).toMatch(/\/my-/);
});

test('home, signed in: one wave of six scripts at most, no zod, each of its data asked for once', async ({
  browser,
  baseURL,
}) => {
  const { scripts, requests } = await coldVisit(browser, baseURL!, '#/', async (page) => {
    await signIn(page, DEMO.phone, DEMO.password);
  });
  expectOneWave(scripts);
  // The boot, Rolldown's runtime, the app, the signed-in first screens and the language.
  expect(scripts.length).toBeLessThanOrEqual(6);
  expect(scripts.map((s) => path(s.url)).filter((p) => /\/zod-/.test(p))).toEqual([]);
  // Prefetched by the boot beside the chunks; the page's own queries find them, none asks again
  // before the live events' stream opens (after the first paint). (A stream that cannot resume
  // from a kept position then asks once more for what arrived before it; see the next test.)
  const stream = requests.findIndex((url) => path(url) === '/api/events');
  expect(stream, 'the live events').toBeGreaterThan(0);
  for (const api of ['/api/me', '/api/store', '/api/dashboard', '/api/auctions']) {
    expect(
      requests.slice(0, stream).filter((url) => path(url) === api),
      api,
    ).toHaveLength(1);
  }
});

test('home again: the live events resume where the last visit left them, its data asked for once', async ({
  browser,
  baseURL,
}) => {
  const context = await coldContext(browser, baseURL!, async (page) => {
    await signIn(page, DEMO.phone, DEMO.password);
    // The stream's first word, its position, kept for the next visit.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('eventPosition')))
      .toContain('"id"');
  });
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  // The stream opens after the first paint, which on a busy machine can follow a quiet half
  // second of the network: waited for by itself.
  const opened = page.waitForResponse((response) => path(response.url()) === '/api/events');
  await page.goto('/#/');
  expect((await opened).url(), 'the live events').toMatch(/[?&]lastEventId=\d+/);
  // A stream that did not resume would ask again now, as it opens.
  await page.waitForLoadState('networkidle');
  // Resumed, the stream replays what came after that position: what the page fetched is not
  // fetched again.
  for (const api of ['/api/store', '/api/dashboard', '/api/auctions']) {
    expect(
      requests.filter((url) => path(url) === api),
      api,
    ).toHaveLength(1);
  }
  await context.close();
});

/**
 * A signed-in page opened straight from its link asks for its data beside its own code: with the
 * page's chunk held back, so that none of the page's code can run, its data has already been asked
 * for (by the boot's prefetch, once the app's code is in); once the page runs, it finds the answers
 * and asks for none again before the live events' stream opens.
 */
test.describe('a signed-in page opened from its link', () => {
  const pages: [string, string, (lotId: string) => string, string[]][] = [
    [
      'orders',
      'OrdersPage',
      () => '#/pages/orders/orders?tab=paid',
      ['/api/orders', '/api/orders/counts'],
    ],
    [
      'wallet',
      'WalletPage',
      () => '#/pages/profile/wallet',
      ['/api/wallet', '/api/wallet/statement'],
    ],
    [
      'lot detail',
      'LotDetailPage',
      (lotId) => `#/pages/lot-detail/lot-detail?id=${lotId}`,
      ['/api/lots/'],
    ],
  ];
  for (const [name, chunk, hashOf, apis] of pages) {
    test(`${name}: its data asked for beside its code, once`, async ({ browser, baseURL }) => {
      let lotId = '';
      const context = await coldContext(browser, baseURL!, async (page) => {
        await signIn(page, DEMO.phone, DEMO.password);
        [lotId = ''] = (
          await publishAuction(page, [{ name: 'Kembung', quantity: 500, startPrice: 1200 }])
        ).lotIds;
      });
      const page = await context.newPage();
      const requests: string[] = [];
      page.on('request', (request) => requests.push(path(request.url())));
      // An api ending in / stands for its paths with an id after it.
      const is = (api: string) => (p: string) =>
        api.endsWith('/') ? p.startsWith(api) : p === api;
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`), async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`/${hashOf(lotId)}`, { waitUntil: 'commit' });
      for (const api of apis) await expect.poll(() => requests.filter(is(api)).length, api).toBe(1);
      release();
      // The live events' stream opens after the first paint.
      await expect
        .poll(() => requests.indexOf('/api/events'), 'the live events')
        .toBeGreaterThan(0);
      const stream = requests.indexOf('/api/events');
      for (const api of apis)
        expect(requests.slice(0, stream).filter(is(api)), api).toHaveLength(1);
      await context.close();
    });
  }
});

test.describe('a repeat visit', () => {
  test.use({ serviceWorkers: 'allow' });

  test('opens without the network: the service worker has cached the app', async ({
    page,
    context,
  }) => {
    await page.goto('/#/pages/login/login');
    await expect(page.getByLabel('Phone number')).toBeVisible();
    // Installed (every file of the app cached) and in control of the page.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
      .toBe(true);

    // From here on, only the worker's cache may serve the app: not the browser's HTTP cache, which
    // the worker's own downloads filled as well (and which a phone may empty when short of
    // space), and not the network, which is gone for the worker too.
    await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
    await context.setOffline(true);
    const [worker] = context.serviceWorkers();
    expect(
      await worker!.evaluate(() =>
        fetch('/api/health').then(
          () => 'online',
          () => 'offline',
        ),
      ),
    ).toBe('offline');
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await expect(page.getByLabel('Phone number')).toBeVisible();
    // A page whose code the sign-in page never loaded.
    await page.getByText('Forgot password', { exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/forget-password/);
    await context.setOffline(false);
  });
});
