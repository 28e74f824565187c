import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import {
  advanceClock,
  bid,
  buyerSession,
  fact,
  fakePrinter,
  FIFTEEN_MINUTES,
  publishAuction,
  registerMerchant,
  signIn,
  snap,
  tabBar,
  toastSays,
  unique,
  useLocale,
} from './helpers';
import { test } from './test';

const DETAIL_URL = /#\/pages\/orders\/order-detail\?id=/;

// Merchants are in Malaysia: the device's calendar days are Kuala Lumpur's, as the server's are.
test.use({ timezoneId: 'Asia/Kuala_Lumpur' });

/** Publishes one lot of 100 kg of kembung from RM 10.00 a kg; its id. */
async function publishLot(page: Page, name: string) {
  const { lotIds } = await publishAuction(page, [{ name, quantity: 1000, startPrice: 1000 }]);
  return lotIds[0]!;
}

/** The buyer's order of a lot, once the lot has ended. */
async function orderOf(buyer: APIRequestContext, lotId: string) {
  let order: { id: string; number: string } | undefined;
  await expect
    .poll(async () => {
      const body = (await (await buyer.get('/api/buyer/orders')).json()) as {
        items: { id: string; number: string; lotId: string }[];
      };
      order = body.items.find((item) => item.lotId === lotId);
      return order?.number ?? '';
    })
    .toMatch(/^SO\d{12}$/);
  return order!;
}

async function pay(buyer: APIRequestContext, orderId: string) {
  const response = await buyer.post(`/api/buyer/orders/${orderId}/pay`, {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {},
  });
  expect(response.ok(), await response.text()).toBe(true);
}

async function balanceOf(buyer: APIRequestContext): Promise<number> {
  const response = await buyer.get('/api/buyer/wallet');
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { balance: number }).balance;
}

/** A lot won by the given bids, ended on the test clock; returns its id. */
async function wonLot(
  page: Page,
  request: APIRequestContext,
  name: string,
  bids: { buyer: APIRequestContext; quantity: number; price: number }[],
) {
  const lotId = await publishLot(page, name);
  for (const b of bids) await bid(b.buyer, lotId, b.quantity, b.price);
  await advanceClock(request, FIFTEEN_MINUTES);
  return lotId;
}

/** The cards of the orders list (named 'Orders' in English). */
const cards = (page: Page, list = 'Orders') =>
  page.getByRole('list', { name: list }).getByRole('listitem');
const statusTab = (page: Page, label: string) =>
  page.getByRole('tab', { name: new RegExp(`^${label}(\\s|$)`) });
const region = (page: Page, name: string) => page.getByRole('region', { name });

async function openOrders(page: Page) {
  await tabBar(page).getByText('Orders', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
}

async function search(page: Page, text: string) {
  await page.getByRole('searchbox').fill(text);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(text).replace(/%20/g, '\\+')}`));
}

/**
 * The detail page as a phone shows it, at its top and at its end: a full-page capture would draw
 * the sticky bar and action bar where the viewport happened to be, across the middle of the page.
 */
async function snapDetail(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, test.info(), name, false);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await snap(page, test.info(), `${name}-end`, false);
}

/** Taps a button of the confirm dialog once it asks `question`. */
async function confirm(page: Page, question: string, button: string) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(question);
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
}

async function exportCsv(
  page: Page,
): Promise<{ name: string; rows: string[]; totals: string[][] }> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('option', { name: 'CSV' }).click();
  const file = await download;
  const text = readFileSync(await file.path(), 'utf8').replace(/^\uFEFF/, '');
  // The sheet has closed: the next export opens a new one.
  await expect(page.getByRole('option', { name: 'CSV' })).toHaveCount(0);
  const [, ...lines] = text.trim().split(/\r\n/);
  // The file ends with its totals: sales (with their fees, payouts and the refunds), then what
  // awaits payment.
  return {
    name: file.suggestedFilename(),
    rows: lines.slice(0, -2),
    totals: lines.slice(-2).map((line) => line.split(',')),
  };
}

test('an order from a lot’s end to Completed, another paid then canceled and refunded @full-browser', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page);
  const name = unique('Order flow kembung');
  const buyer1 = await buyerSession(baseURL!, '013-000 0001');
  const buyer2 = await buyerSession(baseURL!, '013-000 0002');

  const lotId = await publishLot(page, name);
  await bid(buyer1, lotId, 300, 1200); // 30 kg at RM 12.00: RM 360.00
  await bid(buyer2, lotId, 500, 1300); // 50 kg at RM 13.00: RM 650.00

  // The list is open, searched by the lot's name, when the lot ends: both orders arrive live.
  await openOrders(page);
  await search(page, name);
  await expect(page.getByText(`No order matches “${name}”`)).toBeVisible();
  await advanceClock(request, FIFTEEN_MINUTES);
  await expect(cards(page)).toHaveCount(2, { timeout: 15_000 });
  await expect(statusTab(page, 'To Pay')).toHaveText(/To Pay\s*2$/);
  await statusTab(page, 'To Pay').click();
  await expect(page).toHaveURL(/tab=to_pay/);
  await expect(cards(page)).toHaveCount(2);
  await expect(cards(page).first()).toContainText('Pending Payment');
  await expect(cards(page).first()).toContainText('Indian mackerel');

  const paidOrder = await orderOf(buyer2, lotId);
  const refundedOrder = await orderOf(buyer1, lotId);
  const card = (number: string) => cards(page).filter({ hasText: number });
  await expect(card(paidOrder.number)).toContainText('50 kg');
  await expect(card(paidOrder.number)).toContainText('RM 650.00');

  // Buyer 2 pays: the list moves the order from To Pay to Paid without a reload.
  await pay(buyer2, paidOrder.id);
  await expect(cards(page)).toHaveCount(1, { timeout: 10_000 });
  await expect(statusTab(page, 'Paid')).toHaveText(/Paid\s*1$/);
  await expect(statusTab(page, 'To Pay')).toHaveText(/To Pay\s*1$/);
  await statusTab(page, 'Paid').click();
  await expect(card(paidOrder.number)).toContainText('Paid');

  // Its detail: items to prepare, the money, the buyer, the timeline.
  await card(paidOrder.number).click();
  await expect(page).toHaveURL(DETAIL_URL);
  await expect(page.getByRole('heading', { name: 'Order detail', level: 1 })).toBeVisible();
  const summary = region(page, `Order ${paidOrder.number}`);
  await expect(summary).toContainText('Paid');
  const items = region(page, 'Items to prepare');
  await expect(items).toContainText(name);
  await expect(fact(items, 'Species')).toHaveText('Indian mackerel');
  await expect(fact(items, 'Freshness')).toHaveText('Fresh');
  await expect(fact(items, 'Harbor')).toHaveText('Kuala Selangor');
  await expect(fact(items, 'Quantity')).toHaveText('50 kg');
  await expect(fact(items, 'Price/kg')).toHaveText('RM 13.00/kg');
  await expect(fact(items, 'Amount')).toHaveText('RM 650.00');
  const money = region(page, 'Payment');
  await expect(fact(money, 'Items subtotal')).toHaveText('RM 650.00');
  await expect(fact(money, 'Service fee (5%)')).toHaveText('-RM 32.50');
  await expect(fact(money, 'Paid amount')).toHaveText('RM 650.00');
  await expect(fact(money, 'Your payout')).toHaveText('RM 617.50');
  await expect(fact(money, 'Payout status')).toHaveText('—');
  const buyer = region(page, 'Buyer');
  await expect(buyer).toContainText('Restoran Seri Melaka');
  // The masked phone, never the whole number, on screen.
  await expect(buyer).toContainText(/013-\S+ \S+02/);
  await expect(buyer).not.toContainText('0130000002');
  await expect(buyer.getByRole('link', { name: 'Call' })).toHaveAttribute(
    'href',
    'tel:+60130000002',
  );
  const timeline = region(page, 'Status timeline');
  await expect(timeline).toContainText('Pending Payment');
  // What is still ahead shows too.
  await expect(timeline).toContainText('Ready for Pickup');

  // The invoice: generated once, then viewed and downloaded; no e-invoice without MyInvois.
  const invoice = region(page, 'Invoice');
  await expect(invoice).toContainText('No E-Invoice');
  await invoice.getByRole('button', { name: 'Generate invoice' }).click();
  await expect(page.getByText('Invoice ready', { exact: true })).toBeVisible();
  await expect(invoice.getByRole('link', { name: 'View invoice' })).toBeVisible();
  const saved = page.waitForEvent('download');
  await invoice.getByRole('link', { name: 'Download' }).click();
  expect((await saved).suggestedFilename()).toMatch(/\.pdf$/);
  const viewer = page.waitForEvent('popup');
  await invoice.getByRole('link', { name: 'View invoice' }).click();
  const pdf = await viewer;
  expect(pdf.url()).toContain(`/api/orders/${paidOrder.id}/invoice.pdf`);
  await pdf.close();
  await expect(invoice).toContainText('No E-Invoice');
  // Print: the PDF loads in an invisible frame that prints it, or, where the browser shows no
  // PDF inline, opens in a tab of its own.
  const pdfUrl = `/api/orders/${paidOrder.id}/invoice.pdf`;
  if (await page.evaluate(() => navigator.pdfViewerEnabled)) {
    await invoice.getByRole('button', { name: 'Print' }).click();
    await expect(page.locator('iframe[title="print"]')).toHaveAttribute('src', pdfUrl);
  } else {
    const tab = page.waitForEvent('popup');
    await invoice.getByRole('button', { name: 'Print' }).click();
    expect((await tab).url()).toContain(pdfUrl);
    await (await tab).close();
  }

  // Ready for Pickup → Handed to Driver → Mark Completed, each confirmed.
  const actions = page.getByRole('group', { name: 'Order actions' });
  // Each confirm says what it will do to which order.
  for (const [button, status, question] of [
    ['Ready for Pickup', 'Ready for Pickup', `Mark ${paidOrder.number} Ready for Pickup?`],
    ['Handed to Driver', 'In Transit', `Hand ${paidOrder.number} to the driver?`],
    ['Mark Completed', 'Completed', `Mark ${paidOrder.number} Completed?`],
  ] as const) {
    await actions.getByRole('button', { name: button }).click();
    await confirm(page, question, button);
    await toastSays(page, 'Updated');
    await expect(summary).toContainText(status);
  }
  await expect(actions).toHaveCount(0);
  await expect(fact(money, 'Payout status')).toHaveText('Payout Pending');
  await expect(timeline.getByText('Completed', { exact: true })).toBeVisible();
  await expect(timeline.getByText('In Transit', { exact: true })).toBeVisible();

  // Copy link: the order's own address in this app.
  await summary.getByRole('button', { name: 'Copy link' }).click();
  await toastSays(page, 'Copied link');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${baseURL}/#/pages/orders/order-detail?id=${paidOrder.id}`,
  );
  await snapDetail(page, 'order-detail-completed-en');

  // Buyer 1 pays, then the merchant cancels: refunded to the buyer's wallet.
  const before = await balanceOf(buyer1);
  await pay(buyer1, refundedOrder.id);
  expect(await balanceOf(buyer1)).toBe(before - 36_000);
  await page.goBack();
  await expect(page).toHaveURL(/tab=paid/);
  await card(refundedOrder.number).click();
  await expect(page).toHaveURL(DETAIL_URL);
  const refundedSummary = region(page, `Order ${refundedOrder.number}`);
  await expect(refundedSummary).toContainText('Paid');
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await confirm(page, 'Cancel this order and refund to buyer wallet?', 'Cancel order');
  await toastSays(page, 'Updated');
  await expect(refundedSummary).toContainText('Canceled & Refunded');
  await expect(page.getByRole('group', { name: 'Order actions' })).toHaveCount(0);
  expect(await balanceOf(buyer1)).toBe(before);

  // Back on the list: the counts of each tab under this search.
  await page.goBack();
  await statusTab(page, 'All').click();
  await expect(cards(page)).toHaveCount(2);
  const expected = {
    All: 2,
    'To Pay': 0,
    Paid: 0,
    'To Ship': 0,
    'In Transit': 0,
    Completed: 1,
    Canceled: 1,
  };
  for (const [label, count] of Object.entries(expected))
    await expect(statusTab(page, label)).toHaveText(new RegExp(`${label}\\s*${count}$`));
  await snap(page, test.info(), 'orders-list-en');

  // Export: exactly what the tab, the period and the search select.
  const all = await exportCsv(page);
  expect(all.name).toMatch(/^orders-\d{8}\.csv$/);
  expect(all.rows).toHaveLength(2);
  expect(all.rows.join('\n')).toContain(paidOrder.number);
  expect(all.rows.join('\n')).toContain(refundedOrder.number);
  // Sales are the completed order only (50 kg at RM 13.00, 5 % fee); the refund is shown apart
  // and the refunded order has no fee or payout.
  expect(all.totals.map((line) => line.filter(Boolean))).toEqual([
    ['Total sales', '650', '32.5', '617.5', '360'],
    ['Awaiting payment', '0'],
  ]);
  expect(all.rows.find((r) => r.includes(refundedOrder.number))).toContain(',,,,');
  await statusTab(page, 'Completed').click();
  await expect(cards(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Today', exact: true }).click();
  await expect(page).toHaveURL(/period=today/);
  await expect(cards(page)).toHaveCount(1);
  const completed = await exportCsv(page);
  expect(completed.rows).toHaveLength(1);
  expect(completed.rows[0]).toContain(paidOrder.number);
  expect(completed.rows[0]).toContain('Completed');

  // A failed export says so.
  await page.route('**/api/orders/export?**', (route) => route.fulfill({ status: 500 }));
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('option', { name: 'Excel (XLSX)' }).click();
  await expect(page.getByText('Export failed', { exact: true })).toBeVisible();
  await page.unroute('**/api/orders/export?**');

  // Search by order number: one card.
  await page.getByRole('button', { name: 'All time', exact: true }).click();
  await statusTab(page, 'All').click();
  await search(page, refundedOrder.number);
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page)).toContainText('Canceled & Refunded');
  await expect(statusTab(page, 'Canceled')).toHaveText(/Canceled\s*1$/);
  await expect(statusTab(page, 'All')).toHaveText(/All\s*1$/);

  // A custom range of last month holds none of today's orders.
  await page.getByRole('button', { name: 'Custom' }).click();
  const now = new Date(new Date().toLocaleString('en-US', { timeZone: 'Asia/Kuala_Lumpur' }));
  const lastMonth = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  const month = page.locator(
    `[data-year-month="${lastMonth.getFullYear()}-${lastMonth.getMonth() + 1}"]`,
  );
  await month.getByText('1', { exact: true }).click();
  await month.getByText('2', { exact: true }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/period=custom&from=\d{4}-\d\d-01&to=\d{4}-\d\d-02/);
  await expect(page.getByText(/^Showing 1 \w+ \d{4} – 2 \w+ \d{4}$/)).toBeVisible();
  await expect(page.getByText(`No order matches “${refundedOrder.number}”`)).toBeVisible();
  await expect(statusTab(page, 'All')).toHaveText(/All\s*0$/);

  await buyer1.dispose();
  await buyer2.dispose();
});

test('an unpaid order can be canceled without a refund; a missing order reads as not found', async ({
  page,
  request,
  baseURL,
}) => {
  await signIn(page);
  const buyer3 = await buyerSession(baseURL!, '013-000 0003');
  const lotId = await wonLot(page, request, unique('Unpaid kembung'), [
    { buyer: buyer3, quantity: 100, price: 1500 },
  ]);
  const order = await orderOf(buyer3, lotId);
  await page.goto(`/#/pages/orders/order-detail?id=${order.id}`);
  const summary = region(page, `Order ${order.number}`);
  await expect(summary).toContainText('Pending Payment');
  // 24 h to pay, on the server's clock.
  await expect(summary.getByRole('timer')).toHaveText(/^Pay within 2[34]:\d\d:\d\d$/);
  await expect(region(page, 'Invoice')).toContainText(
    'An invoice can be generated once the buyer has paid.',
  );
  await expect(fact(region(page, 'Payment'), 'Paid amount')).toHaveText('—');
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await confirm(page, 'Cancel this order? The buyer has not paid for it.', 'Cancel order');
  await expect(summary).toContainText('Canceled');
  await expect(region(page, 'Invoice')).toContainText('No invoice: the order was canceled.');
  await expect(summary.getByRole('timer')).toHaveCount(0);
  // The buyer can no longer pay it.
  const late = await buyer3.post(`/api/buyer/orders/${order.id}/pay`, {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {},
  });
  expect(late.status()).toBe(409);

  await page.goto('/#/pages/orders/order-detail?id=00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('This order was not found')).toBeVisible();
  await page.getByRole('button', { name: 'Back to Orders' }).click();
  await expect(page).toHaveURL(/#\/pages\/orders\/orders$/);
  await buyer3.dispose();
});

test('a new merchant has no orders; a failed load offers Retry', async ({ page, request }) => {
  const merchant = await registerMerchant(request);
  await signIn(page, merchant.phone, merchant.password);
  const ordersApi = (url: URL) => url.pathname === '/api/orders';
  await page.route(ordersApi, (route) =>
    route.fulfill({ status: 503, json: { code: 'UNAVAILABLE' } }),
  );
  await openOrders(page);
  await expect(page.getByText('The orders could not be loaded')).toBeVisible();
  await expect(page.getByText('Service unavailable')).toBeVisible();
  await snap(page, test.info(), 'orders-error-en', false);
  await page.unroute(ordersApi);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('No orders yet')).toBeVisible();
  await expect(statusTab(page, 'All')).toHaveText(/All\s*0$/);
  await snap(page, test.info(), 'orders-empty-en', false);
  await page.getByRole('button', { name: '7 days', exact: true }).click();
  await expect(page.getByText('No orders in this view')).toBeVisible();
});

test('the status tabs’ line sits under the active tab, opened on it and after a switch', async ({
  page,
  request,
}) => {
  const merchant = await registerMerchant(request);
  await signIn(page, merchant.phone, merchant.password);
  /**
   * Where the line is, against the active tab and the tab row it scrolls in; null while the page
   * has not drawn them (after the reload), which expect.poll asks again.
   */
  const geometry = () =>
    page.evaluate(() => {
      const box = (selector: string) => document.querySelector(selector)?.getBoundingClientRect();
      const [line, tab, row] = [
        box('.adm-tabs-tab-line'),
        box('[role="tab"][aria-selected="true"]'),
        box('[role="tablist"]'),
      ];
      if (!line || !tab || !row) return null;
      return {
        left: Math.round(line.left - tab.left),
        width: Math.round(line.width - tab.width),
        tabShown: tab.left >= row.left - 1 && tab.right <= row.right + 1,
        lineWidth: Math.round(line.width),
      };
    });
  const under = { left: 0, width: 0, tabShown: true };
  // Opened straight on the last tab but one, off the row's right edge: measured as it is drawn
  // (Tabs.tsx), and scrolled into view.
  await page.goto('/#/pages/orders/orders?tab=completed');
  await expect(statusTab(page, 'Completed')).toHaveAttribute('aria-selected', 'true');
  await expect.poll(geometry).toMatchObject(under);
  expect((await geometry())?.lineWidth).toBeGreaterThan(20);
  await statusTab(page, 'All').click();
  await expect(statusTab(page, 'All')).toHaveAttribute('aria-selected', 'true');
  await expect.poll(geometry).toMatchObject(under);
  // A count arriving changes the titles' widths: the line follows its tab.
  await page.reload();
  await expect.poll(geometry).toMatchObject(under);
});

test('10 000 orders scroll with only the cards on screen in the page', async ({ page }) => {
  // 500 pages scrolled through one by one: on two cores shared with the unit and API tests (npm
  // test runs them side by side) this has taken from 40 s to over 2 min.
  test.setTimeout(300_000);
  const TOTAL = 10_000;
  const order = (n: number) => ({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    number: `SO261121${String(n).padStart(6, '0')}`,
    batchNumber: 'B1',
    buyer: { name: n % 3 === 0 ? null : `Buyer ${n}`, maskedPhone: '+60 13-*** 0001' },
    item: { species: 'kembung', name: `Catch ${n}`, quantity: 100 + n, price: 1200 },
    subtotal: 1000 + n,
    status: 'paid',
    payoutStatus: null,
    createdAt: new Date(Date.UTC(2026, 10, 21) - n * 60_000).toISOString(),
    payBy: new Date(Date.UTC(2026, 10, 22)).toISOString(),
  });
  await signIn(page);
  await page.route(
    (url) => url.pathname === '/api/orders',
    (route) => {
      const url = new URL(route.request().url());
      const start = Number(url.searchParams.get('cursor') || 0);
      const limit = Number(url.searchParams.get('limit'));
      const end = Math.min(TOTAL, start + limit);
      const items = Array.from({ length: end - start }, (_, i) => order(start + i + 1));
      return route.fulfill({ json: { items, nextCursor: end < TOTAL ? String(end) : null } });
    },
  );
  await page.route(
    (url) => url.pathname === '/api/orders/counts',
    (route) =>
      route.fulfill({
        json: {
          counts: {
            all: TOTAL,
            to_pay: 0,
            paid: TOTAL,
            to_ship: 0,
            in_transit: 0,
            completed: 0,
            canceled: 0,
          },
        },
      }),
  );
  await openOrders(page);
  await expect(cards(page).first()).toContainText('SO261121000001');

  // Scroll to the end as a merchant flinging down would, counting the cards in the page.
  const most = await page.evaluate(async () => {
    let most = 0;
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    for (let i = 0; i < 5_000; i++) {
      window.scrollTo(0, document.documentElement.scrollHeight);
      await frame();
      most = Math.max(most, document.querySelectorAll('[aria-posinset]').length);
      if (document.body.innerText.includes('No more orders')) break;
    }
    // The last page made the list longer: once more to its new end.
    window.scrollTo(0, document.documentElement.scrollHeight);
    await frame();
    return most;
  });
  await expect(page.getByText('No more orders')).toBeVisible();
  await expect(cards(page).last()).toContainText('SO261121010000');
  await expect(cards(page).last()).toHaveAttribute('aria-posinset', String(TOTAL));
  await expect(cards(page).last()).toHaveAttribute('aria-setsize', String(TOTAL));
  expect(most).toBeLessThan(40);
  expect(await cards(page).count()).toBeLessThan(40);

  // And back up to the top.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(cards(page).first()).toContainText('SO261121000001');
});

const SCREENS = {
  en: { name: 'Morning kembung', orders: 'Orders', detail: 'Order detail', toPay: 'To Pay' },
  zh: { name: '早市甘望鱼', orders: '订单', detail: '订单详情', toPay: '待付款' },
  my: {
    name: 'Ikan kembung pagi',
    orders: 'Pesanan',
    detail: 'Butiran pesanan',
    toPay: 'Belum Bayar',
  },
} as const;

for (const [locale, text] of Object.entries(SCREENS)) {
  test(`screenshots of Orders and Order detail in ${locale}`, async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    await signIn(page);
    const buyer3 = await buyerSession(baseURL!, '013-000 0003');
    const lotId = await wonLot(page, request, unique(text.name), [
      { buyer: buyer3, quantity: 255, price: 1450 },
    ]);
    const order = await orderOf(buyer3, lotId);
    await buyer3.dispose();

    await useLocale(page, locale);
    await page.goto('/#/pages/orders/orders');
    await page.reload();
    await expect(page.getByRole('heading', { name: text.orders, level: 1 })).toBeVisible();
    await expect(cards(page, text.orders).filter({ hasText: order.number })).toBeVisible();
    await expect(statusTab(page, text.toPay)).toBeVisible();
    // Long labels scroll inside the tab row; the page itself never grows sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await snap(page, testInfo, `orders-${locale}`, false);

    await cards(page, text.orders).filter({ hasText: order.number }).click();
    await expect(page.getByRole('heading', { name: text.detail, level: 1 })).toBeVisible();
    await expect(page.getByRole('timer')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await snapDetail(page, `order-detail-${locale}`);
  });
}

/** Deletes the signed-in merchant's printers. */
async function removePrinters(page: Page) {
  const printers = await page.request.get('/api/printers');
  for (const { id } of ((await printers.json()) as { items: { id: string }[] }).items)
    await page.request.delete(`/api/printers/${id}`);
}

test('the pick-up slip prints from order detail on the merchant’s network printer', async ({
  page,
  request,
  baseURL,
}) => {
  const printer = await fakePrinter();

  await signIn(page);
  // One printer, so the button prints at once (a retry of this test may have left one behind).
  await removePrinters(page);
  const added = await page.request.post('/api/printers', {
    data: {
      name: 'Counter',
      kind: 'network',
      paperWidth: 80,
      host: '127.0.0.1',
      port: printer.port,
    },
  });
  expect(added.ok()).toBe(true);

  const buyer2 = await buyerSession(baseURL!, '013-000 0002');
  const lotId = await wonLot(page, request, unique('Slip bawal'), [
    { buyer: buyer2, quantity: 55, price: 2200 },
  ]);
  const order = await orderOf(buyer2, lotId);
  await page.goto(`/#/pages/orders/order-detail?id=${order.id}`);
  // Nothing to hand over before the buyer pays.
  await expect(page.getByText('Pending Payment').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print slip' })).toHaveCount(0);
  await pay(buyer2, order.id);
  await page.getByRole('button', { name: 'Print slip' }).click();
  await toastSays(page, 'Sent to Counter');
  await expect.poll(() => printer.jobs.length).toBe(1);
  const job = printer.jobs[0] as Buffer;
  // ESC @, then a GS v 0 raster 72 bytes (576 dots, 80 mm) wide; it ends with a partial cut.
  expect([...job.subarray(0, 2)]).toEqual([0x1b, 0x40]);
  expect([...job.subarray(2, 6)]).toEqual([0x1d, 0x76, 0x30, 0x00]);
  expect(job.readUInt16LE(6)).toBe(72);
  expect([...job.subarray(-4)]).toEqual([0x1d, 0x56, 0x42, 0x00]);
  await removePrinters(page);
  await buyer2.dispose();
  await printer.close();
});
