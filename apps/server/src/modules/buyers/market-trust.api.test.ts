import {
  amountOf,
  type AuditEntry,
  type BuyerOrder,
  type Dashboard,
  formatMalaysianMobile,
  type LotDetail,
  LOT_DURATION_MS,
  maskMalaysianMobile,
  NO_RECORD,
  OFFER_WINDOW_MS,
  type OfferResponse,
  type OrderDetail,
  PAYMENT_WINDOW_MS,
  type RelistResponse,
  type WalletEntry,
} from '@sm/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { klDate } from '../../lib/kl-time.js';
import { setBusinessStatus } from '../store/store.repo.js';
import { DEMO_PASSWORD, lotInput, publish, startDemoMarket } from '../../../test/auctions.js';
import { Client, DB_KINDS, registerBySms, type TestApp } from '../../../test/helpers.js';
import {
  bidOn,
  type Buyer,
  buyOut,
  coverOf,
  creditBuyer,
  newBuyer,
  operatorBuyer,
  setCreditLimit,
  verifiedMerchant,
} from '../../../test/market.js';
import { payOrder } from '../../../test/orders.js';
import { brokenInvariants, type Query } from '../../../test/reliability/invariants.js';
import { operatorCall } from '../../../test/wallet.js';

/**
 * PRODUCT.md §4a, trust in the market, through the real app on a real database: bids covered by
 * the buyer's wallet and credit limit, suspensions, no self-dealing, the payment deadline's charge
 * or default, returned kg offered to the next bidders or relisted, and the figures that count
 * sales (Home, Business records, export) agreeing with each other.
 */
describe.each(DB_KINDS)('market trust on %s', (kind) => {
  let t: TestApp;
  let merchant: Client;
  let merchantId: string;
  let demoBuyers: Client[];
  /** A second verified merchant, for cover across merchants and for self-dealing. */
  let other: Awaited<ReturnType<typeof verifiedMerchant>>;
  let seq = 100 + (kind === 'postgres' ? 5_000 : 0);

  beforeAll(async () => {
    ({ t, merchant, buyers: demoBuyers } = await startDemoMarket(kind));
    merchantId = ((await merchant.get('/api/me')).json() as { id: string }).id;
    other = await verifiedMerchant(t, (seq += 1));
  });
  afterAll(async () => {
    await t?.close();
  });

  const demoBuyer = (i: number) => demoBuyers[i] as Client;
  const buyer = (opts?: { balance?: number; creditLimit?: number }) =>
    newBuyer(t, (seq += 1), opts);

  /** One auction of `n` lots of `by`, with overrides; its lot ids. */
  async function lots(by: Client, n: number, overrides: Parameters<typeof lotInput>[2] = {}) {
    const input = await lotInput(by, t, overrides);
    return (
      await publish(
        by,
        Array.from({ length: n }, () => input),
      )
    ).lotIds;
  }
  const lot = async (by: Client, overrides: Parameters<typeof lotInput>[2] = {}) =>
    (await lots(by, 1, overrides))[0] as string;

  /** Ends every live lot; every test ends its lots, so no bid stands into the next test. */
  const endAll = async () => {
    t.clock.advance(LOT_DURATION_MS);
    await t.app.services.auctions.closeDueLots();
  };
  const settle = () => t.app.services.orders.settleOverdue();
  /** Settles every order made so far (older tests' too), so a test counts only its own. */
  const settleEverything = async () => {
    t.clock.advance(PAYMENT_WINDOW_MS);
    await settle();
  };

  async function lotDetail(lotId: string, by = merchant): Promise<LotDetail> {
    const res = await by.get(`/api/lots/${lotId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as LotDetail;
  }
  async function award(lotId: string, by = merchant) {
    const a = (await lotDetail(lotId, by)).award;
    if (!a) throw new Error(`lot ${lotId} has no award`);
    return a;
  }
  async function orderDetail(id: string, by = merchant): Promise<OrderDetail> {
    const res = await by.get(`/api/orders/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as OrderDetail;
  }
  async function ordersOf(b: Client, lotId: string): Promise<BuyerOrder[]> {
    const res = await b.get('/api/buyer/orders');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: BuyerOrder[] }).items.filter((o) => o.lotId === lotId);
  }
  async function orderOf(b: Client, lotId: string): Promise<BuyerOrder> {
    const [order, more] = await ordersOf(b, lotId);
    if (!order || more) throw new Error(`expected one order of lot ${lotId}`);
    return order;
  }
  async function walletEntries(b: Client) {
    return (
      (await b.get('/api/buyer/wallet')).json() as { balance: number; entries: WalletEntry[] }
    ).entries;
  }
  async function auditOf(targetId: string): Promise<AuditEntry[]> {
    const res = await operatorCall(t, 'GET', '/audit?limit=200');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: AuditEntry[] }).items.filter(
      (a) => a.targetId === targetId && a.targetType === 'buyer',
    );
  }
  const refusal = (res: { statusCode: number; json: () => unknown }) => ({
    status: res.statusCode,
    ...(res.json() as { code: string; shortfall?: number }),
  });
  const ok = (res: { statusCode: number; body: string }) => {
    expect(res.statusCode, res.body).toBe(200);
  };
  const masked = (b: Buyer) => maskMalaysianMobile(b.phone);

  describe('cover', () => {
    it('holds every standing bid against the cover, across lots and merchants, winning or not', async () => {
      const [a1, a2] = (await lots(merchant, 2)) as [string, string];
      const b1 = await lot(other.client);
      const poor = await buyer();

      // RM 0: not even 1 kg at RM 20.00, and the answer says what is missing.
      const none = await bidOn(poor.client, a1, 10, 2000);
      expect(refusal(none)).toMatchObject({
        status: 409,
        code: 'INSUFFICIENT_BALANCE',
        shortfall: 2000,
      });
      expect(none.json().message).toContain('RM 20.00');
      expect((await poor.client.get('/api/buyer/bids')).json().items).toEqual([]);

      // RM 100: RM 40 on one merchant's lot and RM 60 on another's use it all, exactly.
      await creditBuyer(t, poor.id, 10_000);
      ok(await bidOn(poor.client, a1, 20, 2000));
      ok(await bidOn(poor.client, b1, 30, 2000));
      expect(await coverOf(poor.client)).toEqual({
        balance: 10_000,
        creditLimit: 0,
        exposure: 10_000,
        available: 0,
      });
      expect(refusal(await bidOn(poor.client, a2, 1, 2000))).toMatchObject({
        status: 409,
        code: 'INSUFFICIENT_BALANCE',
        shortfall: 200,
      });

      // Outbid for the whole lot, the bid wins nothing now, yet stays binding: still held.
      ok(await bidOn(demoBuyer(0), a1, 1000, 3000));
      const mine = (await poor.client.get(`/api/buyer/lots/${a1}`)).json();
      expect(mine.myBid).toMatchObject({ quantity: 20, price: 2000, winningQuantity: 0 });
      expect((await coverOf(poor.client)).exposure).toBe(10_000);
      expect(refusal(await bidOn(poor.client, a2, 1, 2000))).toMatchObject({ shortfall: 200 });

      // At the end the losing bid is released; the winning one is an order awaiting payment.
      await endAll();
      expect(await orderOf(poor.client, b1)).toMatchObject({ subtotal: 6000 });
      expect(await ordersOf(poor.client, a1)).toEqual([]);
      expect(await coverOf(poor.client)).toEqual({
        balance: 10_000,
        creditLimit: 0,
        exposure: 6000,
        available: 4000,
      });
    });

    it('checks a raise for what it adds to the bid it replaces', async () => {
      const lotId = await lot(merchant);
      const b = await buyer({ balance: 10_000 });
      ok(await bidOn(b.client, lotId, 40, 2000)); // RM 80
      // RM 100 in place of RM 80: fits RM 100, though RM 80 + RM 100 would not.
      ok(await bidOn(b.client, lotId, 50, 2000));
      expect((await coverOf(b.client)).exposure).toBe(10_000);
      expect(refusal(await bidOn(b.client, lotId, 50, 2010))).toMatchObject({
        status: 409,
        code: 'INSUFFICIENT_BALANCE',
        shortfall: 50,
      });
      // A bid that lowers is refused as such, whatever the cover.
      expect(refusal(await bidOn(b.client, lotId, 40, 2000)).code).toBe('BID_NOT_RAISED');
      const shown = (await b.client.get(`/api/buyer/lots/${lotId}`)).json();
      expect(shown.myBid).toMatchObject({ quantity: 50, price: 2000, amount: 10_000 });
      await endAll();
    });

    it('covers a buyout at the whole lot’s buyout amount, less the buyer’s own bid it replaces', async () => {
      // 10 kg, buyout RM 30.00/kg: RM 300.
      const [l1, l2] = (await lots(merchant, 2, {
        quantity: 100,
        startPrice: 2000,
        buyoutPrice: 3000,
      })) as [string, string];
      const short = await buyer({ balance: 29_990 });
      expect(refusal(await buyOut(short.client, l1))).toMatchObject({
        status: 409,
        code: 'INSUFFICIENT_BALANCE',
        shortfall: 10,
      });

      const b = await buyer({ balance: 30_000 });
      ok(await bidOn(b.client, l1, 50, 2000)); // RM 100 held
      // RM 300 in place of its RM 100 bid: exactly RM 300, accepted.
      const res = await buyOut(b.client, l1);
      expect(res.statusCode, res.body).toBe(200);
      // Its own bid was replaced: the buyout is the lot's one standing bid.
      expect(res.json()).toMatchObject({
        status: 'ended',
        bidCount: 1,
        myBid: { quantity: 100, price: 3000, amount: 30_000, winningQuantity: 100 },
      });
      expect(await orderOf(b.client, l1)).toMatchObject({
        status: 'pending_payment',
        subtotal: 30_000,
      });
      expect(await coverOf(b.client)).toMatchObject({ exposure: 30_000, available: 0 });
      expect(refusal(await buyOut(b.client, l2))).toMatchObject({ shortfall: 30_000 });
      expect(refusal(await buyOut(short.client, l2))).toMatchObject({ shortfall: 10 });
      await endAll();
    });

    it('counts orders awaiting payment; paying moves the money and the exposure alike', async () => {
      const b = await buyer({ balance: 10_000 });
      const won = await lot(merchant);
      ok(await bidOn(b.client, won, 30, 2000)); // RM 60
      await endAll();
      const order = await orderOf(b.client, won);
      expect(await coverOf(b.client)).toEqual({
        balance: 10_000,
        creditLimit: 0,
        exposure: 6000,
        available: 4000,
      });
      const next = await lot(merchant);
      expect(refusal(await bidOn(b.client, next, 25, 2000))).toMatchObject({ shortfall: 1000 });

      ok(await payOrder(b.client, order.id));
      // RM 60 left the wallet and the exposure both: RM 40 free, as before.
      expect(await coverOf(b.client)).toEqual({
        balance: 4000,
        creditLimit: 0,
        exposure: 0,
        available: 4000,
      });
      expect(refusal(await bidOn(b.client, next, 25, 2000))).toMatchObject({ shortfall: 1000 });
      ok(await bidOn(b.client, next, 20, 2000));
      expect((await coverOf(b.client)).available).toBe(0);
      expect((await operatorBuyer(t, 'GET', b.id)).record).toEqual({
        ordersPaid: 1,
        paidOnTime: 1,
        defaults: 0,
      });
      await endAll();
    });
  });

  describe('operator', () => {
    it('a credit limit lets a buyer bid beyond its balance; each change is audited once', async () => {
      const b = await buyer();
      expect(await operatorBuyer(t, 'GET', b.phone)).toEqual({
        id: b.id,
        phone: b.phone,
        name: null,
        cover: { balance: 0, creditLimit: 0, exposure: 0, available: 0 },
        record: NO_RECORD,
        suspendedAt: null,
        suspendedReason: null,
        linkedMerchant: null,
        samePhoneMerchantId: null,
      });
      const [l1, l2] = (await lots(merchant, 2)) as [string, string];
      expect(refusal(await bidOn(b.client, l1, 25, 2000))).toMatchObject({ shortfall: 5000 });

      const set = await setCreditLimit(t, b.phone, 5000);
      expect(set.cover).toEqual({ balance: 0, creditLimit: 5000, exposure: 0, available: 5000 });
      ok(await bidOn(b.client, l1, 25, 2000));
      expect(refusal(await bidOn(b.client, l2, 1, 2000))).toMatchObject({ shortfall: 200 });

      for (const amount of [-1, 1.5, 100_000_001, '5000']) {
        const bad = await operatorCall(t, 'PUT', `/buyers/${b.id}/credit-limit`, { amount });
        expect(refusal(bad), String(amount)).toMatchObject({
          status: 400,
          code: 'INVALID_CREDIT_LIMIT',
        });
      }
      const missing = await operatorCall(
        t,
        'PUT',
        `/buyers/${encodeURIComponent('019-999 9999')}/credit-limit`,
        { amount: 1 },
      );
      expect(refusal(missing)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      // A merchant is no buyer.
      const merchantRef = await operatorCall(t, 'GET', `/buyers/${merchantId}`);
      expect(merchantRef.statusCode).toBe(404);

      const audit = await auditOf(b.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        operator: 'tester',
        action: 'buyer.credit_limit',
        targetType: 'buyer',
        before: { cover: { creditLimit: 0 } },
        after: { cover: { creditLimit: 5000 } },
      });
      // The same limit again changes nothing and records nothing.
      await setCreditLimit(t, b.id, 5000);
      expect(await auditOf(b.id)).toHaveLength(1);

      // Lowered under what it holds: its bid stays binding, nothing new is taken.
      const lowered = await setCreditLimit(t, b.id, 0);
      expect(lowered.cover).toEqual({
        balance: 0,
        creditLimit: 0,
        exposure: 5000,
        available: -5000,
      });
      expect(refusal(await bidOn(b.client, l2, 1, 2000))).toMatchObject({ shortfall: 5200 });
      expect(await auditOf(b.id)).toHaveLength(2);
      await endAll();
    });

    it('a suspended buyer can neither bid nor buy out until unsuspended; both audited', async () => {
      const b = await buyer({ balance: 100_000 });
      const [l1, l2] = (await lots(merchant, 2, { quantity: 100, buyoutPrice: 3500 })) as [
        string,
        string,
      ];
      ok(await bidOn(b.client, l1, 10, 2000));

      const suspended = await operatorBuyer(t, 'POST', b.phone, '/suspend', {
        reason: 'Chargebacks under review',
      });
      expect(suspended).toMatchObject({
        suspendedAt: t.clock.now().toISOString(),
        suspendedReason: 'Chargebacks under review',
      });
      for (const res of [
        await bidOn(b.client, l1, 20, 2000),
        await bidOn(b.client, l2, 10, 2000),
        await buyOut(b.client, l1),
      ]) {
        expect(refusal(res)).toMatchObject({ status: 403, code: 'BUYER_SUSPENDED' });
      }
      // Its standing bid stays binding and held.
      expect((await coverOf(b.client)).exposure).toBe(2000);
      const blank = await operatorCall(t, 'POST', `/buyers/${b.id}/suspend`, { reason: ' ' });
      expect(blank.statusCode).toBe(400);
      // Suspending again for the same reason records nothing.
      await operatorBuyer(t, 'POST', b.id, '/suspend', { reason: 'Chargebacks under review' });

      const lifted = await operatorBuyer(t, 'POST', b.id, '/unsuspend');
      expect(lifted).toMatchObject({ suspendedAt: null, suspendedReason: null });
      ok(await bidOn(b.client, l1, 20, 2000));
      ok(await buyOut(b.client, l2));
      expect(await orderOf(b.client, l2)).toMatchObject({ subtotal: 35_000 });

      const audit = await auditOf(b.id);
      expect(audit.map((a) => a.action)).toEqual(['buyer.unsuspend', 'buyer.suspend']);
      expect(audit[1]).toMatchObject({
        before: { suspendedAt: null },
        after: { suspendedReason: 'Chargebacks under review' },
      });
      expect(audit[0]).toMatchObject({
        before: { suspendedReason: 'Chargebacks under review' },
        after: { suspendedAt: null },
      });
      await endAll();
    });

    it('no self-dealing: a buyer on a merchant’s phone, or linked to it, cannot bid on or buy out its lots', async () => {
      const own = await lot(merchant, { quantity: 100, buyoutPrice: 3500 });
      const foreign = await lot(other.client, { quantity: 100, buyoutPrice: 3500 });

      // A buyer account on the demo merchant's own phone.
      const self = new Client(t.app);
      await registerBySms(
        t.app,
        self,
        'buyer',
        { display: '012-345 6789', e164: '+60123456789' },
        DEMO_PASSWORD,
      );
      await creditBuyer(t, '+60123456789', 100_000);
      expect(await operatorBuyer(t, 'GET', '012-345 6789')).toMatchObject({
        samePhoneMerchantId: merchantId,
        linkedMerchant: null,
      });
      expect(refusal(await bidOn(self, own, 10, 2000))).toMatchObject({
        status: 403,
        code: 'OWN_LOT',
      });
      expect(refusal(await buyOut(self, own))).toMatchObject({ status: 403, code: 'OWN_LOT' });
      ok(await bidOn(self, foreign, 10, 2000));

      // A buyer the operator links to the other merchant.
      const b = await buyer({ balance: 100_000 });
      ok(await bidOn(b.client, foreign, 10, 2000));
      const linked = await operatorBuyer(t, 'PUT', b.id, '/merchant-link', {
        merchant: formatMalaysianMobile(other.phone),
      });
      expect(linked.linkedMerchant).toEqual({ id: other.id, phone: other.phone });
      expect(refusal(await bidOn(b.client, foreign, 20, 2000))).toMatchObject({
        status: 403,
        code: 'OWN_LOT',
      });
      expect(refusal(await buyOut(b.client, foreign))).toMatchObject({ code: 'OWN_LOT' });
      ok(await bidOn(b.client, own, 10, 2000));

      const unlinked = await operatorBuyer(t, 'PUT', b.id, '/merchant-link', { merchant: null });
      expect(unlinked.linkedMerchant).toBeNull();
      ok(await bidOn(b.client, foreign, 20, 2000));

      const nobody = await operatorCall(t, 'PUT', `/buyers/${b.id}/merchant-link`, {
        merchant: '019-999 9998',
      });
      expect(refusal(nobody)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      // A buyer is no merchant to link to.
      const aBuyer = await operatorCall(t, 'PUT', `/buyers/${b.id}/merchant-link`, {
        merchant: '013-000 0001',
      });
      expect(aBuyer.statusCode).toBe(404);
      expect((await auditOf(b.id)).map((a) => a.action)).toEqual(['buyer.unlink', 'buyer.link']);
      await endAll();
    });
  });

  describe('payment deadline', () => {
    it('charges an unpaid order from a wallet that covers it: Paid once, by the system, one Payment entry', async () => {
      await settleEverything();
      const b = await buyer({ balance: 10_000 });
      const [l1, l2] = (await lots(merchant, 2)) as [string, string];
      ok(await bidOn(b.client, l1, 30, 2000)); // RM 60
      ok(await bidOn(b.client, l2, 10, 2000)); // RM 20
      await endAll();
      const [o1, o2] = [await orderOf(b.client, l1), await orderOf(b.client, l2)];

      t.clock.advance(PAYMENT_WINDOW_MS - 1000);
      expect(await settle()).toEqual({ charged: 0, defaulted: 0 });
      expect((await orderDetail(o1.id)).status).toBe('pending_payment');
      t.clock.advance(1000);
      // Two runs at once (two processes' jobs) settle each order once.
      const runs = await Promise.all([settle(), settle()]);
      expect(runs.reduce((n, r) => n + r.charged, 0)).toBe(2);
      expect(runs.reduce((n, r) => n + r.defaulted, 0)).toBe(0);
      expect(await settle()).toEqual({ charged: 0, defaulted: 0 });

      const d = await orderDetail(o1.id);
      expect(d).toMatchObject({
        status: 'paid',
        chargedAtDeadline: true,
        cancelReason: null,
        paidAmount: 6000,
        paidAt: t.clock.now().toISOString(),
        fee: 300,
        payout: 5700,
        buyer: { record: { ordersPaid: 2, paidOnTime: 0, defaults: 0 } },
      });
      expect(d.timeline.map((e) => e.status)).toEqual(['pending_payment', 'paid']);
      const actors = rowsOf<{ actor: string; status: string }>(
        await t.database.db.execute(
          sql`select actor::text, status::text from order_status_changes where order_id = ${o1.id} order by id`,
        ),
      );
      expect(actors.map((a) => `${a.status}:${a.actor}`)).toEqual([
        'pending_payment:system',
        'paid:system',
      ]);

      const payments = (await walletEntries(b.client)).filter((e) => e.type === 'payment');
      expect(payments.map((e) => [e.orderId, e.amount]).sort()).toEqual(
        [
          [o1.id, -6000],
          [o2.id, -2000],
        ].sort(),
      );
      expect(await coverOf(b.client)).toEqual({
        balance: 2000,
        creditLimit: 0,
        exposure: 0,
        available: 2000,
      });
      // The buyer paying afterwards is answered with the order as it is, and charged nothing.
      const again = await payOrder(b.client, o1.id);
      expect(again.json()).toMatchObject({ id: o1.id, status: 'paid' });
      expect((await coverOf(b.client)).balance).toBe(2000);
    });

    it('cancels an order the wallet cannot cover as a default: its kg return to the lot, the record shows it', async () => {
      await settleEverything();
      // RM 20 in the wallet, RM 60 of credit: enough to bid RM 75, not to pay it.
      const d = await buyer({ balance: 2000, creditLimit: 6000 });
      const lotId = await lot(merchant, { quantity: 100, startPrice: 2000 });
      ok(await bidOn(d.client, lotId, 30, 2500)); // 3 kg at RM 25.00: RM 75
      ok(await bidOn(demoBuyer(1), lotId, 100, 2000)); // the whole lot at RM 20.00: wins 7 kg
      await endAll();
      const before = await award(lotId);
      expect(before).toMatchObject({
        awardedQuantity: 100,
        awardedAmount: 7500 + 14_000,
        serviceFee: 375 + 700,
        returnedQuantity: 0,
      });
      const order = await orderOf(d.client, lotId);

      t.clock.advance(PAYMENT_WINDOW_MS);
      expect(await settle()).toEqual({ charged: 1, defaulted: 1 });
      expect(await settle()).toEqual({ charged: 0, defaulted: 0 });

      expect(await orderDetail(order.id)).toMatchObject({
        status: 'canceled',
        cancelReason: 'default',
        chargedAtDeadline: false,
        paidAmount: null,
        fee: null,
        payout: null,
        buyer: { record: { ordersPaid: 0, paidOnTime: 0, defaults: 1 } },
      });
      // Nothing was taken from the wallet, and the canceled order holds nothing any more.
      expect((await walletEntries(d.client)).filter((e) => e.type === 'payment')).toEqual([]);
      expect(await coverOf(d.client)).toEqual({
        balance: 2000,
        creditLimit: 6000,
        exposure: 0,
        available: 8000,
      });
      expect(refusal(await payOrder(d.client, order.id))).toMatchObject({
        code: 'ORDER_STATUS_CONFLICT',
      });

      const after = await lotDetail(lotId);
      const ended = Date.parse(after.endedAt ?? '');
      expect(after.award).toMatchObject({
        awardedQuantity: 70,
        awardedAmount: 14_000,
        serviceFee: 700,
        projectedSettlement: 13_300,
        unsoldQuantity: 0,
        returnedQuantity: 30,
        relistedQuantity: 0,
        relistedLots: [],
        offerUntil: new Date(ended + OFFER_WINDOW_MS).toISOString(),
        // The other bidder asked for 3 kg more than it won, at its own price.
        nextBidders: [
          {
            buyer: '013-••• ••02',
            quantity: 30,
            price: 2000,
            record: expect.objectContaining({ defaults: 0 }),
          },
        ],
      });
      const defaulted = after.award?.winners.find((w) => w.orderId === order.id);
      expect(defaulted).toMatchObject({
        status: 'canceled',
        cancelReason: 'default',
        offered: false,
        quantity: 30,
        record: { ordersPaid: 0, paidOnTime: 0, defaults: 1 },
      });
      expect(after.projectedSettlement).toBe(13_300);
      expect((await operatorBuyer(t, 'GET', d.id)).record).toEqual({
        ordersPaid: 0,
        paidOnTime: 0,
        defaults: 1,
      });

      // Its next bid shows the merchant its record.
      const next = await lot(merchant);
      ok(await bidOn(d.client, next, 10, 2000));
      const bids = (await lotDetail(next)).bids;
      expect(bids[0]?.record).toEqual({ ordersPaid: 0, paidOnTime: 0, defaults: 1 });
      await endAll();
    });
  });

  describe('returned kg', () => {
    it('offers them to the next bidders in rank order at their own prices, each as far as its cover allows', async () => {
      await settleEverything();
      const lotId = await lot(merchant, { quantity: 100, startPrice: 2000, buyoutPrice: null });
      // 10 kg. D defaults; E, F, G, H, J and I stand behind it, best first.
      const d = await buyer({ creditLimit: 15_000 });
      const e = await buyer({ balance: 50_000 });
      const f = await buyer({ balance: 9200 });
      const g = await buyer({ balance: 10_000 });
      const h = await buyer({ balance: 10_000 });
      const j = await buyer({ balance: 10_000 });
      const i = await buyer({ balance: 10_000 });
      ok(await bidOn(d.client, lotId, 60, 2500));
      ok(await bidOn(e.client, lotId, 50, 2400));
      ok(await bidOn(f.client, lotId, 40, 2300));
      ok(await bidOn(g.client, lotId, 30, 2200));
      ok(await bidOn(h.client, lotId, 20, 2150));
      ok(await bidOn(j.client, lotId, 10, 2100));
      ok(await bidOn(i.client, lotId, 5, 2050));
      await endAll();
      expect(await award(lotId)).toMatchObject({ awardedQuantity: 100, returnedQuantity: 0 });
      expect(refusal(await merchant.post(`/api/lots/${lotId}/offer`))).toMatchObject({
        status: 409,
        code: 'NOTHING_RETURNED',
      });

      t.clock.advance(PAYMENT_WINDOW_MS);
      expect(await settle()).toEqual({ charged: 1, defaulted: 1 }); // E pays, D defaults
      const ended = Date.parse((await lotDetail(lotId)).endedAt ?? '');
      const before = await award(lotId);
      expect(before.returnedQuantity).toBe(60);
      expect(before.offerUntil).toBe(new Date(ended + OFFER_WINDOW_MS).toISOString());
      expect(before.nextBidders.map((n) => [n.buyer, n.quantity, n.price])).toEqual([
        [masked(e), 10, 2400],
        [masked(f), 40, 2300],
        [masked(g), 30, 2200],
        [masked(h), 20, 2150],
        [masked(j), 10, 2100],
        [masked(i), 5, 2050],
      ]);

      // Meanwhile F holds RM 60 on a live lot (RM 32 of its RM 92 free), H is suspended and J
      // is found to be the merchant's own.
      ok(await bidOn(f.client, await lot(other.client), 30, 2000));
      expect((await coverOf(f.client)).available).toBe(3200);
      await operatorBuyer(t, 'POST', h.id, '/suspend', { reason: 'Unpaid elsewhere' });
      await operatorBuyer(t, 'PUT', j.id, '/merchant-link', { merchant: merchantId });

      const res = await merchant.post(`/api/lots/${lotId}/offer`);
      expect(res.statusCode, res.body).toBe(200);
      const offer = res.json() as OfferResponse;
      expect(
        offer.offered.map(({ buyer: who, quantity, price, amount }) => [
          who,
          quantity,
          price,
          amount,
        ]),
      ).toEqual([
        [masked(e), 10, 2400, 2400],
        // RM 32 at RM 23.00/kg: 1.3 kg (RM 29.90); 1.4 kg would be RM 32.20.
        [masked(f), 13, 2300, 2990],
        [masked(g), 30, 2200, 6600],
        [masked(i), 5, 2050, 1025],
      ]);
      expect(offer.returnedQuantity).toBe(2);
      for (const o of offer.offered) expect(o.orderNumber).toMatch(/^SO\d{12}$/);

      // Each share is a new order awaiting payment, with its own 24 h.
      const now = t.clock.now().getTime();
      const [eOriginal, eOffered] = (await ordersOf(e.client, lotId)).sort(
        (x, y) => Date.parse(x.createdAt) - Date.parse(y.createdAt),
      );
      expect(eOriginal).toMatchObject({ status: 'paid', subtotal: 9600 });
      expect(eOffered).toMatchObject({
        status: 'pending_payment',
        subtotal: 2400,
        item: { quantity: 10, price: 2400 },
        payBy: new Date(now + PAYMENT_WINDOW_MS).toISOString(),
      });
      expect(await orderOf(f.client, lotId)).toMatchObject({ subtotal: 2990 });
      expect(await coverOf(f.client)).toMatchObject({ exposure: 6000 + 2990, available: 210 });
      for (const skipped of [d, h, j]) {
        const theirs = (await ordersOf(skipped.client, lotId)).filter(
          (o) => o.status === 'pending_payment',
        );
        expect(theirs).toEqual([]);
      }

      const after = await award(lotId);
      expect(after).toMatchObject({
        returnedQuantity: 2,
        awardedQuantity: 40 + 58,
        awardedAmount: 9600 + 2400 + 2990 + 6600 + 1025,
        unsoldQuantity: 0,
      });
      expect(after.winners.filter((w) => w.offered).map((w) => [w.buyer, w.quantity])).toEqual([
        [masked(e), 10],
        [masked(f), 13],
        [masked(g), 30],
        [masked(i), 5],
      ]);
      expect(after.nextBidders.map((n) => [n.buyer, n.quantity])).toEqual([
        [masked(f), 27],
        [masked(h), 20],
        [masked(j), 10],
      ]);

      // Again: F's RM 2.10 buys not even 0.1 kg (RM 2.30); nobody else may. Nothing changes.
      const again = await merchant.post(`/api/lots/${lotId}/offer`);
      expect(again.json()).toEqual({ offered: [], returnedQuantity: 2 });

      // H unsuspended takes the last 0.2 kg; then nothing is left to offer.
      await operatorBuyer(t, 'POST', h.id, '/unsuspend');
      const last = (await merchant.post(`/api/lots/${lotId}/offer`)).json() as OfferResponse;
      expect(last.offered.map((o) => [o.buyer, o.quantity, o.amount])).toEqual([
        [masked(h), 2, 430],
      ]);
      expect(last.returnedQuantity).toBe(0);
      expect(refusal(await merchant.post(`/api/lots/${lotId}/offer`))).toMatchObject({
        code: 'NOTHING_RETURNED',
      });

      // The merchant cancels I's unpaid share: 0.5 kg back, offerable until the window closes.
      const iOrder = await orderOf(i.client, lotId);
      ok(await merchant.post(`/api/orders/${iOrder.id}/cancel`));
      expect((await award(lotId)).returnedQuantity).toBe(5);
      t.clock.set(new Date(ended + OFFER_WINDOW_MS - 1));
      expect((await award(lotId)).offerUntil).not.toBeNull();
      t.clock.set(new Date(ended + OFFER_WINDOW_MS));
      expect(refusal(await merchant.post(`/api/lots/${lotId}/offer`))).toMatchObject({
        status: 409,
        code: 'OFFER_CLOSED',
      });
      expect(await award(lotId)).toMatchObject({
        returnedQuantity: 5,
        offerUntil: null,
        nextBidders: [],
      });
      // Another merchant's lot is answered as a missing one.
      const foreign = await other.client.post(`/api/lots/${lotId}/offer`);
      expect(refusal(foreign)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      await endAll();
    });

    it('a merchant’s cancel of an unpaid order returns its kg, which the merchant relists as a new live lot, once', async () => {
      const lotId = await lot(merchant, { quantity: 100, startPrice: 2000, buyoutPrice: 3500 });
      const a = await buyer({ balance: 50_000 });
      const b = await buyer({ balance: 50_000 });
      ok(await bidOn(a.client, lotId, 60, 2200));
      ok(await bidOn(b.client, lotId, 40, 2100));
      await endAll();
      const aOrder = await orderOf(a.client, lotId);

      const canceled = await merchant.post(`/api/orders/${aOrder.id}/cancel`);
      expect(canceled.statusCode, canceled.body).toBe(200);
      expect(canceled.json()).toMatchObject({
        status: 'canceled',
        cancelReason: 'merchant',
        fee: null,
        payout: null,
        buyer: { record: NO_RECORD },
      });
      // A second cancel changes nothing: the kg are returned once.
      ok(await merchant.post(`/api/orders/${aOrder.id}/cancel`));
      expect(await award(lotId)).toMatchObject({
        awardedQuantity: 40,
        awardedAmount: 8400,
        serviceFee: 420,
        returnedQuantity: 60,
        unsoldQuantity: 0,
        // A was canceled and B got all it asked for: nobody to offer to.
        nextBidders: [],
      });
      expect(await coverOf(a.client)).toMatchObject({ exposure: 0 });

      await setBusinessStatus(t.database.db, merchantId, 'pending');
      expect(refusal(await merchant.post(`/api/lots/${lotId}/relist`))).toMatchObject({
        status: 403,
        code: 'NOT_VERIFIED',
      });
      await setBusinessStatus(t.database.db, merchantId, 'verified');
      expect(refusal(await other.client.post(`/api/lots/${lotId}/relist`))).toMatchObject({
        status: 404,
        code: 'NOT_FOUND',
      });

      const res = await merchant.post(`/api/lots/${lotId}/relist`);
      expect(res.statusCode, res.body).toBe(200);
      const relisted = res.json() as RelistResponse;
      expect(relisted).toMatchObject({
        quantity: 60,
        endsAt: new Date(t.clock.now().getTime() + LOT_DURATION_MS).toISOString(),
      });
      const [old, fresh] = [await lotDetail(lotId), await lotDetail(relisted.lotId)];
      expect(fresh).toMatchObject({
        status: 'live',
        auctionId: relisted.auctionId,
        relistedFrom: lotId,
        quantity: 60,
        name: old.name,
        species: old.species,
        startPrice: 2000,
        buyoutPrice: 3500,
        harbor: old.harbor,
        boat: old.boat,
        bids: [],
        award: null,
      });
      expect(fresh.photos.map((p) => p.id)).toEqual(old.photos.map((p) => p.id));
      expect(old.award).toMatchObject({
        returnedQuantity: 0,
        relistedQuantity: 60,
        relistedLots: [{ id: relisted.lotId, quantity: 60 }],
        unsoldQuantity: 0,
        offerUntil: null,
      });
      const live = (await merchant.get('/api/auctions?status=live')).json();
      expect(live.items.map((x: { id: string }) => x.id)).toContain(relisted.auctionId);
      // Buyers bid on it as on any lot.
      ok(await bidOn(b.client, relisted.lotId, 60, 2000));

      for (const again of [
        await merchant.post(`/api/lots/${lotId}/relist`),
        await merchant.post(`/api/lots/${lotId}/offer`),
        await merchant.post(`/api/lots/${relisted.lotId}/relist`),
      ]) {
        expect(refusal(again)).toMatchObject({ status: 409, code: 'NOTHING_RETURNED' });
      }
      await endAll();
      expect(await award(relisted.lotId)).toMatchObject({ awardedQuantity: 60 });
    });

    it('cancel and refund of a paid order refunds the money and returns no kg', async () => {
      const lotId = await lot(merchant, { quantity: 100 });
      const b = await buyer({ balance: 50_000 });
      ok(await bidOn(b.client, lotId, 50, 2000));
      await endAll();
      const order = await orderOf(b.client, lotId);
      ok(await payOrder(b.client, order.id));
      const res = await merchant.post(`/api/orders/${order.id}/cancel`);
      expect(res.json()).toMatchObject({
        status: 'canceled_refunded',
        cancelReason: 'merchant',
        fee: null,
        payout: null,
        paidAmount: 10_000,
      });
      expect((await coverOf(b.client)).balance).toBe(50_000);
      expect(await award(lotId)).toMatchObject({ returnedQuantity: 0, offerUntil: null });
    });
  });

  describe('figures', () => {
    /** A minimal RFC 4180 reader: the export quotes fields with commas, quotes or line breaks. */
    function parseCsv(text: string): string[][] {
      const rows: string[][] = [];
      let row: string[] = [];
      let field = '';
      let quoted = false;
      for (let k = 0; k < text.length; k++) {
        const c = text[k];
        if (quoted) {
          if (c === '"' && text[k + 1] === '"') {
            field += '"';
            k += 1;
          } else if (c === '"') quoted = false;
          else field += c;
        } else if (c === '"') quoted = true;
        else if (c === ',') {
          row.push(field);
          field = '';
        } else if (c === '\r' && text[k + 1] === '\n') {
          row.push(field);
          rows.push(row);
          row = [];
          field = '';
          k += 1;
        } else field += c;
      }
      if (field || row.length) rows.push([...row, field]);
      return rows;
    }

    it('Home, Business records and the export count the same sales; awaiting payment apart; bid sales by the award rule', async () => {
      await settleEverything();
      // A merchant of its own, so that every figure is known.
      const m = await verifiedMerchant(t, (seq += 1));
      const defaulter = await buyer({ creditLimit: 100_000 });
      const rich = [demoBuyer(0), demoBuyer(1), demoBuyer(2)];

      // Day 0: two orders left unpaid: one charged at the deadline, one a default.
      const [charged, defaulted] = (await lots(m.client, 2, { quantity: 100 })) as [string, string];
      ok(await bidOn(rich[0] as Client, charged, 15, 2000));
      ok(await bidOn(defaulter.client, defaulted, 25, 2200));
      await endAll();
      t.clock.advance(PAYMENT_WINDOW_MS);
      expect(await settle()).toEqual({ charged: 1, defaulted: 1 });

      // Day 1: seven orders taken to seven ends.
      const ids = (await lots(m.client, 7, { quantity: 100 })) as string[];
      const names = ['paid', 'ready', 'transit', 'completed', 'unpaid', 'canceled', 'refunded'];
      for (const [k, lotId] of ids.entries()) {
        ok(await bidOn(rich[k % 3] as Client, lotId, 10 + 10 * k, 2000 + 10 * k));
      }
      await endAll();
      const order: Record<string, OrderDetail> = {};
      for (const [k, lotId] of ids.entries()) {
        const id = (await orderOf(rich[k % 3] as Client, lotId)).id;
        const name = names[k] as string;
        const by = rich[k % 3] as Client;
        const step = (status: string) => m.client.post(`/api/orders/${id}/status`, { status });
        if (name !== 'unpaid' && name !== 'canceled') ok(await payOrder(by, id));
        if (['ready', 'transit', 'completed'].includes(name)) ok(await step('ready_for_pickup'));
        if (['transit', 'completed'].includes(name)) ok(await step('in_transit'));
        if (name === 'completed') ok(await step('completed'));
        if (name === 'canceled' || name === 'refunded') {
          ok(await m.client.post(`/api/orders/${id}/cancel`));
        }
        order[name] = await orderDetail(id, m.client);
      }
      order.charged = await orderDetail((await orderOf(rich[0] as Client, charged)).id, m.client);
      order.defaulted = await orderDetail(
        (await orderOf(defaulter.client, defaulted)).id,
        m.client,
      );
      expect(order.charged).toMatchObject({ status: 'paid', chargedAtDeadline: true });
      expect(order.defaulted).toMatchObject({ status: 'canceled', cancelReason: 'default' });
      expect(order.refunded).toMatchObject({ status: 'canceled_refunded' });

      const sold = ['paid', 'ready', 'transit', 'completed', 'charged'].map(
        (n) => order[n] as OrderDetail,
      );
      const sales = sold.reduce((s, o) => s + o.subtotal, 0);
      const fees = sold.reduce((s, o) => s + (o.fee ?? Number.NaN), 0);
      const awaiting = (order.unpaid as OrderDetail).subtotal;
      const refunded = (order.refunded as OrderDetail).paidAmount ?? Number.NaN;
      expect(sales).toBeGreaterThan(0);

      // Home.
      const home = (await m.client.get('/api/dashboard')).json() as Dashboard;
      expect(home).toEqual({
        liveAuctions: 0,
        totalBidSales: 0,
        totalSales: sales,
        awaitingPayment: awaiting,
      });

      // Business records over both days.
      const days = Object.values(order).map((o) => klDate(new Date(o.createdAt)));
      const from = days.reduce((x, y) => (x < y ? x : y));
      const to = days.reduce((x, y) => (x > y ? x : y));
      const records = (await m.client.get(`/api/business-records?from=${from}&to=${to}`)).json();
      expect(records.totals).toEqual({
        orders: sold.length,
        quantity: sold.reduce((s, o) => s + o.item.quantity, 0),
        gross: sales,
        fees,
        net: sales - fees,
      });
      expect(records.awaitingPayment).toBe(awaiting);

      // The export: every order a row; fee and payout only where money is or will be paid out.
      const csv = await m.client.get('/api/orders/export?format=csv');
      expect(csv.statusCode, csv.body).toBe(200);
      const [header, ...rest] = parseCsv(csv.body.replace(/^\uFEFF/, ''));
      const col = (name: string) => {
        const k = (header ?? []).indexOf(name);
        expect(k, name).toBeGreaterThanOrEqual(0);
        return k;
      };
      const rm = (sen: number) => String(sen / 100);
      const rows = rest.slice(0, -2);
      const [totalLine, awaitingLine] = rest.slice(-2) as [string[], string[]];
      expect(rows).toHaveLength(Object.keys(order).length);
      for (const [name, o] of Object.entries(order)) {
        const row = rows.find((r) => r[0] === o.number);
        expect(row, name).toBeDefined();
        const cell = (c: string) => row?.[col(c)];
        const canceled = o.status === 'canceled' || o.status === 'canceled_refunded';
        const sale = sold.includes(o);
        expect(cell('Subtotal (RM)'), name).toBe(rm(o.subtotal));
        expect(cell('Sales (RM)'), name).toBe(sale ? rm(o.subtotal) : '');
        expect(cell('Service fee (RM)'), name).toBe(canceled ? '' : rm(o.fee ?? Number.NaN));
        expect(cell('Payout (RM)'), name).toBe(
          canceled ? '' : rm(o.subtotal - (o.fee ?? Number.NaN)),
        );
        expect(cell('Refunded (RM)'), name).toBe(name === 'refunded' ? rm(refunded) : '');
      }
      expect(totalLine[0]).toBe('Total sales');
      expect(totalLine[col('Sales (RM)')]).toBe(rm(sales));
      expect(totalLine[col('Service fee (RM)')]).toBe(rm(fees));
      expect(totalLine[col('Payout (RM)')]).toBe(rm(sales - fees));
      expect(totalLine[col('Refunded (RM)')]).toBe(rm(refunded));
      expect(awaitingLine[0]).toBe('Awaiting payment');
      expect(awaitingLine[col('Subtotal (RM)')]).toBe(rm(awaiting));

      const xlsx = await m.client.get('/api/orders/export?format=xlsx');
      expect(xlsx.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const sheet = book.getWorksheet('Orders');
      const last = sheet?.rowCount ?? 0;
      const value = (row: number, name: string) => sheet?.getRow(row).getCell(col(name) + 1).value;
      expect(sheet?.getRow(last - 1).getCell(1).value).toBe('Total sales');
      expect(value(last - 1, 'Sales (RM)')).toBe(sales / 100);
      expect(value(last - 1, 'Service fee (RM)')).toBe(fees / 100);
      expect(value(last - 1, 'Refunded (RM)')).toBe(refunded / 100);
      expect(sheet?.getRow(last).getCell(1).value).toBe('Awaiting payment');
      expect(value(last, 'Subtotal (RM)')).toBe(awaiting / 100);

      // Bid sales: a 10 kg lot with three bids of 10 kg at RM 10.00 is worth RM 100, not RM 300.
      const live = await lot(m.client, { quantity: 100, startPrice: 1000, buyoutPrice: null });
      for (const b of rich) ok(await bidOn(b, live, 100, 1000));
      expect(((await m.client.get('/api/dashboard')).json() as Dashboard).totalBidSales).toBe(
        10_000,
      );
      // A fourth bid above them for 4 kg: RM 48 + 6 kg × RM 10: RM 108.
      ok(await bidOn((await buyer({ balance: 10_000 })).client, live, 40, 1200));
      expect(await m.client.get('/api/dashboard').then((r) => r.json())).toMatchObject({
        liveAuctions: 1,
        totalBidSales: 10_800,
        totalSales: sales,
        awaitingPayment: awaiting,
      });
      await endAll();
      // The award is what bid sales said: the lot's orders now await payment.
      const after = (await m.client.get('/api/dashboard')).json() as Dashboard;
      expect(after).toEqual({
        liveAuctions: 0,
        totalBidSales: 0,
        totalSales: sales,
        awaitingPayment: awaiting + 10_800,
      });
      expect(amountOf(40, 1200) + amountOf(60, 1000)).toBe(10_800);
    });
  });

  it('leaves the database sound after all of the above: ledgers, orders, awards, returned kg', async () => {
    const query: Query = async (text) => rowsOf(await t.database.db.execute(sql.raw(text)));
    expect(await brokenInvariants(query)).toEqual([]);
  });
});
