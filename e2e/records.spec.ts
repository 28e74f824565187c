import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import {
  bid,
  buyerSession,
  FIFTEEN_MINUTES,
  operator,
  publishAuction,
  registerMerchant,
  signIn,
  snap,
  tabBar,
  toastSays,
  useLocale,
} from './helpers';
import { test } from './test';

// Merchants are in Malaysia: the device's calendar days are Kuala Lumpur's, as the server's are.
test.use({ timezoneId: 'Asia/Kuala_Lumpur' });

const RECORDS = '/#/pages/profile/business-records';

/** The bar titles of a language, to know a page has drawn in it. */
const navTitles = (locale: string) =>
  (
    JSON.parse(
      readFileSync(new URL(`../apps/web/src/locales/${locale}.json`, import.meta.url), 'utf8'),
    ) as { nav: Record<string, string> }
  ).nav;
const region = (page: Page, name: string) => page.getByRole('region', { name });
const totals = (page: Page) => region(page, 'Totals for the range');

/** What Profile lists (spec §2), with Log out below. */
const PROFILE_ENTRIES = [
  'Store management',
  'Business status',
  'Business records',
  'My wallet',
  'Bank account',
  'Notifications',
  'Language',
  'Printer setup',
  'General settings',
  'Menu',
  'About',
  'Version',
];

/** The server's clock (TEST_CLOCK), for the page to agree with it on what today is. */
async function serverNow(request: APIRequestContext): Promise<Date> {
  const { now } = (await operator(request, '/test/clock', { advanceMs: 0 })) as { now: string };
  return new Date(now);
}

/** The order a buyer won on a lot, as its merchant sees it (subtotal and fee in sen). */
async function orderOf(page: Page, buyer: APIRequestContext, lotId: string) {
  let id = '';
  await expect
    .poll(async () => {
      const body = (await (await buyer.get('/api/buyer/orders')).json()) as {
        items: { id: string; lotId: string }[];
      };
      id = body.items.find((item) => item.lotId === lotId)?.id ?? '';
      return id;
    })
    .not.toBe('');
  const detail = await page.request.get(`/api/orders/${id}`);
  return (await detail.json()) as { id: string; subtotal: number; fee: number };
}

const rm = (sen: number) =>
  `RM ${Math.floor(sen / 100).toLocaleString('en')}.${String(sen % 100).padStart(2, '0')}`;
const plain = (sen: number) => `${Math.floor(sen / 100)}.${String(sen % 100).padStart(2, '0')}`;

test('business records from paid orders by day, week and month, CSV export; profile, menu and general settings', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // A new merchant, verified by the operator, with one boat: records that only this test makes.
  const merchant = await registerMerchant(request);
  await operator(request, `/merchants/${encodeURIComponent(merchant.phone)}/business/verify`);
  await page.clock.setFixedTime(await serverNow(request));
  await signIn(page, merchant.phone, merchant.password);
  const boat = await page.request.post('/api/boats', {
    data: { boatNumber: 'PKN 1188', ownerName: 'Lim Ah Kow' },
  });
  expect(boat.ok(), await boat.text()).toBe(true);

  // Nothing sold yet: the empty state.
  await page.goto(RECORDS);
  await expect(page.getByRole('heading', { name: 'Business records', level: 1 })).toBeVisible();
  await expect(page.getByText('No sales in this range')).toBeVisible();
  await snap(page, test.info(), 'records-empty-en');

  // Three lots, three winners: two pay, one does not (not a sale).
  const { lotIds } = await publishAuction(page, [
    { name: 'Records kembung A', quantity: 1000, startPrice: 1000 },
    { name: 'Records kembung B', quantity: 1000, startPrice: 1000 },
    { name: 'Records kembung C', quantity: 1000, startPrice: 1000 },
  ]);
  const buyers = await Promise.all(
    ['013-000 0001', '013-000 0002', '013-000 0003'].map((p) => buyerSession(baseURL!, p)),
  );
  await bid(buyers[0]!, lotIds[0]!, 125, 1210); // 12.5 kg at RM 12.10: RM 151.25
  await bid(buyers[1]!, lotIds[1]!, 200, 1500); // 20 kg at RM 15.00: RM 300.00
  await bid(buyers[2]!, lotIds[2]!, 50, 1000); // unpaid
  await operator(request, '/test/clock', { advanceMs: FIFTEEN_MINUTES });
  const paid = [
    await orderOf(page, buyers[0]!, lotIds[0]!),
    await orderOf(page, buyers[1]!, lotIds[1]!),
  ];
  await orderOf(page, buyers[2]!, lotIds[2]!);
  for (const [i, order] of paid.entries()) {
    const res = await buyers[i]!.post(`/api/buyer/orders/${order.id}/pay`, {
      headers: { 'Idempotency-Key': randomUUID() },
      data: {},
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  const gross = paid.reduce((n, o) => n + o.subtotal, 0);
  const fees = paid.reduce((n, o) => n + o.fee, 0);
  expect(gross).toBe(45125);

  // Profile: every entry of the spec, then the totals of the last 30 days from it.
  await page.clock.setFixedTime(await serverNow(request));
  await page.goto('/#/');
  await tabBar(page).getByText('Profile', { exact: true }).click();
  const main = page.locator('main');
  for (const entry of PROFILE_ENTRIES) {
    await expect(main.getByText(entry, { exact: true })).toBeVisible();
  }
  await expect(main.getByText('You can publish auctions')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Log out' })).toBeVisible();
  await main.getByText('Business records', { exact: true }).click();
  await expect(page).toHaveURL(/business-records/);
  const sums = [rm(gross - fees), rm(gross), rm(fees), '2', '32.5 kg'];
  for (const text of sums) await expect(totals(page)).toContainText(text);
  const periods = region(page, 'By period');
  await expect(periods.getByRole('listitem')).toHaveCount(1);
  await expect(periods).toContainText('2 orders · 32.5 kg');
  // Tapping today's bar (the last) tells its figures.
  const chart = page.getByRole('img', { name: /Bar chart of Gross sales over 30 periods/ });
  const box = (await chart.boundingBox())!;
  await chart.click({ position: { x: box.width - 2, y: box.height - 4 } });
  await expect(page.getByText(`${rm(gross)} · 2 orders`)).toBeVisible();
  await snap(page, test.info(), 'records-day-en');

  // Week and month: the same sales, in other periods.
  for (const [tab, count] of [
    ['Week', 12],
    ['Month', 12],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(new RegExp(`period=${tab.toLowerCase()}`));
    await expect(
      page.getByRole('img', { name: new RegExp(`over ${count} periods`) }),
    ).toBeVisible();
    for (const text of sums) await expect(totals(page)).toContainText(text);
  }
  await page.getByRole('button', { name: '6 months' }).click();
  await expect(page.getByRole('img', { name: /over 6 periods/ })).toBeVisible();
  await page.getByRole('tab', { name: 'Net' }).click();
  await expect(page.getByRole('img', { name: /Bar chart of Net sales/ })).toBeVisible();

  // Export: the CSV of the six months shown, one row a month, this month's sums at the end.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(
    /^business-records-month-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const bytes = readFileSync(await file.path());
  expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  const [header, ...rows] = bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(header).toBe(
    'Period start,Period end,Orders,Kg sold,Gross sales (RM),Service fees (RM),Net (RM)',
  );
  expect(rows).toHaveLength(6);
  expect(rows.at(-1)).toMatch(
    new RegExp(`,2,32\\.5,${plain(gross)},${plain(fees)},${plain(gross - fees)}$`),
  );
  expect(rows.slice(0, 5).every((row) => row.endsWith(',0,0,0.00,0.00,0.00'))).toBe(true);

  // A failed export says so; a failed load offers Retry.
  await page.route(
    (url) => url.pathname === '/api/business-records/export',
    (route) => route.fulfill({ status: 500, body: '{}' }),
  );
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await toastSays(page, 'Export failed');
  await page.route(
    (url) => url.pathname === '/api/business-records',
    (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'UNAVAILABLE', message: 'Service unavailable' }),
      }),
  );
  await page.getByRole('tab', { name: 'Day' }).click();
  await page.getByRole('button', { name: '7 days' }).click();
  await expect(page.getByText('The business records could not be loaded')).toBeVisible();
  await snap(page, test.info(), 'records-error-en');
  await page.unrouteAll();
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(totals(page)).toContainText(rm(gross - fees));

  // Home leads to the menu, and its shortcuts go where they say.
  await page.goto('/#/');
  await page.getByRole('link', { name: 'All features' }).click();
  const menuTitle = page.getByRole('heading', { name: 'Menu', level: 1 });
  await expect(menuTitle).toBeVisible();
  for (const [name, url] of [
    ['To Ship', /#\/pages\/orders\/orders\?tab=to_ship$/],
    ['Cold rooms', /cold-rooms$/],
    // Its name carries the unread count, if any.
    [/^Notifications/, /notifications$/],
  ] as const) {
    await page.getByRole('link', { name, exact: typeof name === 'string' }).click();
    await expect(page).toHaveURL(url);
    await page.goBack();
    await expect(menuTitle).toBeVisible();
  }

  // General settings: the language applies at once; clearing local data keeps the session.
  await page.getByRole('link', { name: 'General settings' }).click();
  await expect(page.getByRole('heading', { name: 'General settings', level: 1 })).toBeVisible();
  await page.getByText('中文', { exact: true }).click();
  await expect(page.getByRole('heading', { name: '通用设置', level: 1 })).toBeVisible();
  await page.getByText('English', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'General settings', level: 1 })).toBeVisible();
  await page.getByText('Clear local data', { exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('You stay signed in');
  await dialog.getByRole('button', { name: 'Clear' }).click();
  await toastSays(page, 'Local data cleared');
  await page.getByText('Check for updates', { exact: true }).click();
  await expect(page.getByText('You are up to date', { exact: true })).toBeVisible();

  // Records, menu, general settings and profile in the three languages: one reload per language,
  // then the app's own navigation.
  for (const locale of ['en', 'zh', 'my']) {
    const nav = navTitles(locale);
    await useLocale(page, locale);
    await page.reload();
    for (const [name, path] of [
      ['businessRecords', RECORDS],
      ['menu', '/#/pages/menu/menu'],
      ['general', '/#/pages/profile/general'],
      ['profile', '/#/pages/profile/profile'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(nav[name] ?? name);
      await expect(page.locator('main')).not.toBeEmpty();
      await expect(page.getByRole('status')).toHaveCount(0);
      await snap(page, test.info(), `${name}-${locale}`);
    }
  }
});
