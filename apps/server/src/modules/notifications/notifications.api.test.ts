import {
  amountOf,
  LOT_DURATION_MS,
  type NotificationItem,
  type NotificationListResponse,
  type NotificationSettings,
  notificationText,
} from '@sm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotInput, publish, registerAccount, startDemoMarket } from '../../../test/auctions.js';
import { type Client, DB_KINDS, type TestApp } from '../../../test/helpers.js';
import { payOrder } from '../../../test/orders.js';
import { merchantWithMoney, operatorCall, withdraw } from '../../../test/wallet.js';
import { notifications } from '../../db/schema.js';
import { purgeNotifications } from './notifications.repo.js';

async function listOf(client: Client, query = ''): Promise<NotificationListResponse> {
  const res = await client.get(`/api/notifications${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<NotificationListResponse>();
}

async function unreadOf(client: Client): Promise<number> {
  const res = await client.get('/api/notifications/unread');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ count: number }>().count;
}

const newest = async (client: Client): Promise<NotificationItem> => {
  const [item] = (await listOf(client, '?limit=1')).items;
  if (!item) throw new Error('no notification');
  return item;
};

describe.each(DB_KINDS)('notifications on %s', (kind) => {
  let t: TestApp;
  let merchant: Client;
  let buyers: Client[];
  const buyer = (i: number) => buyers[i] as Client;

  beforeAll(async () => {
    ({ t, merchant, buyers } = await startDemoMarket(kind));
  });
  afterAll(async () => {
    await t?.close();
  });

  let lotId = '';

  it('a bid on the merchant’s lot tells the merchant: lot, price and quantity', async () => {
    expect(await unreadOf(merchant)).toBe(0);
    const auction = await publish(merchant, [
      await lotInput(merchant, t, { name: 'Morning pomfret', buyoutPrice: 3500 }),
    ]);
    lotId = auction.lotIds[0] as string;
    const bid = await buyer(0).post(`/api/buyer/lots/${lotId}/bids`, { quantity: 50, price: 2100 });
    expect(bid.statusCode, bid.body).toBe(200);

    const item = await newest(merchant);
    expect(item).toEqual({
      id: expect.stringMatching(/^\d+$/),
      type: 'new_bid',
      lotId,
      orderId: null,
      data: { lotName: 'Morning pomfret', price: 2100, quantity: 50 },
      target: `/pages/lot-detail/lot-detail?id=${lotId}`,
      read: false,
      createdAt: t.clock.now().toISOString(),
    });
    expect(notificationText(item.type, item.data)).toEqual({
      key: 'new_bid',
      vars: { lotName: 'Morning pomfret', price: 'RM 21.00', quantity: '5' },
    });
    expect(await unreadOf(merchant)).toBe(1);

    // A raise is a new bid: the merchant hears of it with the new figures.
    await buyer(0).post(`/api/buyer/lots/${lotId}/bids`, { quantity: 80, price: 2100 });
    expect((await newest(merchant)).data).toMatchObject({ price: 2100, quantity: 80 });
    expect(await unreadOf(merchant)).toBe(2);
  });

  it('the lot’s end, a buyout and a paid order tell the merchant', async () => {
    t.clock.advance(LOT_DURATION_MS);
    await t.app.services.auctions.closeDueLots();
    const ended = await newest(merchant);
    expect(ended).toMatchObject({
      type: 'lot_ended',
      lotId,
      data: {
        lotName: 'Morning pomfret',
        endReason: 'time',
        quantity: 1000,
        awardedQuantity: 80,
        awardedAmount: amountOf(80, 2100),
      },
      target: `/pages/lot-detail/lot-detail?id=${lotId}`,
    });
    expect(notificationText(ended.type, ended.data).key).toBe('lot_sold');

    const orders = (await buyer(0).get('/api/buyer/orders')).json<{
      items: { id: string; lotId: string; number: string }[];
    }>();
    const order = orders.items.find((o) => o.lotId === lotId);
    if (!order) throw new Error('no order');
    expect((await payOrder(buyer(0), order.id)).statusCode).toBe(200);
    expect(await newest(merchant)).toMatchObject({
      type: 'order_paid',
      lotId,
      orderId: order.id,
      data: { orderNumber: order.number, amount: amountOf(80, 2100), lotName: 'Morning pomfret' },
      target: `/pages/orders/order-detail?id=${order.id}`,
    });

    const second = await publish(merchant, [
      await lotInput(merchant, t, { name: 'Red snapper', quantity: 300, buyoutPrice: 3500 }),
    ]);
    const boughtOut = second.lotIds[0] as string;
    const res = await buyer(1).post(`/api/buyer/lots/${boughtOut}/buyout`);
    expect(res.statusCode, res.body).toBe(200);
    const item = await newest(merchant);
    expect(item).toMatchObject({
      type: 'lot_ended',
      lotId: boughtOut,
      data: { endReason: 'buyout', awardedQuantity: 300, awardedAmount: amountOf(300, 3500) },
    });
    expect(notificationText(item.type, item.data)).toMatchObject({
      key: 'lot_bought_out',
      vars: { lotName: 'Red snapper', quantity: '30', amount: 'RM 1,050.00' },
    });
  });

  it('a lot that ends without bids says so', async () => {
    const auction = await publish(merchant, [await lotInput(merchant, t, { name: 'Squid' })]);
    t.clock.advance(LOT_DURATION_MS);
    await t.app.services.auctions.closeDueLots();
    const item = await newest(merchant);
    expect(item).toMatchObject({ type: 'lot_ended', lotId: auction.lotIds[0] });
    expect(notificationText(item.type, item.data).key).toBe('lot_unsold');
  });

  it('the operator’s reviews tell the merchant: bank account, withdrawal, business', async () => {
    const { client, id } = await merchantWithMoney(t, 4_300, 50_000);
    expect(await newest(client)).toMatchObject({
      type: 'bank_account_reviewed',
      data: { status: 'verified', reason: null },
      target: '/pages/profile/bank-account',
    });

    const requested = await withdraw(client, 12_345);
    expect(requested.statusCode, requested.body).toBe(200);
    const withdrawalId = requested.json<{ id: string }>().id;
    const rejected = await operatorCall(t, 'POST', `/withdrawals/${withdrawalId}/reject`, {
      reason: 'Name does not match',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const item = await newest(client);
    expect(item).toMatchObject({
      type: 'withdrawal_reviewed',
      data: { amount: 12_345, status: 'rejected', reason: 'Name does not match' },
      target: '/pages/profile/wallet',
    });
    expect(notificationText(item.type, item.data)).toEqual({
      key: 'withdrawal_rejected',
      vars: { amount: 'RM 123.45', reason: 'Name does not match' },
    });

    // The 24-hour rule counts the rejected request too.
    t.clock.advance(24 * 60 * 60_000);
    const again = await withdraw(client, 5_000);
    expect(again.statusCode, again.body).toBe(200);
    await operatorCall(t, 'POST', `/withdrawals/${again.json<{ id: string }>().id}/approve`);
    expect((await newest(client)).data).toEqual({
      amount: 5_000,
      status: 'completed',
      reason: null,
    });

    const business = await operatorCall(t, 'POST', `/merchants/${id}/business/reject`, {
      reason: 'SSM certificate unreadable',
    });
    expect(business.statusCode, business.body).toBe(200);
    expect(await newest(client)).toMatchObject({
      type: 'business_reviewed',
      data: { status: 'rejected', reason: 'SSM certificate unreadable' },
      target: '/pages/profile/store',
    });
    await operatorCall(t, 'POST', `/merchants/${id}/business/verify`);
    const verified = await newest(client);
    expect(notificationText(verified.type, verified.data).key).toBe('business_verified');

    // None of this reached the demo merchant's list.
    const demo = await listOf(merchant, '?limit=50');
    expect(demo.items.map((n) => n.type)).not.toContain('withdrawal_reviewed');
  });

  it('marks read by id, up to an id, or all; never another merchant’s', async () => {
    const other = await registerAccount(t, 'merchant', 4_301);
    const mine = (await listOf(merchant, '?limit=50')).items;
    expect(mine.length).toBeGreaterThanOrEqual(6);
    const unread = await unreadOf(merchant);
    expect(unread).toBe(mine.length);

    // Another merchant sees none of them, and marking them read does nothing.
    expect((await listOf(other)).items).toEqual([]);
    const theirs = await other.post('/api/notifications/read', { ids: mine.map((n) => n.id) });
    expect(theirs.json()).toEqual({ count: 0 });
    const allTheirs = await other.post('/api/notifications/read', {});
    expect(allTheirs.statusCode).toBe(200);
    expect(await unreadOf(merchant)).toBe(unread);

    const [first, second, third] = mine as [NotificationItem, NotificationItem, NotificationItem];
    const one = await merchant.post('/api/notifications/read', { ids: [second.id] });
    expect(one.json()).toEqual({ count: unread - 1 });
    const list = (await listOf(merchant, '?limit=50')).items;
    expect(list.find((n) => n.id === second.id)?.read).toBe(true);
    expect(list.find((n) => n.id === first.id)?.read).toBe(false);

    const upTo = await merchant.post('/api/notifications/read', { upTo: third.id });
    expect(upTo.json()).toEqual({ count: 1 });
    expect((await newest(merchant)).read).toBe(false);
    const all = await merchant.post('/api/notifications/read', {});
    expect(all.json()).toEqual({ count: 0 });

    for (const body of [{ ids: [] }, { ids: ['x'] }, { upTo: '-1' }, { ids: 'all' }]) {
      const bad = await merchant.post('/api/notifications/read', body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('a type switched off is neither written nor shown; switched on, its earlier history shows', async () => {
    const settings = async (client: Client) =>
      (await client.get('/api/notifications/settings')).json<NotificationSettings>();
    expect((await settings(merchant)).types).toEqual({
      new_bid: true,
      lot_ended: true,
      order_paid: true,
      order_defaulted: true,
      payout_completed: true,
      withdrawal_reviewed: true,
      bank_account_reviewed: true,
      business_reviewed: true,
      sign_in_locked: true,
      print_failed: true,
    });
    const before = (await listOf(merchant, '?limit=50')).items;
    const bidsBefore = before.filter((n) => n.type === 'new_bid').length;
    expect(bidsBefore).toBe(2);

    const auction = await publish(merchant, [await lotInput(merchant, t, { name: 'Grouper' })]);
    const grouper = auction.lotIds[0] as string;
    await buyer(1).post(`/api/buyer/lots/${grouper}/bids`, { quantity: 10, price: 2000 });
    expect(await unreadOf(merchant)).toBe(1);

    const off = await merchant.request('PUT', '/api/notifications/settings', {
      types: { new_bid: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<NotificationSettings>().types).toMatchObject({
      new_bid: false,
      lot_ended: true,
    });
    // Hidden at once, the unread one too.
    expect(await unreadOf(merchant)).toBe(0);
    const muted = (await listOf(merchant, '?limit=50')).items;
    expect(muted.some((n) => n.type === 'new_bid')).toBe(false);

    // Bids while it is off are not written at all.
    await buyer(2).post(`/api/buyer/lots/${grouper}/bids`, { quantity: 10, price: 2100 });
    expect(await unreadOf(merchant)).toBe(0);

    // Other types still come.
    t.clock.advance(LOT_DURATION_MS);
    await t.app.services.auctions.closeDueLots();
    expect(await newest(merchant)).toMatchObject({ type: 'lot_ended', lotId: grouper });

    const on = await merchant.request('PUT', '/api/notifications/settings', {
      types: { new_bid: true },
    });
    expect(on.json<NotificationSettings>().types.new_bid).toBe(true);
    const after = (await listOf(merchant, '?limit=50')).items.filter((n) => n.type === 'new_bid');
    // The three from before the switch came back as they were; the one during it never existed.
    expect(after).toHaveLength(bidsBefore + 1);
    expect(after.filter((n) => !n.read)).toHaveLength(1);

    for (const types of [{ new_bid: 'off' }, { praise: false }]) {
      const bad = await merchant.request('PUT', '/api/notifications/settings', { types });
      expect(bad.statusCode, JSON.stringify(types)).toBe(400);
    }
  });

  it('pages newest first by id; a bad cursor is refused', async () => {
    const all = (await listOf(merchant, '?limit=50')).items;
    const ids = all.map((n) => Number(n.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page: NotificationListResponse = await listOf(
        merchant,
        `?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.items.length).toBeLessThanOrEqual(3);
      paged.push(...page.items.map((n) => n.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged).toEqual(all.map((n) => n.id));
    expect((await merchant.get('/api/notifications?cursor=abc')).statusCode).toBe(400);
    expect((await merchant.get('/api/notifications?limit=51')).statusCode).toBe(400);
  });

  it('is for signed-in merchants only', async () => {
    for (const url of ['/api/notifications', '/api/notifications/unread']) {
      const anonymous = await t.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode).toBe(401);
      expect((await buyer(0).get(url)).statusCode).toBe(401);
    }
  });

  it('drops notifications older than 90 days', async () => {
    const stored = async () => (await t.database.db.select().from(notifications)).length;
    const count = await stored();
    expect(count).toBeGreaterThan(10);
    expect(await purgeNotifications(t.database.db, t.clock.now())).toBe(0);
    t.clock.advance(91 * 24 * 60 * 60_000);
    expect(await purgeNotifications(t.database.db, t.clock.now())).toBe(count);
    expect(await stored()).toBe(0);
  });
});
