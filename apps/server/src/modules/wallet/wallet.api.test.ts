import { randomUUID } from 'node:crypto';
import {
  type AuditEntry,
  formatRM,
  type NotificationListResponse,
  notificationText,
  type OrderDetail,
  type StatementResponse,
  type Withdrawal,
  WITHDRAWAL_INTERVAL_MS,
} from '@sm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount, startDemoMarket } from '../../../test/auctions.js';
import { type Client, DB_KINDS, type TestApp } from '../../../test/helpers.js';
import { payOrder, wonOrder } from '../../../test/orders.js';
import {
  credit,
  merchantWithMoney,
  operatorCall,
  walletOf,
  withdraw,
} from '../../../test/wallet.js';
import type { Db } from '../../db/client.js';
import { createPayoutService } from '../payouts/payouts.service.js';

const DAY_MS = 86_400_000;

describe.each(DB_KINDS)('merchant wallet on %s', (kind) => {
  let t: TestApp;
  let merchant: Client;
  let buyers: Client[];
  let seq = 5_000 + (kind === 'postgres' ? 500 : 0);
  const next = () => ++seq;

  beforeAll(async () => {
    ({ t, merchant, buyers } = await startDemoMarket(kind));
  });
  afterAll(async () => {
    await t?.close();
  });

  const statement = async (client: Client, query = '') => {
    const res = await client.get(`/api/wallet/statement${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as StatementResponse;
  };

  describe('bank account', () => {
    it('validates with coded messages and keeps the account number as digits', async () => {
      const m = await registerAccount(t, 'merchant', next());
      expect((await m.get('/api/bank-account')).json()).toEqual({ bankAccount: null });
      const cases: [object, string][] = [
        [{ holderName: 'A', accountNumber: '1234567890' }, 'BANK_REQUIRED'],
        [{ bankCode: 'NOPE', holderName: 'A', accountNumber: '1234567890' }, 'BAD_REQUEST'],
        [{ bankCode: 'MBB', holderName: ' ', accountNumber: '1234567890' }, 'REQUIRED_FIELDS'],
        [{ bankCode: 'MBB', holderName: 'A', accountNumber: '' }, 'REQUIRED_FIELDS'],
        [
          { bankCode: 'MBB', holderName: 'A', accountNumber: '123456789' },
          'INVALID_ACCOUNT_NUMBER',
        ],
        [
          { bankCode: 'MBB', holderName: 'A', accountNumber: '12345678901234567' },
          'INVALID_ACCOUNT_NUMBER',
        ],
        [
          { bankCode: 'MBB', holderName: 'A', accountNumber: '1234 5678 9O' },
          'INVALID_ACCOUNT_NUMBER',
        ],
      ];
      for (const [body, code] of cases) {
        const res = await m.request('PUT', '/api/bank-account', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().code, JSON.stringify(body)).toBe(code);
      }
      const ok = await m.request('PUT', '/api/bank-account', {
        bankCode: 'PBB',
        holderName: '  Siti Aminah ',
        accountNumber: '3-1234-5678-90',
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().bankAccount).toMatchObject({
        bankCode: 'PBB',
        bankName: 'Public Bank',
        holderName: 'Siti Aminah',
        accountNumber: '31234567890',
        status: 'unverified',
      });
    });

    it('the operator verifies or rejects it; any change makes it Unverified again', async () => {
      const m = await registerAccount(t, 'merchant', next());
      const id = ((await m.get('/api/me')).json() as { id: string }).id;
      const body = { bankCode: 'CIMB', holderName: 'Lim', accountNumber: '8001234567' };
      await m.request('PUT', '/api/bank-account', body);

      const rejected = await operatorCall(t, 'POST', `/bank-accounts/${id}/reject`, {
        reason: 'Name does not match the SSM record',
      });
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect((await m.get('/api/bank-account')).json().bankAccount).toMatchObject({
        status: 'rejected',
        rejectReason: 'Name does not match the SSM record',
      });

      const changed = await m.request('PUT', '/api/bank-account', {
        ...body,
        holderName: 'Lim Ah Seng',
      });
      expect(changed.json().bankAccount).toMatchObject({
        status: 'unverified',
        rejectReason: null,
      });

      expect((await operatorCall(t, 'POST', `/bank-accounts/${id}/verify`)).statusCode).toBe(200);
      // Saving the same details again (a double tap) keeps Verified.
      const same = await m.request('PUT', '/api/bank-account', {
        ...body,
        holderName: 'Lim Ah Seng',
      });
      expect(same.json().bankAccount.status).toBe('verified');
      const other = await m.request('PUT', '/api/bank-account', {
        ...body,
        holderName: 'Lim Ah Seng',
        accountNumber: '8001234568',
      });
      expect(other.json().bankAccount.status).toBe('unverified');

      // An unknown merchant, by id or phone, is not found.
      const missing = await operatorCall(t, 'POST', `/bank-accounts/${randomUUID()}/verify`);
      expect(missing.statusCode).toBe(404);
      const byPhone = await operatorCall(t, 'POST', '/bank-accounts/019-999%209999/verify');
      expect(byPhone.statusCode).toBe(404);
    });
  });

  describe('withdrawals', () => {
    it('need a verified bank account, at least RM 10.00, and the balance', async () => {
      const m = await registerAccount(t, 'merchant', next());
      const id = ((await m.get('/api/me')).json() as { id: string }).id;
      expect((await withdraw(m, 1_000)).json().code).toBe('BANK_ACCOUNT_REQUIRED');
      await m.request('PUT', '/api/bank-account', {
        bankCode: 'HLB',
        holderName: 'Ong',
        accountNumber: '12345678901',
      });
      expect((await withdraw(m, 1_000)).json().code).toBe('BANK_ACCOUNT_NOT_VERIFIED');
      await operatorCall(t, 'POST', `/bank-accounts/${id}/verify`);
      await credit(t, id, 5_000);

      const refused: [unknown, string][] = [
        [999, 'WITHDRAWAL_BELOW_MINIMUM'],
        [1_000.5, 'INVALID_AMOUNT'],
        ['1000', 'INVALID_AMOUNT'],
        [-1_000, 'WITHDRAWAL_BELOW_MINIMUM'],
        [undefined, 'REQUIRED_FIELDS'],
        [5_001, 'INSUFFICIENT_BALANCE'],
      ];
      for (const [amount, code] of refused) {
        const res = await withdraw(m, amount);
        expect(res.json().code, String(amount)).toBe(code);
      }
      const noKey = await m.request('POST', '/api/wallet/withdrawals', { amount: 1_000 });
      expect(noKey.json().code).toBe('IDEMPOTENCY_KEY_REQUIRED');
      // Nothing moved.
      expect((await walletOf(m)).balance).toBe(5_000);
      expect((await statement(m)).items.map((e) => e.type)).toEqual(['deposit']);

      const all = await withdraw(m, 5_000);
      expect(all.statusCode, all.body).toBe(200);
      expect((await walletOf(m)).balance).toBe(0);
    });

    it('debit at once, one Pending at a time, one per 24 h; a rejection comes back as Refund Received', async () => {
      const { client: m, id } = await merchantWithMoney(t, next(), 100_000);
      const key = randomUUID();
      const first = await withdraw(m, 12_050, key);
      expect(first.statusCode, first.body).toBe(200);
      const w = first.json() as Withdrawal;
      expect(w).toMatchObject({
        amount: 12_050,
        status: 'pending',
        bankName: 'Maybank',
        accountNumber: '•••• 5678',
      });
      // The same key and body: the same answer, no second debit. Another body: refused.
      const again = await withdraw(m, 12_050, key);
      expect(again.json()).toEqual(w);
      expect((await withdraw(m, 13_000, key)).json().code).toBe('IDEMPOTENCY_KEY_REUSED');

      const wallet = await walletOf(m);
      expect(wallet.balance).toBe(100_000 - 12_050);
      expect(wallet.pendingWithdrawal).toEqual(w);
      expect((await withdraw(m, 1_000)).json().code).toBe('WITHDRAWAL_PENDING');

      const approved = await operatorCall(t, 'POST', `/withdrawals/${w.id}/approve`);
      expect(approved.json()).toMatchObject({ status: 'completed' });
      // Approving again answers it as it is; rejecting it now is refused.
      expect((await operatorCall(t, 'POST', `/withdrawals/${w.id}/approve`)).statusCode).toBe(200);
      const late = await operatorCall(t, 'POST', `/withdrawals/${w.id}/reject`, { reason: 'x' });
      expect(late.json().code).toBe('ALREADY_REVIEWED');

      // The 24 h rule, on the test clock.
      const soon = await withdraw(m, 1_000);
      expect(soon.json()).toMatchObject({ code: 'WITHDRAWAL_TOO_SOON' });
      expect(soon.json().retryAfterSeconds).toBe(WITHDRAWAL_INTERVAL_MS / 1000);
      expect((await walletOf(m)).nextWithdrawalAt).toBe(
        new Date(Date.parse(w.requestedAt) + WITHDRAWAL_INTERVAL_MS).toISOString(),
      );
      t.clock.advance(WITHDRAWAL_INTERVAL_MS - 1_000);
      expect((await withdraw(m, 1_000)).json().code).toBe('WITHDRAWAL_TOO_SOON');
      t.clock.advance(1_000);
      const second = await withdraw(m, 20_000);
      expect(second.statusCode, second.body).toBe(200);
      const w2 = second.json() as Withdrawal;

      const rejected = await operatorCall(t, 'POST', `/withdrawals/${w2.id}/reject`, {
        reason: 'Account closed',
      });
      expect(rejected.json()).toMatchObject({ status: 'rejected', rejectReason: 'Account closed' });
      const entries = (await statement(m)).items;
      expect(entries.slice(0, 2).map((e) => [e.type, e.amount, e.withdrawalId])).toEqual([
        ['refund_received', 20_000, w2.id],
        ['withdrawal', -20_000, w2.id],
      ]);
      expect((await walletOf(m)).balance).toBe(100_000 - 12_050);
      // A rejected withdrawal does not count towards the 24 h: the merchant may try again now.
      expect((await walletOf(m)).nextWithdrawalAt).toBeNull();
      expect((await withdraw(m, 1_000)).statusCode).toBe(200);

      // Every review is in the audit log, with who and the record before and after.
      const audit = (await operatorCall(t, 'GET', '/audit?limit=100')).json().items as AuditEntry[];
      const reject = audit.find((a) => a.action === 'withdrawal.reject' && a.targetId === w2.id);
      expect(reject).toMatchObject({
        operator: 'tester',
        before: { status: 'pending' },
        after: { status: 'rejected', rejectReason: 'Account closed' },
      });
      expect(audit.filter((a) => a.targetId === w.id).map((a) => a.action)).toEqual([
        'withdrawal.approve',
      ]);
      expect(audit.some((a) => a.action === 'wallet.credit' && a.targetId === id)).toBe(true);
    });

    it('another merchant’s withdrawal answers 404, and statements are one’s own', async () => {
      const a = await merchantWithMoney(t, next(), 10_000);
      const b = await merchantWithMoney(t, next(), 20_000);
      const w = (await withdraw(a.client, 5_000)).json() as Withdrawal;
      expect((await a.client.get(`/api/wallet/withdrawals/${w.id}`)).json()).toEqual(w);
      const other = await b.client.get(`/api/wallet/withdrawals/${w.id}`);
      expect(other.statusCode).toBe(404);
      expect((await b.client.get(`/api/wallet/withdrawals/${randomUUID()}`)).statusCode).toBe(404);
      expect((await statement(b.client)).items.every((e) => e.withdrawalId !== w.id)).toBe(true);
      expect((await walletOf(b.client)).balance).toBe(20_000);
      // A buyer's session is no merchant's.
      expect((await buyers[0]!.get('/api/wallet')).statusCode).toBe(401);
      expect((await buyers[0]!.get('/api/bank-account')).statusCode).toBe(401);
    });
  });

  describe('statement', () => {
    it('pages newest first and filters by type', async () => {
      const { client: m, id } = await merchantWithMoney(t, next(), 0);
      for (let i = 1; i <= 7; i++) await credit(t, id, i * 100);
      const w = (await withdraw(m, 1_000)).json() as Withdrawal;
      const first = await statement(m, '?limit=3');
      expect(first.items.map((e) => e.amount)).toEqual([-1_000, 700, 600]);
      expect(first.items[0]).toMatchObject({ type: 'withdrawal', withdrawalId: w.id });
      const second = await statement(m, `?limit=3&cursor=${first.nextCursor}`);
      expect(second.items.map((e) => e.amount)).toEqual([500, 400, 300]);
      const third = await statement(m, `?limit=3&cursor=${second.nextCursor}`);
      expect(third.items.map((e) => e.amount)).toEqual([200, 100]);
      expect(third.nextCursor).toBeNull();
      const deposits = await statement(m, '?type=deposit&limit=100');
      expect(deposits.items).toHaveLength(7);
      expect((await statement(m, '?type=withdrawal')).items).toHaveLength(1);
      expect((await statement(m, '?type=sales_revenue')).items).toHaveLength(0);
      // The balance is the newest entry's balance_after and the sum of all entries.
      const sum = [...first.items, ...second.items, ...third.items].reduce(
        (s, e) => s + e.amount,
        0,
      );
      expect((await walletOf(m)).balance).toBe(sum);
      expect(first.items[0]?.balanceAfter).toBe(sum);
      expect((await m.get('/api/wallet/statement?type=payment')).statusCode).toBe(400);
      expect((await m.get('/api/wallet/statement?cursor=abc')).statusCode).toBe(400);
    });
  });

  describe('payouts', () => {
    async function completedOrder(quantity: number, price: number) {
      const order = await wonOrder(t, merchant, buyers[1]!, quantity, price);
      expect((await payOrder(buyers[1]!, order.id)).statusCode).toBe(200);
      for (const status of ['ready_for_pickup', 'in_transit', 'completed']) {
        const res = await merchant.post(`/api/orders/${order.id}/status`, { status });
        expect(res.statusCode, res.body).toBe(200);
      }
      return order;
    }
    const detail = async (id: string) =>
      (await merchant.get(`/api/orders/${id}`)).json() as OrderDetail;
    const run = async () => {
      const res = await operatorCall(t, 'POST', '/payouts/run');
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { day: string; completed: number; scheduled: number; paidOut: number };
    };

    /** Payout notifications newer than the last one read. */
    let seen = 0;
    const payoutNews = async () => {
      const res = await merchant.get('/api/notifications?limit=50');
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json<NotificationListResponse>()
        .items.filter((n) => n.type === 'payout_completed' && Number(n.id) > seen);
    };

    it('schedule the next day, then pay Sales Revenue and Service Fee once', async () => {
      await run(); // Whatever earlier tests left.
      seen = Math.max(0, ...(await payoutNews()).map((n) => Number(n.id)));
      const start = await walletOf(merchant);
      const order = await completedOrder(100, 2_000);
      const { subtotal, fee } = await detail(order.id).then((d) => ({
        subtotal: d.subtotal,
        fee: d.fee ?? Number.NaN, // a completed order always has one; NaN would fail every check
      }));
      expect((await detail(order.id)).payoutStatus).toBe('pending');
      expect((await walletOf(merchant)).upcomingPayout).toBe(start.upcomingPayout + subtotal - fee);

      const scheduled = await run();
      expect(scheduled).toMatchObject({ completed: 0, scheduled: 1 });
      expect((await detail(order.id)).payoutStatus).toBe('scheduled');
      expect((await run()).scheduled).toBe(0);
      expect((await walletOf(merchant)).balance).toBe(start.balance);

      expect(await payoutNews()).toEqual([]); // Scheduled is not news.

      t.clock.advance(DAY_MS);
      const paid = await run();
      expect(paid).toMatchObject({ completed: 1, paidOut: subtotal - fee });
      // Issue 21: the merchant is told, once, what came in; it opens the wallet.
      const news = await payoutNews();
      expect(news.map((n) => n.data)).toEqual([{ amount: subtotal - fee, orders: 1 }]);
      expect(notificationText('payout_completed', news[0]!.data)).toEqual({
        key: 'payout_completed',
        vars: { amount: formatRM(subtotal - fee) },
      });
      expect((await detail(order.id)).payoutStatus).toBe('completed');
      const wallet = await walletOf(merchant);
      expect(wallet.balance).toBe(start.balance + subtotal - fee);
      expect(wallet.upcomingPayout).toBe(start.upcomingPayout);
      const entries = (await statement(merchant, '?limit=2')).items;
      expect(entries.map((e) => [e.type, e.amount, e.orderId])).toEqual([
        ['service_fee', -fee, order.id],
        ['sales_revenue', subtotal, order.id],
      ]);
      // Repeated: nothing more.
      expect(await run()).toMatchObject({ completed: 0, scheduled: 0, paidOut: 0 });
      expect(await payoutNews()).toHaveLength(1);
      t.clock.advance(DAY_MS);
      expect(await run()).toMatchObject({ completed: 0, paidOut: 0 });
      expect((await walletOf(merchant)).balance).toBe(start.balance + subtotal - fee);
    });

    it('a run cut short pays what it paid wholly, and the next run pays the rest once', async () => {
      await run();
      const start = await walletOf(merchant);
      const orders = [
        await completedOrder(50, 2_000),
        await completedOrder(60, 2_100),
        await completedOrder(70, 2_200),
      ];
      await run();
      t.clock.advance(DAY_MS);
      // A process whose database fails on its second transaction: killed mid-run.
      let transactions = 0;
      const flaky = new Proxy(t.database.db, {
        get(target, prop, receiver) {
          if (prop !== 'transaction') return Reflect.get(target, prop, receiver) as unknown;
          return (fn: never) => {
            if (++transactions > 1) throw new Error('connection lost');
            return target.transaction(fn);
          };
        },
      }) as Db;
      const broken = createPayoutService({ db: flaky, clock: t.clock, batchSize: 1 });
      await expect(broken.run()).rejects.toThrow('connection lost');
      const statuses = await Promise.all(
        orders.map(async (o) => (await detail(o.id)).payoutStatus),
      );
      expect(statuses.filter((s) => s === 'completed')).toHaveLength(1);
      expect(statuses.filter((s) => s === 'scheduled')).toHaveLength(2);

      // Two runs at once (two processes) finish the job between them, each order once.
      const again = createPayoutService({ db: t.database.db, clock: t.clock, batchSize: 1 });
      const results = await Promise.all([again.run(), again.run()]);
      expect(results.reduce((n, r) => n + r.completed, 0)).toBe(2);
      const expected = (await Promise.all(orders.map(async (o) => detail(o.id)))).reduce(
        (s, d) => s + d.subtotal - (d.fee ?? Number.NaN),
        0,
      );
      expect((await walletOf(merchant)).balance).toBe(start.balance + expected);
      const revenue = (await statement(merchant, '?type=sales_revenue&limit=100')).items;
      for (const o of orders) expect(revenue.filter((e) => e.orderId === o.id)).toHaveLength(1);
    });

    it('the job runs once a Kuala Lumpur day and is done until the next', async () => {
      const { payouts } = t.app.services;
      await payouts.run();
      expect(await payouts.runIfDue()).toBeNull();
      t.clock.advance(DAY_MS);
      expect(await payouts.runIfDue()).not.toBeNull();
      expect(await payouts.runIfDue()).toBeNull();
    });
  });

  describe('operator', () => {
    it('needs the token, and records every change with before and after', async () => {
      const noToken = await t.app.inject({ method: 'GET', url: '/api/operator/withdrawals' });
      expect(noToken.statusCode).toBe(401);

      const m = await registerAccount(t, 'merchant', next());
      const id = ((await m.get('/api/me')).json() as { id: string }).id;
      const rejected = await operatorCall(t, 'POST', `/merchants/${id}/business/reject`, {
        reason: 'SSM document unreadable',
      });
      expect(rejected.json()).toMatchObject({
        businessStatus: 'rejected',
        businessRejectReason: 'SSM document unreadable',
      });
      expect((await m.get('/api/me')).json()).toMatchObject({ businessStatus: 'rejected' });
      const verified = await operatorCall(t, 'POST', `/merchants/${id}/business/verify`);
      expect(verified.json()).toMatchObject({
        businessStatus: 'verified',
        businessRejectReason: null,
      });
      expect(
        (await operatorCall(t, 'POST', `/merchants/${id}/business/reject`, {})).statusCode,
      ).toBe(400);

      const before = (await operatorCall(t, 'GET', '/service-fee')).json().rateBps as number;
      const set = await operatorCall(t, 'PUT', '/service-fee', { rateBps: 350 });
      expect(set.json()).toEqual({ rateBps: 350 });
      expect((await operatorCall(t, 'PUT', '/service-fee', { rateBps: 3_001 })).json().code).toBe(
        'INVALID_FEE_RATE',
      );
      const order = await wonOrder(t, merchant, buyers[2]!, 100, 2_000);
      expect((await merchant.get(`/api/orders/${order.id}`)).json()).toMatchObject({ fee: 700 });
      await operatorCall(t, 'PUT', '/service-fee', { rateBps: before });

      // Credit once per key, by phone too; a buyer by ?role=buyer.
      const key = randomUUID();
      const phone = encodeURIComponent('019-000 1234');
      const c1 = await operatorCall(
        t,
        'POST',
        `/wallets/${id}/credit`,
        { amount: 700 },
        { 'idempotency-key': key },
      );
      const c2 = await operatorCall(
        t,
        'POST',
        `/wallets/${id}/credit`,
        { amount: 700 },
        { 'idempotency-key': key },
      );
      expect(c2.json()).toEqual(c1.json());
      expect((await walletOf(m)).balance).toBe(700);
      expect(
        (
          await operatorCall(
            t,
            'POST',
            `/wallets/${phone}/credit`,
            { amount: 1 },
            { 'idempotency-key': randomUUID() },
          )
        ).statusCode,
      ).toBe(404);
      const buyerCredit = await operatorCall(
        t,
        'POST',
        `/wallets/${encodeURIComponent('013-000 0003')}/credit?role=buyer`,
        { amount: 100 },
        { 'idempotency-key': randomUUID() },
      );
      expect(buyerCredit.statusCode, buyerCredit.body).toBe(200);

      const audit = (await operatorCall(t, 'GET', '/audit?limit=20')).json().items as AuditEntry[];
      const actions = audit.map((a) => a.action);
      expect(actions).toEqual(
        expect.arrayContaining([
          'business.reject',
          'business.verify',
          'service_fee.set',
          'wallet.credit',
        ]),
      );
      const fee = audit.find((a) => a.action === 'service_fee.set');
      expect(fee).toMatchObject({
        operator: 'tester',
        before: { rateBps: 350 },
        after: { rateBps: before },
      });
      // The credit repeated by its key was recorded once.
      expect(audit.filter((a) => a.action === 'wallet.credit' && a.targetId === id)).toHaveLength(
        1,
      );

      const list = (await operatorCall(t, 'GET', '/merchants?businessStatus=verified')).json();
      expect(list.items.some((x: { merchantId: string }) => x.merchantId === id)).toBe(true);
    });
  });
});
