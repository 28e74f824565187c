import {
  amountOf,
  type BusinessRecords,
  type BuyerOrder,
  type OrderDetail,
  RECORD_DEFAULT_PERIODS,
  senToInput,
  tenthsToInput,
} from '@sm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotInput, publish, registerAccount, startDemoMarket } from '../../../test/auctions.js';
import { type Client, DB_KINDS, type TestApp } from '../../../test/helpers.js';
import { payOrder } from '../../../test/orders.js';

/** A Kuala Lumpur wall-clock time (UTC+8) as the moment it is. */
const kl = (local: string) => new Date(`${local}+08:00`);

describe.each(DB_KINDS)('business records on %s', (kind) => {
  let t: TestApp;
  let merchant: Client;
  let buyers: Client[];
  const accountSeq = 7_000 + (kind === 'postgres' ? 500 : 0);
  const buyer = (i: number) => buyers[i] as Client;

  /** Publishes one lot at the clock's time and bids on it: `quantity` tenths at `price` sen. */
  async function biddenLot(by: Client, quantity: number, price: number): Promise<string> {
    const auction = await publish(merchant, [await lotInput(merchant, t)]);
    const lotId = auction.lotIds[0] as string;
    const bid = await by.post(`/api/buyer/lots/${lotId}/bids`, { quantity, price });
    expect(bid.statusCode, bid.body).toBe(200);
    return lotId;
  }

  /** Ends every due lot at `at`: their orders are created at that moment. */
  async function closeAt(at: Date) {
    t.clock.set(at);
    await t.app.services.auctions.closeDueLots();
  }

  async function orderOf(by: Client, lotId: string): Promise<OrderDetail> {
    const mine = (await by.get('/api/buyer/orders')).json() as { items: BuyerOrder[] };
    const order = mine.items.find((o) => o.lotId === lotId);
    if (!order) throw new Error('the bid won no order');
    const res = await merchant.get(`/api/orders/${order.id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as OrderDetail;
  }

  const move = async (id: string, status: string) => {
    const res = await merchant.post(`/api/orders/${id}/status`, { status });
    expect(res.statusCode, res.body).toBe(200);
  };
  const pay = async (by: Client, id: string) => {
    const res = await payOrder(by, id);
    expect(res.statusCode, res.body).toBe(200);
  };

  async function records(query: string, client = merchant): Promise<BusinessRecords> {
    const res = await client.get(`/api/business-records?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as BusinessRecords;
  }

  /** A sold order's fee; a canceled one has none and is no sale. */
  const feeOf = (o: OrderDetail) => {
    if (o.fee === null) throw new Error(`order ${o.number} has no fee`);
    return o.fee;
  };
  const sums = (orders: OrderDetail[]) => ({
    orders: orders.length,
    quantity: orders.reduce((n, o) => n + o.item.quantity, 0),
    gross: orders.reduce((n, o) => n + o.subtotal, 0),
    fees: orders.reduce((n, o) => n + feeOf(o), 0),
    net: orders.reduce((n, o) => n + o.subtotal - feeOf(o), 0),
  });
  const ZERO = { orders: 0, quantity: 0, gross: 0, fees: 0, net: 0 };

  /** The orders made in beforeAll, by name. */
  const o = {} as Record<
    'sunday' | 'monday' | 'refunded' | 'canceled' | 'unpaid' | 'february',
    OrderDetail
  >;

  beforeAll(async () => {
    ({ t, merchant, buyers } = await startDemoMarket(kind));
    // Sunday 18 January 2026, 23:44 in Kuala Lumpur: two lots, ending at 23:59 and, two minutes
    // later, 00:01 on Monday 19 January (also a new ISO week).
    t.clock.set(kl('2026-01-18T23:44:00'));
    const late = await biddenLot(buyer(0), 125, 2010);
    t.clock.set(kl('2026-01-18T23:46:00'));
    const early = await biddenLot(buyer(1), 100, 2500);
    await closeAt(kl('2026-01-18T23:59:00'));
    o.sunday = await orderOf(buyer(0), late);
    await pay(buyer(0), o.sunday.id);
    await closeAt(kl('2026-01-19T00:01:00'));
    o.monday = await orderOf(buyer(1), early);
    await pay(buyer(1), o.monday.id);
    for (const status of ['ready_for_pickup', 'in_transit', 'completed']) {
      await move(o.monday.id, status);
    }

    // Monday 10:00: three orders that are not sales: refunded, canceled unpaid, and unpaid.
    t.clock.set(kl('2026-01-19T09:45:00'));
    const lots = [
      await biddenLot(buyer(2), 50, 3000),
      await biddenLot(buyer(0), 40, 2000),
      await biddenLot(buyer(1), 30, 2000),
    ];
    await closeAt(kl('2026-01-19T10:00:00'));
    o.refunded = await orderOf(buyer(2), lots[0] as string);
    await pay(buyer(2), o.refunded.id);
    expect((await merchant.post(`/api/orders/${o.refunded.id}/cancel`)).statusCode).toBe(200);
    o.canceled = await orderOf(buyer(0), lots[1] as string);
    expect((await merchant.post(`/api/orders/${o.canceled.id}/cancel`)).statusCode).toBe(200);
    o.unpaid = await orderOf(buyer(1), lots[2] as string);

    // Sunday 1 February 00:30: a new month, still the week that began on Monday 26 January.
    t.clock.set(kl('2026-02-01T00:15:00'));
    const february = await biddenLot(buyer(2), 333, 2230);
    await closeAt(kl('2026-02-01T00:30:00'));
    o.february = await orderOf(buyer(2), february);
    await pay(buyer(2), o.february.id);
    await move(o.february.id, 'ready_for_pickup');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('made the orders the tests expect, at exact amounts', () => {
    expect(o.sunday.subtotal).toBe(amountOf(125, 2010));
    expect(o.sunday.createdAt).toBe('2026-01-18T15:59:00.000Z');
    expect(o.monday.createdAt).toBe('2026-01-18T16:01:00.000Z');
    expect(o.sunday.feeBps).toBe(500);
  });

  it('puts 23:59 and 00:01 Kuala Lumpur time on different days and leaves out unpaid and canceled orders', async () => {
    const res = await records('period=day&from=2026-01-17&to=2026-01-20');
    const { sunday, monday } = o;
    expect(res).toEqual({
      period: 'day',
      from: '2026-01-17',
      to: '2026-01-20',
      rows: [
        { from: '2026-01-17', to: '2026-01-17', ...ZERO },
        { from: '2026-01-18', to: '2026-01-18', ...sums([sunday]) },
        { from: '2026-01-19', to: '2026-01-19', ...sums([monday]) },
        { from: '2026-01-20', to: '2026-01-20', ...ZERO },
      ],
      totals: sums([sunday, monday]),
      // PRODUCT.md §4a: what awaits payment is shown apart, never in the sales.
      awaitingPayment: o.unpaid.subtotal,
    });
    // Exact sums: 12.5 kg at RM 20.10 is RM 251.25, and its 5 % fee RM 12.56 (half-up).
    expect(res.rows[1]).toMatchObject({ quantity: 125, gross: 25125, fees: 1256, net: 23869 });
  });

  it('starts weeks on Monday and widens the range to whole weeks', async () => {
    const res = await records('period=week&from=2026-01-14&to=2026-02-01');
    const { sunday, monday, february } = o;
    expect(res.from).toBe('2026-01-12');
    expect(res.to).toBe('2026-02-01');
    expect(res.rows).toEqual([
      { from: '2026-01-12', to: '2026-01-18', ...sums([sunday]) },
      { from: '2026-01-19', to: '2026-01-25', ...sums([monday]) },
      { from: '2026-01-26', to: '2026-02-01', ...sums([february]) },
    ]);
    expect(res.totals).toEqual(sums([sunday, monday, february]));
  });

  it('groups by calendar month', async () => {
    const res = await records('period=month&from=2025-12-15&to=2026-02-10');
    const { sunday, monday, february } = o;
    expect(res.rows).toEqual([
      { from: '2025-12-01', to: '2025-12-31', ...ZERO },
      { from: '2026-01-01', to: '2026-01-31', ...sums([sunday, monday]) },
      { from: '2026-02-01', to: '2026-02-28', ...sums([february]) },
    ]);
  });

  it('shows the last 30 days, 12 weeks or 12 months up to today when no range is given', async () => {
    // The clock is on Sunday 1 February 2026 in Kuala Lumpur.
    const day = await records('');
    expect(day.period).toBe('day');
    expect(day.rows).toHaveLength(RECORD_DEFAULT_PERIODS.day);
    expect([day.from, day.to]).toEqual(['2026-01-03', '2026-02-01']);
    const week = await records('period=week');
    expect(week.rows).toHaveLength(12);
    expect([week.from, week.to]).toEqual(['2025-11-10', '2026-02-01']);
    const month = await records('period=month');
    expect(month.rows).toHaveLength(12);
    expect([month.from, month.to]).toEqual(['2025-03-01', '2026-02-28']);
    for (const r of [day, week, month]) {
      expect(r.totals).toEqual(sums([o.sunday, o.monday, o.february]));
    }
  });

  it("never counts another merchant's orders", async () => {
    const stranger = await registerAccount(t, 'merchant', accountSeq);
    const res = await records('period=month&from=2026-01-01&to=2026-02-28', stranger);
    expect(res.totals).toEqual(ZERO);
    expect(res.rows.every((r) => r.orders === 0)).toBe(true);
  });

  it('exports the same rows as a UTF-8 CSV with a byte-order mark and English headers', async () => {
    const res = await merchant.get(
      '/api/business-records/export?period=day&from=2026-01-18&to=2026-01-20',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="business-records-day-2026-01-18-2026-01-20.csv"',
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const line = (x: OrderDetail) =>
      [
        tenthsToInput(x.item.quantity),
        senToInput(x.subtotal),
        senToInput(feeOf(x)),
        senToInput(x.subtotal - feeOf(x)),
      ].join(',');
    expect(res.body.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'Period start,Period end,Orders,Kg sold,Gross sales (RM),Service fees (RM),Net (RM)',
      `2026-01-18,2026-01-18,1,${line(o.sunday)}`,
      `2026-01-19,2026-01-19,1,${line(o.monday)}`,
      '2026-01-20,2026-01-20,0,0,0.00,0.00,0.00',
      '',
    ]);
    expect(res.body).toContain('2026-01-18,2026-01-18,1,12.5,251.25,12.56,238.69');
  });

  it('refuses bad parameters with coded 400s, on the records and the export alike', async () => {
    const cases: [string, string][] = [
      ['period=year', 'BAD_REQUEST'],
      ['from=2026-02-30&to=2026-03-01', 'INVALID_DATE'],
      ['from=2026-1-5&to=2026-01-10', 'INVALID_DATE'],
      ['from=1999-12-31&to=2000-01-10', 'INVALID_DATE'],
      ['from=2026-01-05', 'INVALID_DATE'],
      ['to=2026-01-05', 'INVALID_DATE'],
      ['from=2026-01-10&to=2026-01-09', 'INVALID_DATE_RANGE'],
      ['period=day&from=2025-01-01&to=2026-01-02', 'RECORDS_RANGE_TOO_LONG'],
      ['period=week&from=2024-01-01&to=2026-01-01', 'RECORDS_RANGE_TOO_LONG'],
      ['period=month&from=2021-01-01&to=2026-01-01', 'RECORDS_RANGE_TOO_LONG'],
    ];
    for (const [query, code] of cases) {
      for (const path of ['/api/business-records', '/api/business-records/export']) {
        const res = await merchant.get(`${path}?${query}`);
        expect(res.statusCode, `${path}?${query}`).toBe(400);
        expect(res.json(), `${path}?${query}`).toMatchObject({ code });
      }
    }
    // The longest ranges allowed: 366 days, 104 weeks, 60 months.
    expect((await records('period=day&from=2025-01-01&to=2026-01-01')).rows).toHaveLength(366);
    expect((await records('period=week&from=2024-01-08&to=2026-01-04')).rows).toHaveLength(104);
    expect((await records('period=month&from=2021-02-01&to=2026-01-31')).rows).toHaveLength(60);
  });

  it('needs a merchant session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/business-records' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'NOT_LOGGED_IN' });
  });
});
