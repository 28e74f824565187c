import { randomUUID } from 'node:crypto';
import {
  type BuyerOrder,
  type OrderDetail,
  type OrderListResponse,
  type OrderStatus,
  PAYMENT_WINDOW_MS,
  SPECIES,
} from '@sm/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount, startDemoMarket } from '../../../test/auctions.js';
import { type Client, DB_KINDS, TEST_OPERATOR_TOKEN, type TestApp } from '../../../test/helpers.js';
import { balanceOf, payOrder, wonOrder, wonOrders } from '../../../test/orders.js';

const DAY_MS = 86_400_000;

describe.each(DB_KINDS)('orders on %s', (kind) => {
  let t: TestApp;
  let merchant: Client;
  let buyers: Client[];
  let accountSeq = 3_000 + (kind === 'postgres' ? 500 : 0);

  beforeAll(async () => {
    ({ t, merchant, buyers } = await startDemoMarket(kind));
  });
  afterAll(async () => {
    await t?.close();
  });

  const buyer = (i: number) => buyers[i] as Client;
  const detail = async (id: string) => {
    const res = await merchant.get(`/api/orders/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as OrderDetail;
  };
  const advance = (id: string, status: string) =>
    merchant.post(`/api/orders/${id}/status`, { status });
  const cancel = (id: string) => merchant.post(`/api/orders/${id}/cancel`);
  const listOf = async (query: string) => {
    const res = await merchant.get(`/api/orders?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as OrderListResponse;
  };

  /** An order of buyer 0 brought to `status` through the API. */
  async function orderAt(status: OrderStatus): Promise<string> {
    const order = await wonOrder(t, merchant, buyer(0));
    const steps: Record<OrderStatus, (id: string) => Promise<unknown>> = {
      pending_payment: async () => {},
      paid: (id) => payOrder(buyer(0), id),
      ready_for_pickup: async (id) => {
        await steps.paid(id);
        await advance(id, 'ready_for_pickup');
      },
      in_transit: async (id) => {
        await steps.ready_for_pickup(id);
        await advance(id, 'in_transit');
      },
      completed: async (id) => {
        await steps.in_transit(id);
        await advance(id, 'completed');
      },
      canceled: (id) => cancel(id),
      canceled_refunded: async (id) => {
        await steps.paid(id);
        await cancel(id);
      },
    };
    await steps[status](order.id);
    expect((await detail(order.id)).status).toBe(status);
    return order.id;
  }

  it('creates Pending Payment orders at the award with item, fee, deadline and timeline', async () => {
    const order = await wonOrder(t, merchant, buyer(0), 125, 2150);
    expect(order).toMatchObject({ status: 'pending_payment', subtotal: 26_875, paidAmount: null });
    const d = await detail(order.id);
    expect(d).toMatchObject({
      number: expect.stringMatching(/^SO\d{12}$/),
      batchNumber: expect.stringMatching(/^SLF\d{4}-\d{6}$/),
      feeBps: 500,
      fee: 1344,
      payout: 26_875 - 1344,
      payoutStatus: null,
      buyer: {
        name: '陈记海鲜 Tan Kee Seafood',
        maskedPhone: '013-••• ••01',
        phone: '+60130000001',
      },
      item: {
        quantity: 125,
        price: 2150,
        amount: 26_875,
        harbor: 'Kuala Selangor',
        freshness: 'fresh',
      },
      invoice: null,
    });
    expect(d.timeline.map((e) => e.status)).toEqual(['pending_payment']);
    expect(Date.parse(d.payBy) - Date.parse(d.createdAt)).toBe(PAYMENT_WINDOW_MS);
  });

  it('takes the whole lifecycle: pay, ready, in transit, completed (Payout Pending)', async () => {
    const order = await wonOrder(t, merchant, buyer(1), 100, 2000);
    const before = await balanceOf(buyer(1));
    const paid = await payOrder(buyer(1), order.id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid', paidAmount: 20_000 });
    expect(await balanceOf(buyer(1))).toBe(before - 20_000);
    for (const status of ['ready_for_pickup', 'in_transit', 'completed']) {
      const res = await advance(order.id, status);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status });
    }
    const d = await detail(order.id);
    expect(d).toMatchObject({ status: 'completed', payoutStatus: 'pending', paidAmount: 20_000 });
    expect(d.timeline.map((e) => e.status)).toEqual([
      'pending_payment',
      'paid',
      'ready_for_pickup',
      'in_transit',
      'completed',
    ]);
  });

  it('allows exactly the moves of the state machine from every status, and a repeat changes nothing', async () => {
    const actions = ['ready_for_pickup', 'in_transit', 'completed', 'cancel'] as const;
    // What each merchant action leads to from each status; null: refused.
    const expected: Record<OrderStatus, Record<(typeof actions)[number], OrderStatus | null>> = {
      pending_payment: {
        ready_for_pickup: null,
        in_transit: null,
        completed: null,
        cancel: 'canceled',
      },
      paid: {
        ready_for_pickup: 'ready_for_pickup',
        in_transit: null,
        completed: null,
        cancel: 'canceled_refunded',
      },
      ready_for_pickup: {
        ready_for_pickup: 'ready_for_pickup',
        in_transit: 'in_transit',
        completed: null,
        cancel: 'canceled_refunded',
      },
      in_transit: {
        ready_for_pickup: null,
        in_transit: 'in_transit',
        completed: 'completed',
        cancel: null,
      },
      completed: { ready_for_pickup: null, in_transit: null, completed: 'completed', cancel: null },
      canceled: { ready_for_pickup: null, in_transit: null, completed: null, cancel: 'canceled' },
      canceled_refunded: {
        ready_for_pickup: null,
        in_transit: null,
        completed: null,
        cancel: 'canceled_refunded',
      },
    };
    for (const [from, outcomes] of Object.entries(expected) as [
      OrderStatus,
      (typeof expected)[OrderStatus],
    ][]) {
      for (const action of actions) {
        const id = await orderAt(from);
        const timeline = (await detail(id)).timeline.length;
        const res = action === 'cancel' ? await cancel(id) : await advance(id, action);
        const to = outcomes[action];
        const label = `${from} --${action}-->`;
        if (to === null) {
          expect(res.statusCode, label).toBe(409);
          expect(res.json(), label).toMatchObject({ code: 'ORDER_STATUS_CONFLICT' });
          expect((await detail(id)).status, label).toBe(from);
        } else {
          expect(res.statusCode, `${label} ${res.body}`).toBe(200);
          const after = res.json() as OrderDetail;
          expect(after.status, label).toBe(to);
          // A repeated move answers the order as it is and writes nothing.
          expect(after.timeline.length, label).toBe(to === from ? timeline : timeline + 1);
        }
      }
    }
  }, 180_000);

  it('refuses a buyer move by the merchant and bad statuses with coded errors', async () => {
    const order = await wonOrder(t, merchant, buyer(0));
    const res = await advance(order.id, 'paid');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', field: 'status' });
    expect((await merchant.get('/api/orders/not-an-id')).json()).toMatchObject({
      code: 'INVALID_ID',
    });
  });

  it('charges once when two payments of one order race, and an Idempotency-Key answers again', async () => {
    const order = await wonOrder(t, merchant, buyer(2), 50, 3000);
    const before = await balanceOf(buyer(2));
    const [a, b] = await Promise.all([payOrder(buyer(2), order.id), payOrder(buyer(2), order.id)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await balanceOf(buyer(2))).toBe(before - 15_000);

    const key = randomUUID();
    const other = await wonOrder(t, merchant, buyer(2), 10, 3000);
    const [first, again] = await Promise.all([
      payOrder(buyer(2), other.id, key),
      payOrder(buyer(2), other.id, key),
    ]);
    expect(first.json()).toEqual(again.json());
    expect(await balanceOf(buyer(2))).toBe(before - 15_000 - 3000);
    const reused = await payOrder(buyer(2), order.id, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    const wallet = (await buyer(2).get('/api/buyer/wallet')).json() as {
      entries: { type: string; orderId: string }[];
    };
    expect(
      wallet.entries.filter((e) => e.type === 'payment' && e.orderId === order.id),
    ).toHaveLength(1);
    const noKey = await buyer(2).post(`/api/buyer/orders/${order.id}/pay`);
    expect(noKey.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REQUIRED' });
  });

  /** A new buyer with RM 0 and `creditLimit` sen of credit from the operator: it may bid, not pay. */
  async function creditBuyer(creditLimit: number) {
    const n = accountSeq++;
    const client = await registerAccount(t, 'buyer', n);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/operator/buyers/${encodeURIComponent(`+6019${String(n).padStart(7, '0')}`)}/credit-limit`,
      payload: { amount: creditLimit },
      headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}`, 'x-operator': 'tester' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return client;
  }

  it('refuses a payment larger than the wallet with Insufficient balance and leaves the order unpaid', async () => {
    // Credit lets it bid (PRODUCT.md §4a); only the wallet pays.
    const poor = await creditBuyer(2000);
    const [order] = await wonOrders(t, merchant, [{ buyer: poor, quantity: 10, price: 2000 }]);
    if (!order) throw new Error('no order');
    const res = await payOrder(poor, order.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      message: 'Insufficient balance',
    });
    const topUp = await poor.request(
      'POST',
      '/api/buyer/wallet/top-up',
      { amount: 2000 },
      { 'idempotency-key': randomUUID() },
    );
    expect(topUp.statusCode, topUp.body).toBe(200);
    // The same key is tried afresh after the refusal: nothing moved the first time.
    expect((await payOrder(poor, order.id)).statusCode).toBe(200);
    expect(await balanceOf(poor)).toBe(0);
  });

  it('cancel-and-refund credits the buyer exactly once, even when two cancels race', async () => {
    const id = await orderAt('ready_for_pickup');
    const before = await balanceOf(buyer(0));
    const [a, b] = await Promise.all([cancel(id), cancel(id)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((await detail(id)).status).toBe('canceled_refunded');
    expect(await balanceOf(buyer(0))).toBe(before + 20_000);
    expect((await cancel(id)).statusCode).toBe(200);
    expect(await balanceOf(buyer(0))).toBe(before + 20_000);
    // Canceled & Refunded: paying again is refused politely with the order as it is, no charge.
    const pay = await payOrder(buyer(0), id);
    expect(pay.json()).toMatchObject({ status: 'canceled_refunded' });
    expect(await balanceOf(buyer(0))).toBe(before + 20_000);
  });

  it('settles an order left unpaid 24 h after its creation, on the clock: charged when the wallet covers it, else canceled as a default', async () => {
    // One lot, two winners: buyer 1 has the money; the other only credit (PRODUCT.md §4a).
    const debtor = await creditBuyer(2000);
    const [covered, uncovered] = await wonOrders(t, merchant, [
      { buyer: buyer(1), quantity: 100, price: 2000 },
      { buyer: debtor, quantity: 10, price: 2000 },
    ]);
    if (!covered || !uncovered) throw new Error('no orders');
    const before = await balanceOf(buyer(1));
    t.clock.advance(PAYMENT_WINDOW_MS - 1000);
    await t.app.services.orders.settleOverdue(); // older tests' orders are overdue by now
    // The deadline job sleeps until these two are due.
    expect(await t.app.services.orders.nextPaymentDeadline()).toEqual(
      new Date((await detail(covered.id)).payBy),
    );
    expect((await detail(covered.id)).status).toBe('pending_payment');
    expect((await detail(uncovered.id)).status).toBe('pending_payment');
    t.clock.advance(1000);
    expect(await t.app.services.orders.settleOverdue()).toEqual({ charged: 1, defaulted: 1 });

    const charged = await detail(covered.id);
    expect(charged).toMatchObject({ status: 'paid', chargedAtDeadline: true, paidAmount: 20_000 });
    expect(charged.timeline.at(-1)).toMatchObject({ status: 'paid' });
    expect(await balanceOf(buyer(1))).toBe(before - 20_000);

    const defaulted = await detail(uncovered.id);
    expect(defaulted).toMatchObject({ status: 'canceled', cancelReason: 'default', fee: null });
    expect(defaulted.timeline.at(-1)).toMatchObject({ status: 'canceled' });
    const pay = await payOrder(debtor, uncovered.id);
    expect(pay.json()).toMatchObject({ code: 'ORDER_STATUS_CONFLICT' });

    expect(await t.app.services.orders.settleOverdue()).toEqual({ charged: 0, defaulted: 0 });
    expect(await balanceOf(buyer(1))).toBe(before - 20_000);
    expect(await balanceOf(debtor)).toBe(0);
  });

  it('refuses to pay past the deadline before the job has run', async () => {
    const order = await wonOrder(t, merchant, buyer(1));
    t.clock.advance(PAYMENT_WINDOW_MS);
    expect((await payOrder(buyer(1), order.id)).json()).toMatchObject({ code: 'PAYMENT_EXPIRED' });
    await t.app.services.orders.settleOverdue();
  });

  it("answers 404 for another merchant's order and another buyer's payment, as for a missing one", async () => {
    const id = await orderAt('paid');
    const stranger = await registerAccount(t, 'merchant', accountSeq++);
    for (const res of [
      await stranger.get(`/api/orders/${id}`),
      await stranger.post(`/api/orders/${id}/status`, { status: 'ready_for_pickup' }),
      await stranger.post(`/api/orders/${id}/cancel`),
      await stranger.get(`/api/orders/${randomUUID()}`),
      await payOrder(buyer(2), id),
      await buyer(2).get(`/api/buyer/orders/${id}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await stranger.get('/api/orders')).json()).toMatchObject({ items: [] });
    expect((await detail(id)).status).toBe('paid');
  });

  describe('list, counts and export', () => {
    let ids: Record<string, string>;
    beforeAll(async () => {
      // A fresh merchant, so the selection is known: orders made on three days.
      ids = {};
      const day0 = t.clock.now();
      ids.old = (await wonOrder(t, merchant, buyer(2), 10, 2000)).id;
      t.clock.advance(10 * DAY_MS);
      await t.app.services.orders.settleOverdue();
      ids.week = (await wonOrder(t, merchant, buyer(1), 20, 2000)).id;
      await payOrder(buyer(1), ids.week);
      t.clock.advance(3 * DAY_MS);
      await t.app.services.orders.settleOverdue();
      ids.today = (await wonOrder(t, merchant, buyer(0), 30, 2000)).id;
      expect(t.clock.now().getTime() - day0.getTime()).toBeGreaterThan(13 * DAY_MS);
    });

    it('pages newest first by cursor, without repeats', async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: OrderListResponse = await listOf(`limit=3${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...page.items.map((o) => o.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen[0]).toBe(ids.today);
      const all = await merchant.get('/api/orders/counts');
      expect((all.json() as { counts: { all: number } }).counts.all).toBe(seen.length);
    });

    it('filters by tab, period and search, and counts each tab under the same filter', async () => {
      const today = await listOf('period=today');
      expect(today.items.map((o) => o.id)).toEqual([ids.today]);
      const week = await listOf('period=7d');
      expect(week.items.map((o) => o.id)).toEqual([ids.today, ids.week]);
      const paid = await listOf('period=30d&tab=paid');
      expect(paid.items.map((o) => o.id)).toContain(ids.week);
      expect(paid.items.every((o) => o.status === 'paid')).toBe(true);
      const old = await detail(ids.old as string);
      const byNumber = await listOf(`q=${old.number.toLowerCase()}`);
      expect(byNumber.items.map((o) => o.id)).toEqual([ids.old]);
      const byName = await listOf('period=7d&q=%E9%99%88%E8%AE%B0'); // 陈记
      expect(byName.items.map((o) => o.id)).toEqual([ids.today]);
      const bySpecies = await listOf('period=7d&q=Bawal'); // Malay species name of the lot
      expect(bySpecies.items).toHaveLength(2);
      const { batchNumber } = await detail(ids.today as string);
      const byBatch = await listOf(`period=30d&q=${batchNumber}`);
      expect(byBatch.items.map((o) => o.id)).toEqual([ids.today]);
      const wildcard = await listOf('q=%25');
      expect(wildcard.items).toHaveLength(0);

      const counts = (await merchant.get('/api/orders/counts?period=7d')).json() as {
        counts: Record<string, number>;
      };
      expect(counts.counts).toEqual({
        all: 2,
        to_pay: 1,
        paid: 1,
        to_ship: 0,
        in_transit: 0,
        completed: 0,
        canceled: 0,
      });
      const day = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
      const custom = await listOf(
        `period=custom&from=${day(new Date(Date.parse(old.createdAt)))}&to=${day(new Date(Date.parse(old.createdAt)))}`,
      );
      expect(custom.items.map((o) => o.id)).toContain(ids.old);
      expect(custom.items.map((o) => o.id)).not.toContain(ids.week);
      const bad = await merchant.get('/api/orders?period=custom&from=2026-02-01&to=2026-01-01');
      expect(bad.json()).toMatchObject({ code: 'INVALID_DATE_RANGE', field: 'to' });
    });

    it('exports exactly the selected orders as CSV and XLSX', async () => {
      const selected = await listOf('period=7d&limit=100');
      const csv = await merchant.get('/api/orders/export?format=csv&period=7d');
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(csv.headers['content-disposition']).toMatch(
        /attachment; filename="orders-\d{8}\.csv"/,
      );
      const lines = csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toMatch(/^Order number,Created/);
      // Every selected order, then the totals: sales apart from what awaits payment (§4a).
      expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([
        ...selected.items.map((o) => o.number),
        'Total sales',
        'Awaiting payment',
      ]);
      expect(csv.body).toContain('陈记海鲜 Tan Kee Seafood');

      const xlsx = await merchant.request(
        'GET',
        '/api/orders/export?format=xlsx&period=7d&tab=paid',
      );
      expect(xlsx.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const sheet = book.getWorksheet('Orders');
      const numbers: string[] = [];
      sheet?.eachRow((row, n) => {
        if (n > 1) numbers.push(String(row.getCell(1).value));
      });
      const paid = await listOf('period=7d&tab=paid');
      expect(numbers).toEqual([
        ...paid.items.map((o) => o.number),
        'Total sales',
        'Awaiting payment',
      ]);
      expect(sheet?.getRow(2).getCell(11).value).toBe(2); // 20 tenths: 2 kg, as a number

      const none = await merchant.get('/api/orders/export?format=csv&q=nothing-matches-this');
      expect(
        none.body
          .replace(/^\uFEFF/, '')
          .trim()
          .split('\r\n'),
      ).toEqual([
        expect.stringMatching(/^Order number,/),
        expect.stringMatching(/^Total sales,/),
        expect.stringMatching(/^Awaiting payment,/),
      ]);
    });

    it('exports in the merchant’s language, species by name and times as real dates', async () => {
      const selected = await listOf('period=7d&limit=100');
      const first = selected.items[0];
      if (!first) throw new Error('no order in the last 7 days');
      const csv = await merchant.get('/api/orders/export?format=csv&period=7d&lang=zh');
      const lines = csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toMatch(/^订单号,创建时间（吉隆坡）,状态,/);
      expect(lines[1]).toContain(SPECIES[first.item.species].zh);
      expect(lines[1]).not.toContain(`,${first.item.species},`);
      expect(lines.at(-2)).toMatch(/^销售总额,/);
      // CSV has no dates: Kuala Lumpur time as text, as before.
      expect(lines[1]?.split(',')[1]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);

      const xlsx = await merchant.request(
        'GET',
        '/api/orders/export?format=xlsx&period=7d&lang=my',
      );
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const sheet = book.getWorksheet('Orders');
      expect(sheet?.getRow(1).getCell(1).value).toBe('No. pesanan');
      const created = sheet?.getRow(2).getCell(2);
      // A date cell holding the Kuala Lumpur wall-clock time (UTC + 8 h), shown to the minute.
      expect(created?.value).toBeInstanceOf(Date);
      expect((created?.value as Date).getTime()).toBe(
        new Date(first.createdAt).getTime() + 8 * 3_600_000,
      );
      expect(created?.numFmt).toBe('yyyy-mm-dd hh:mm');
      expect(sheet?.getRow(2).getCell(7).value).toBe(SPECIES[first.item.species].my);

      const bad = await merchant.get('/api/orders/export?format=csv&lang=fr');
      expect(bad.statusCode).toBe(400);
    });
  });

  it('lists the buyer’s own orders and wallet', async () => {
    const res = await buyer(0).get('/api/buyer/orders');
    expect(res.statusCode).toBe(200);
    const items = (res.json() as { items: BuyerOrder[] }).items;
    expect(items.length).toBeGreaterThan(0);
    const wallet = (await buyer(0).get('/api/buyer/wallet')).json() as {
      balance: number;
      entries: { balanceAfter: number; amount: number }[];
    };
    expect(wallet.entries[0]?.balanceAfter).toBe(wallet.balance);
    const bad = await buyer(0).request(
      'POST',
      '/api/buyer/wallet/top-up',
      { amount: -5 },
      { 'idempotency-key': randomUUID() },
    );
    expect(bad.json()).toMatchObject({ code: 'INVALID_AMOUNT' });
  });
});
