import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import {
  advanceClock,
  bid,
  buyerSession,
  FIFTEEN_MINUTES,
  operator,
  publishAuction,
  registerMerchant,
  signIn,
  snap,
  tabBar,
  useLocale,
} from './helpers';
import { test } from './test';

const ORDERS_URL = /#\/pages\/orders\/orders\?tab=/;

/**
 * A new merchant, verified by the operator, with one boat, signed in on Home: a to-do that only
 * this test fills (the demo merchant's orders pile up from the other tests on the same server).
 */
async function freshMerchant(page: Page, request: APIRequestContext) {
  const merchant = await registerMerchant(request);
  await operator(request, `/merchants/${encodeURIComponent(merchant.phone)}/business/verify`);
  await signIn(page, merchant.phone, merchant.password);
  const boat = await page.request.post('/api/boats', {
    data: { boatNumber: 'PKN 2207', ownerName: 'Tan Ah Seng' },
  });
  expect(boat.ok(), await boat.text()).toBe(true);
}

/**
 * Three lots of kembung, each won by one demo buyer (10 kg at RM 11.00), ended on the test clock;
 * the buyers' sessions and their orders, in lot order.
 */
async function threeOrders(page: Page, request: APIRequestContext, baseURL: string) {
  const { lotIds } = await publishAuction(
    page,
    ['A', 'B', 'C'].map((n) => ({ name: `To-do kembung ${n}`, quantity: 1000, startPrice: 1000 })),
  );
  const buyers = await Promise.all(
    ['013-000 0001', '013-000 0002', '013-000 0003'].map((p) => buyerSession(baseURL, p)),
  );
  for (const [i, lotId] of lotIds.entries()) await bid(buyers[i]!, lotId, 100, 1100);
  await advanceClock(request, FIFTEEN_MINUTES);
  const orders: { id: string; number: string }[] = [];
  for (const [i, lotId] of lotIds.entries()) {
    let order: { id: string; number: string } | undefined;
    await expect
      .poll(async () => {
        const body = (await (await buyers[i]!.get('/api/buyer/orders')).json()) as {
          items: { id: string; number: string; lotId: string }[];
        };
        order = body.items.find((item) => item.lotId === lotId);
        return order?.number ?? '';
      })
      .toMatch(/^SO\d{12}$/);
    orders.push(order!);
  }
  return { buyers, orders };
}

/** The buyer pays through the buyer API, as the buyer app would. */
async function pay(buyer: APIRequestContext, orderId: string) {
  const response = await buyer.post(`/api/buyer/orders/${orderId}/pay`, {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {},
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** A fulfilment step through the merchant API with the page's session: the merchant's other phone. */
async function move(page: Page, orderId: string, status: 'ready_for_pickup' | 'in_transit') {
  const response = await page.request.post(`/api/orders/${orderId}/status`, { data: { status } });
  expect(response.ok(), await response.text()).toBe(true);
}

const todo = (page: Page, name = 'To do') => page.getByRole('region', { name, exact: true });
/** A count of the to-do by its whole accessible name, e.g. '2 awaiting payment'. */
const count = (page: Page, name: string, region?: string) =>
  todo(page, region).getByRole('link', { name, exact: true });
/**
 * The Orders tab: by its name ('Orders') with nothing to do, else by its description, which carries
 * the count ('Orders, 2 to do'): its name stays the tab's visible word (WCAG 2.5.3).
 */
const ordersTab = (page: Page, said: string) =>
  tabBar(page).getByRole(
    'link',
    /\d/.test(said) ? { description: said, exact: true } : { name: said, exact: true },
  );

/** The strip's three counts: paid to prepare, ready for pickup, awaiting payment. */
async function expectCounts(page: Page, paid: number, ready: number, toPay: number) {
  await expect(count(page, `${paid} to prepare`)).toBeVisible({ timeout: 15_000 });
  await expect(count(page, `${ready} ready for pickup`)).toBeVisible();
  await expect(count(page, `${toPay} awaiting payment`)).toBeVisible();
}

test('Home’s to-do and the Orders tab’s badge follow a lot’s end, a payment and each move, live', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await freshMerchant(page, request);

  // No orders: the strip says so in a word; the Orders tab has no badge.
  await expect(todo(page)).toContainText('Nothing to do: no orders are waiting.');
  await expect(ordersTab(page, 'Orders')).toBeVisible();
  await snap(page, test.info(), 'home-todo-none-en', false);

  // From here on, every change reaches this page without a reload.
  await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

  // Three lots end: three orders await payment; nothing for the merchant to do yet.
  const { buyers, orders } = await threeOrders(page, request, baseURL!);
  const [a, b] = orders as [(typeof orders)[0], (typeof orders)[0]];
  await expectCounts(page, 0, 0, 3);
  await expect(ordersTab(page, 'Orders')).toBeVisible();

  // The count opens the Orders list on its tab, with those orders.
  await count(page, '3 awaiting payment').click();
  await expect(page).toHaveURL(/#\/pages\/orders\/orders\?tab=to_pay$/);
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^To Pay/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('list', { name: 'Orders' }).getByRole('listitem')).toHaveCount(3);
  await page.goBack();
  await expect(todo(page)).toBeVisible();

  // A buyer pays: one to prepare, two unpaid, and the tab's badge, without a reload.
  await pay(buyers[0]!, a.id);
  await expectCounts(page, 1, 0, 2);
  await expect(ordersTab(page, 'Orders, 1 to do')).toBeVisible();
  await expect(ordersTab(page, 'Orders, 1 to do')).toContainText('1');

  // Ready for Pickup (from the merchant's other phone): it moves across; still one to do.
  await move(page, a.id, 'ready_for_pickup');
  await expectCounts(page, 0, 1, 2);
  await expect(ordersTab(page, 'Orders, 1 to do')).toBeVisible();

  // A second payment: two to do.
  await pay(buyers[1]!, b.id);
  await expectCounts(page, 1, 1, 1);
  await expect(ordersTab(page, 'Orders, 2 to do')).toContainText('2');
  expect(await page.evaluate(() => 'stillTheSamePage' in window)).toBe(true);

  // Each count links to its tab: the paid order to prepare, the one ready for pickup.
  await count(page, '1 to prepare').click();
  await expect(page).toHaveURL(/tab=paid$/);
  await expect(page.getByRole('list', { name: 'Orders' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Orders' })).toContainText(b.number);
  // The badge is on every tab page, the Orders list's own too.
  await expect(ordersTab(page, 'Orders, 2 to do')).toHaveAttribute('aria-current', 'page');
  await page.goBack();
  await count(page, '1 ready for pickup').click();
  await expect(page).toHaveURL(/tab=to_ship$/);
  await expect(page.getByRole('list', { name: 'Orders' })).toContainText(a.number);
  await page.goBack();
  await expect(page).not.toHaveURL(ORDERS_URL);

  // Handed to the driver: the driver has it now; the ready count goes quiet, the badge drops.
  await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
  await move(page, a.id, 'in_transit');
  await expectCounts(page, 1, 0, 1);
  await expect(ordersTab(page, 'Orders, 1 to do')).toBeVisible();

  // The Orders tab by keyboard: a link, followed with Enter.
  await ordersTab(page, 'Orders, 1 to do').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  expect(await page.evaluate(() => 'stillTheSamePage' in window)).toBe(true);
  for (const buyer of buyers) await buyer.dispose();
});

const SCREENS = {
  en: { region: 'To do', tab: 'Orders, 2 to do' },
  zh: { region: '待处理', tab: '订单，2 项待处理' },
  my: { region: 'Perlu tindakan', tab: 'Pesanan, 2 perlu tindakan' },
} as const;

test('screenshots of Home’s to-do in en, zh and my at 390×844', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  await freshMerchant(page, request);
  // One order of each: paid, ready for pickup, awaiting payment.
  const { buyers, orders } = await threeOrders(page, request, baseURL!);
  await pay(buyers[0]!, orders[0]!.id);
  await move(page, orders[0]!.id, 'ready_for_pickup');
  await pay(buyers[1]!, orders[1]!.id);
  for (const buyer of buyers) await buyer.dispose();

  for (const [locale, text] of Object.entries(SCREENS)) {
    // The language is read at start: set it, then load the page again.
    await useLocale(page, locale);
    await page.goto('/#/');
    await page.reload();
    const strip = todo(page, text.region);
    await expect(strip.getByRole('link')).toHaveCount(3);
    for (const link of await strip.getByRole('link').all()) await expect(link).toContainText('1');
    await expect(ordersTab(page, text.tab)).toBeVisible();
    // The longest labels (Malay) wrap inside their column: nothing spills, the page never scrolls
    // sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    for (const link of await strip.getByRole('link').all()) {
      expect(await link.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      expect((await link.boundingBox())!.height).toBeLessThan(100);
    }
    await snap(page, testInfo, `home-todo-${locale}`, false);
  }
});
