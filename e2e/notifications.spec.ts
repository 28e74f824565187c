import { expect, type Page } from '@playwright/test';
import {
  bid,
  buyerSession,
  publishAuction,
  registerMerchant,
  signIn,
  snap,
  toastSays,
  unique,
  untilStill,
  useLocale,
} from './helpers';
import { PUSH_TEXTS_CACHE, PUSH_TEXTS_URL } from '../apps/web/src/features/notifications/push';
import { test } from './test';

// Push arrives through the service worker.
test.use({ timezoneId: 'Asia/Kuala_Lumpur', serviceWorkers: 'allow' });

const NOTIFICATIONS = '/#/pages/profile/notifications';

/**
 * Chromium subscribes to Web Push through Google's push service, which this machine cannot reach
 * (and headless Chromium refuses): the page's PushManager is replaced by one that makes a
 * subscription as a browser would, with a real P-256 key and auth secret and an FCM-shaped
 * endpoint. Everything after it (permission, the app's flow, the server's checks and storage)
 * is the real thing; delivery itself is tested against a stand-in push service in
 * apps/server/src/modules/notifications/push.api.test.ts.
 */
function fakePushManager() {
  const KEY = 'e2e-push-subscription';
  const base64url = (bytes: ArrayBuffer | Uint8Array) =>
    btoa(String.fromCharCode(...new Uint8Array(bytes)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  type Stored = { json: PushSubscriptionJSON; serverKey: number[] };
  const stored = (): PushSubscription | null => {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const { json, serverKey } = JSON.parse(raw) as Stored;
    return {
      endpoint: json.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: new Uint8Array(serverKey).buffer },
      toJSON: () => json,
      getKey: () => null,
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    } as unknown as PushSubscription;
  };
  PushManager.prototype.getSubscription = async () => stored();
  PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
    const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
      'deriveBits',
    ]);
    const json = {
      endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${crypto.randomUUID()}`,
      expirationTime: null,
      keys: {
        p256dh: base64url(await crypto.subtle.exportKey('raw', pair.publicKey)),
        auth: base64url(crypto.getRandomValues(new Uint8Array(16))),
      },
    };
    const key = options?.applicationServerKey as Uint8Array;
    localStorage.setItem(KEY, JSON.stringify({ json, serverKey: [...key] }));
    return stored() as PushSubscription;
  };
}

const list = (page: Page) => page.getByRole('list', { name: 'Notifications' });
const settingsSheet = (page: Page) => page.getByRole('dialog', { name: 'Notification settings' });

/** The title the service worker has for a type of push, from the texts the app gave it. */
const workerTitle = (page: Page, key: string) =>
  page.evaluate(
    async ({ textKey, cacheName, url }) => {
      const stored = await (await caches.open(cacheName)).match(url);
      const body = stored
        ? ((await stored.json()) as { texts?: Record<string, { title: string }> })
        : null;
      return body?.texts?.[textKey]?.title ?? null;
    },
    { textKey: key, cacheName: PUSH_TEXTS_CACHE, url: PUSH_TEXTS_URL },
  );

/** The notifications the service worker shows, as `title|body`. */
const shownPushes = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => `${n.title}|${n.body}`);
  });

test('a bid shows live and is read when opened; a muted type stops; push on this device @full-browser', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['notifications']);
  await page.addInitScript(fakePushManager);
  await signIn(page);
  const lotName = unique('Golden pomfret');
  const auction = await publishAuction(page, [{ name: lotName, quantity: 500, startPrice: 1500 }]);
  const lotId = auction.lotIds[0]!;
  // What earlier tests left unread is read: the badge starts empty.
  expect((await page.request.post('/api/notifications/read', { data: {} })).ok()).toBe(true);

  // Profile: no badge; a buyer bids and the badge shows it without a reload.
  await page.goto('/#/pages/profile/profile');
  const entry = page.getByText('Notifications', { exact: true });
  await expect(entry).toBeVisible();
  const buyer = await buyerSession(baseURL!, '013-000 0001');
  await bid(buyer, lotId, 50, 1600);
  const badge = page.locator('.adm-list-item').filter({ has: entry }).locator('.adm-badge');
  await expect(badge).toHaveText('1', { timeout: 15_000 });

  // The list: newest first, unread, in words.
  await entry.click();
  await expect(page).toHaveURL(/#\/pages\/profile\/notifications$/);
  const row = list(page).getByRole('button').filter({ hasText: lotName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('New bid');
  await expect(row).toContainText(`${lotName}: 5 kg at RM 16.00/kg`);
  await expect(row).toContainText('Just now');
  await expect(row.getByRole('img', { name: 'Unread' })).toBeVisible();
  await expect(page.getByText('Unread: 1', { exact: true })).toBeVisible();

  // Live on the list too: a second bid arrives at the top.
  const second = await buyerSession(baseURL!, '013-000 0002');
  await bid(second, lotId, 30, 1700);
  await expect(list(page).getByRole('button').first()).toContainText(
    `${lotName}: 3 kg at RM 17.00/kg`,
    { timeout: 15_000 },
  );
  await expect(page.getByText('Unread: 2', { exact: true })).toBeVisible();
  await snap(page, test.info(), 'notifications-list-en');

  // A tap opens the lot and reads it; back on the list it is read.
  await list(page).getByRole('button').first().click();
  await expect(page).toHaveURL(new RegExp(`lot-detail\\?id=${lotId}`));
  await page.goBack();
  await expect(page.getByText('Unread: 1', { exact: true })).toBeVisible();
  await expect(list(page).getByRole('button').first().getByRole('img')).toHaveCount(0);
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await toastSays(page, 'All marked as read');
  await expect(page.getByText('You’re all caught up', { exact: true })).toBeVisible();
  await expect(list(page).getByRole('img', { name: 'Unread' })).toHaveCount(0);

  // New bids switched off: hidden at once, and a bid meanwhile is not kept.
  await page.getByRole('button', { name: 'Notification settings' }).click();
  const sheet = settingsSheet(page);
  const newBids = sheet.getByRole('switch', { name: 'New bids' });
  await expect(newBids).toHaveAttribute('aria-checked', 'true');
  await newBids.click();
  await expect(newBids).toHaveAttribute('aria-checked', 'false');
  await expect(list(page).getByRole('button').filter({ hasText: lotName })).toHaveCount(0);
  await bid(buyer, lotId, 80, 1600);
  const stored = (await (await page.request.get('/api/notifications?limit=50')).json()) as {
    items: { type: string }[];
  };
  expect(stored.items.filter((n) => n.type === 'new_bid')).toEqual([]);
  await newBids.click();
  await expect(newBids).toHaveAttribute('aria-checked', 'true');
  await expect(list(page).getByRole('button').filter({ hasText: lotName })).toHaveCount(2);
  await expect(list(page)).not.toContainText('8 kg at');

  // Push on this device: the permission is granted, the subscription reaches the server.
  const push = sheet.getByRole('switch', { name: 'Push notifications on this device' });
  await expect(sheet).toContainText('Get notified even when the app is closed.');
  await push.click();
  await toastSays(page, 'Push notifications are on');
  await expect(push).toHaveAttribute('aria-checked', 'true');
  await expect(sheet).toContainText('This device gets push notifications.');
  const endpoint = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.pushManager.getSubscription())?.endpoint ?? '';
  });
  expect(endpoint).toMatch(/^https:\/\/fcm\.googleapis\.com\/fcm\/send\/e2e-/);
  const settings = await page.request.get(
    `/api/notifications/settings?endpoint=${encodeURIComponent(endpoint)}`,
  );
  expect(((await settings.json()) as { push: { subscribed: boolean } }).push.subscribed).toBe(true);
  await snap(page, test.info(), 'notifications-settings-en', false);

  // The service worker shows a push in the app's language (a push event as the push service
  // would deliver it, through DevTools).
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((r) => !r.isDeleted);
      if (found) resolve(found.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const deliver = async (locale: string) =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(baseURL!).origin,
      registrationId: await registrationId,
      data: JSON.stringify({
        id: `e2e-${locale}`,
        type: 'order_paid',
        text: {
          key: 'order_paid',
          vars: { orderNumber: 'SO20260115000001', amount: 'RM 80.00', lotName },
        },
        url: '/#/pages/orders/orders',
        data: {},
        createdAt: new Date().toISOString(),
      }),
    });
  await deliver('en');
  await expect
    .poll(() => shownPushes(page))
    .toContain(`Order paid|SO20260115000001 (${lotName}) was paid: RM 80.00`);

  // The same screens in Chinese and Malay; the worker's texts follow the language.
  await sheet.getByRole('button', { name: 'Done' }).click();
  for (const [locale, title, pushText] of [
    ['zh', '通知', `订单已付款|SO20260115000001（${lotName}）已付款：RM 80.00`],
    [
      'my',
      'Pemberitahuan',
      `Pesanan dibayar|SO20260115000001 (${lotName}) telah dibayar: RM 80.00`,
    ],
  ] as const) {
    await useLocale(page, locale);
    await page.reload();
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    // The list is named in the language too.
    await expect(page.getByRole('list', { name: title }).getByRole('button').first()).toBeVisible();
    await snap(page, test.info(), `notifications-list-${locale}`);
    // The app hands the worker its texts in the new language as it starts (push.ts); a push
    // that comes before that is shown in the last language, as it would be on a phone.
    await expect.poll(() => workerTitle(page, 'order_paid')).toBe(pushText.split('|')[0]);
    await deliver(locale);
    await expect.poll(() => shownPushes(page)).toContain(pushText);
    await page
      .getByRole('button', { name: locale === 'zh' ? '通知设置' : 'Tetapan pemberitahuan' })
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await untilStill(page);
    await snap(page, test.info(), `notifications-settings-${locale}`, false);
    await page.goBack();
  }
});

test('a new merchant’s empty list, in three languages; a failed load offers Retry', async ({
  page,
  request,
}) => {
  const merchant = await registerMerchant(request);
  await signIn(page, merchant.phone, merchant.password);
  await page.route('**/api/notifications?*', (route) =>
    route.fulfill({ status: 500, json: { code: 'INTERNAL', message: 'Internal error' } }),
  );
  await page.goto(NOTIFICATIONS);
  await expect(page.getByText('Notifications could not be loaded', { exact: true })).toBeVisible();
  await page.unroute('**/api/notifications?*');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('No notifications yet', { exact: true })).toBeVisible();
  for (const [locale, empty] of [
    ['en', 'No notifications yet'],
    ['zh', '暂无通知'],
    ['my', 'Belum ada pemberitahuan'],
  ] as const) {
    await useLocale(page, locale);
    await page.goto(NOTIFICATIONS);
    await page.reload();
    await expect(page.getByText(empty, { exact: true })).toBeVisible();
    await snap(page, test.info(), `notifications-empty-${locale}`);
  }
});
