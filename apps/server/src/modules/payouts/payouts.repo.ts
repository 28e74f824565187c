import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.js';
import { orders, payoutRuns } from '../../db/schema.js';

export type PayoutOrder = Pick<
  typeof orders.$inferSelect,
  'id' | 'merchantId' | 'lotId' | 'subtotal' | 'fee'
>;

const payoutColumns = {
  id: orders.id,
  merchantId: orders.merchantId,
  lotId: orders.lotId,
  subtotal: orders.subtotal,
  fee: orders.fee,
};

/**
 * Orders Payout Scheduled for `day` or before, locked. SKIP LOCKED: a second process running
 * the same day takes other orders instead of waiting for these. In merchant order, because each
 * payout then locks its merchant's wallet: two processes must take wallets in the same order, or
 * they deadlock (found by running two runs on PostgreSQL).
 */
export async function dueScheduled(tx: Tx, day: string, limit: number): Promise<PayoutOrder[]> {
  return tx
    .select(payoutColumns)
    .from(orders)
    .where(and(eq(orders.payoutStatus, 'scheduled'), lte(orders.payoutOn, day)))
    .orderBy(asc(orders.merchantId), asc(orders.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Payout Pending orders (Completed, not yet scheduled), locked the same way. */
export async function pendingPayouts(tx: Tx, limit: number): Promise<PayoutOrder[]> {
  return tx
    .select(payoutColumns)
    .from(orders)
    .where(eq(orders.payoutStatus, 'pending'))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markCompleted(tx: Tx, orderIds: string[], at: Date): Promise<void> {
  if (orderIds.length === 0) return;
  await tx
    .update(orders)
    .set({ payoutStatus: 'completed', payoutAt: at })
    .where(inArray(orders.id, orderIds));
}

export async function markScheduled(tx: Tx, orderIds: string[], day: string): Promise<void> {
  if (orderIds.length === 0) return;
  await tx
    .update(orders)
    .set({ payoutStatus: 'scheduled', payoutOn: day })
    .where(inArray(orders.id, orderIds));
}

/** What a merchant's Completed orders will still pay out (subtotal − fee), sen. */
export async function upcomingPayoutOf(tx: Tx, merchantId: string): Promise<number> {
  const [row] = rowsOf<{ total: string | number | null }>(
    await tx.execute(sql`
      select coalesce(sum(${orders.subtotal} - ${orders.fee}), 0) as total
      from ${orders}
      where ${orders.merchantId} = ${merchantId}
        and ${orders.payoutStatus} in ('pending', 'scheduled')`),
  );
  return Number(row?.total ?? 0);
}

export async function payoutRunOf(tx: Tx, day: string) {
  const [row] = await tx.select().from(payoutRuns).where(eq(payoutRuns.day, day)).limit(1);
  return row ?? null;
}

/** Adds one batch's counts to the day's run, starting the record on its first batch. */
export async function recordPayoutBatch(
  tx: Tx,
  run: { day: string; at: Date; completed: number; scheduled: number; finished: boolean },
): Promise<void> {
  await tx
    .insert(payoutRuns)
    .values({
      day: run.day,
      startedAt: run.at,
      completed: run.completed,
      scheduled: run.scheduled,
      finishedAt: run.finished ? run.at : null,
    })
    .onConflictDoUpdate({
      target: payoutRuns.day,
      set: {
        completed: sql`${payoutRuns.completed} + ${run.completed}`,
        scheduled: sql`${payoutRuns.scheduled} + ${run.scheduled}`,
        finishedAt: run.finished ? run.at : sql`${payoutRuns.finishedAt}`,
      },
    });
}
