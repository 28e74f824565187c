import {
  type NotificationItem,
  type NotificationListResponse,
  type NotificationSettings,
  notificationText,
  type OrderDetail,
  PAYMENT_WINDOW_MS,
} from '@sm/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount, startDemoMarket } from '../../../test/auctions.js';
import { type Client, DB_KINDS, type TestApp } from '../../../test/helpers.js';
import { wonOrders } from '../../../test/orders.js';
import { operatorCall } from '../../../test/wallet.js';
import { merchantEvents, notifications } from '../../db/schema.js';

/**
 * PRODUCT.md §4a: a buyer's default returns its kg to the lot, which the merchant can offer to the
 * next bidders only while the lot's bids are binding; so the merchant is told, and the notification
 * opens the lot. A merchant's own cancel is the merchant's doing and tells nobody.
 */
describe.each(DB_KINDS)('the order_defaulted notification on %s', (kind) => {
  let t: TestApp;
  let merchant: Client;
  let seq = 7_100 + (kind === 'postgres' ? 500 : 0);

  beforeAll(async () => {
    ({ t, merchant } = await startDemoMarket(kind));
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A new buyer with RM 0 and `creditLimit` sen of credit: it may bid, and cannot pay. */
  async function creditBuyer(creditLimit: number): Promise<Client> {
    const n = (seq += 1);
    const client = await registerAccount(t, 'buyer', n);
    const phone = `+6019${String(n).padStart(7, '0')}`;
    const res = await operatorCall(t, 'PUT', `/buyers/${encodeURIComponent(phone)}/credit-limit`, {
      amount: creditLimit,
    });
    expect(res.statusCode, res.body).toBe(200);
    return client;
  }

  /** An order of a buyer that cannot pay it: 10 kg at RM 20.00 of a lot named `name`. */
  async function unpayableOrder(name: string) {
    const poor = await creditBuyer(20_000);
    const [order] = await wonOrders(t, merchant, [{ buyer: poor, quantity: 100, price: 2000 }], {
      name,
    });
    if (!order) throw new Error('the bid won no order');
    return order;
  }

  /** Past the order's deadline, with the deadline job run (older tests' orders settle too). */
  async function pastDeadline() {
    t.clock.advance(PAYMENT_WINDOW_MS);
    await t.app.services.orders.settleOverdue();
  }

  async function orderDetail(id: string): Promise<OrderDetail> {
    const res = await merchant.get(`/api/orders/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<OrderDetail>();
  }

  async function listed(orderId: string): Promise<NotificationItem[]> {
    const res = await merchant.get('/api/notifications?limit=50');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<NotificationListResponse>().items.filter((n) => n.orderId === orderId);
  }

  /** What is stored, muted or not: a muted type hides rows from the list but keeps them. */
  const stored = (orderId: string) =>
    t.database.db.select().from(notifications).where(eq(notifications.orderId, orderId));
  const eventsOf = async (orderId: string) =>
    (
      await t.database.db
        .select({ type: merchantEvents.type })
        .from(merchantEvents)
        .where(eq(merchantEvents.orderId, orderId))
    ).map((e) => e.type);

  const setType = async (on: boolean) => {
    const res = await merchant.request('PUT', '/api/notifications/settings', {
      types: { order_defaulted: on },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<NotificationSettings>().types.order_defaulted).toBe(on);
  };

  it('is on by default in the merchant’s settings', async () => {
    const res = await merchant.get('/api/notifications/settings');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<NotificationSettings>().types).toMatchObject({ order_defaulted: true });
  });

  it('a default tells the lot’s merchant once: order number, lot name, the kg back on the lot; it opens the lot', async () => {
    const order = await unpayableOrder('Pomfret');
    await pastDeadline();
    const at = t.clock.now().toISOString();
    expect(await orderDetail(order.id)).toMatchObject({
      status: 'canceled',
      cancelReason: 'default',
    });

    const items = await listed(order.id);
    expect(items).toEqual([
      {
        id: expect.stringMatching(/^\d+$/),
        type: 'order_defaulted',
        lotId: order.lotId,
        orderId: order.id,
        data: { orderNumber: order.number, lotName: 'Pomfret', quantity: 100 },
        target: `/pages/lot-detail/lot-detail?id=${order.lotId}`,
        read: false,
        createdAt: at,
      },
    ]);
    const [item] = items as [NotificationItem];
    expect(notificationText(item.type, item.data)).toEqual({
      key: 'order_defaulted',
      vars: { orderNumber: order.number, lotName: 'Pomfret', quantity: '10' },
    });
    // The live event is the default's own, not a cancel's.
    expect(await eventsOf(order.id)).toEqual(['order_defaulted']);

    // The job run again changes nothing: one default, one notification.
    await t.app.services.orders.settleOverdue();
    expect(await stored(order.id)).toHaveLength(1);

    // Another merchant hears nothing of it.
    const other = await registerAccount(t, 'merchant', (seq += 1));
    const theirs = (
      await other.get('/api/notifications?limit=50')
    ).json<NotificationListResponse>();
    expect(theirs.items.filter((n) => n.orderId === order.id)).toEqual([]);
  });

  it('switched off, a default is not written at all (and stays away when switched on again)', async () => {
    await setType(false);
    const order = await unpayableOrder('Squid');
    await pastDeadline();
    expect(await orderDetail(order.id)).toMatchObject({ cancelReason: 'default' });
    // The merchant's streams still hear of it; only the notification is not written.
    expect(await eventsOf(order.id)).toEqual(['order_defaulted']);
    expect(await stored(order.id)).toEqual([]);

    await setType(true);
    expect(await listed(order.id)).toEqual([]);
  });

  it('a merchant’s own cancel of an unpaid order writes none', async () => {
    const order = await unpayableOrder('Grouper');
    const res = await merchant.post(`/api/orders/${order.id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<OrderDetail>()).toMatchObject({
      status: 'canceled',
      cancelReason: 'merchant',
    });
    expect(await eventsOf(order.id)).toEqual(['order_canceled']);
    expect(await stored(order.id)).toEqual([]);

    // Nor does its deadline passing later: the order is no longer unpaid.
    await pastDeadline();
    expect(await stored(order.id)).toEqual([]);
    expect(await eventsOf(order.id)).toEqual(['order_canceled']);
  });
});
