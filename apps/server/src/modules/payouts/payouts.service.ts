import type { PayoutRunResult } from '@sm/contract';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { klDate, klDayStart } from '../../lib/kl-time.js';
import { accountEvent, insertEvents, type NewMerchantEvent } from '../events/index.js';
import { postEntry } from '../wallet/index.js';
import * as repo from './payouts.repo.js';

/** Orders moved per transaction. */
const PAYOUT_BATCH = 200;

/** Tells the merchants' open apps that these orders' payouts moved. */
const ordersUpdated = (orders: readonly repo.PayoutOrder[], at: Date): NewMerchantEvent[] =>
  orders.map((order) => ({
    merchantId: order.merchantId,
    type: 'order_updated',
    auctionId: null,
    lotId: order.lotId,
    orderId: order.id,
    createdAt: at,
  }));

/**
 * The daily payout run (PRODUCT.md §5). On Kuala Lumpur day D it first pays out what was scheduled
 * for D or before (Sales Revenue +subtotal and Service Fee −fee into the merchant's wallet,
 * Payout Completed), then schedules what is Payout Pending for D+1. Each batch is one transaction
 * that moves the orders and their money together, on rows locked SKIP LOCKED; so a run cut short
 * anywhere leaves every order either wholly paid or untouched, the next run carries on, and two
 * processes running at once share the work instead of paying twice. The unique (order, type)
 * ledger index stands behind all of it.
 */
export function createPayoutService({
  db,
  clock,
  batchSize = PAYOUT_BATCH,
}: {
  db: Db;
  clock: Clock;
  batchSize?: number;
}) {
  async function completeBatch(day: string): Promise<{ n: number; paidOut: number }> {
    return db.transaction(async (tx) => {
      const now = clock.now();
      const due = await repo.dueScheduled(tx, day, batchSize);
      let paidOut = 0;
      for (const order of due) {
        const base = { accountId: order.merchantId, orderId: order.id, createdAt: now };
        await postEntry(tx, { ...base, type: 'sales_revenue', amount: order.subtotal });
        if (order.fee > 0)
          await postEntry(tx, { ...base, type: 'service_fee', amount: -order.fee });
        paidOut += order.subtotal - order.fee;
      }
      await repo.markCompleted(
        tx,
        due.map((o) => o.id),
        now,
      );
      const merchantIds = [...new Set(due.map((o) => o.merchantId))];
      await insertEvents(tx, [
        ...ordersUpdated(due, now),
        ...merchantIds.flatMap((id) => [
          accountEvent(id, 'wallet_changed', now),
          // News as well: what was paid in reads from the orders stamped `now` above.
          accountEvent(id, 'payout_completed', now),
        ]),
      ]);
      await repo.recordPayoutBatch(tx, {
        day,
        at: now,
        completed: due.length,
        scheduled: 0,
        finished: false,
      });
      return { n: due.length, paidOut };
    });
  }

  async function scheduleBatch(day: string, payoutOn: string): Promise<number> {
    return db.transaction(async (tx) => {
      const now = clock.now();
      const pending = await repo.pendingPayouts(tx, batchSize);
      await repo.markScheduled(
        tx,
        pending.map((o) => o.id),
        payoutOn,
      );
      await insertEvents(tx, ordersUpdated(pending, now));
      await repo.recordPayoutBatch(tx, {
        day,
        at: now,
        completed: 0,
        scheduled: pending.length,
        finished: false,
      });
      return pending.length;
    });
  }

  /** One whole run for today (Kuala Lumpur). Safe to repeat: a second run finds nothing to do. */
  async function run(): Promise<PayoutRunResult> {
    const day = klDate(clock.now());
    const payoutOn = klDate(klDayStart(day, 1));
    const result = { day, completed: 0, scheduled: 0, paidOut: 0 };
    for (;;) {
      const { n, paidOut } = await completeBatch(day);
      result.completed += n;
      result.paidOut += paidOut;
      if (n < batchSize) break;
    }
    for (;;) {
      const n = await scheduleBatch(day, payoutOn);
      result.scheduled += n;
      if (n < batchSize) break;
    }
    await repo.recordPayoutBatch(db, {
      day,
      at: clock.now(),
      completed: 0,
      scheduled: 0,
      finished: true,
    });
    return result;
  }

  /** The job's tick: today's run, unless it has already finished (in any process). */
  async function runIfDue(): Promise<PayoutRunResult | null> {
    const today = await repo.payoutRunOf(db, klDate(clock.now()));
    return today?.finishedAt ? null : run();
  }

  return { run, runIfDue };
}

export type PayoutService = ReturnType<typeof createPayoutService>;
