import type { WithdrawalStatus } from '@sm/contract';
import { and, asc, desc, eq, gt, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { accounts, stores, withdrawals } from '../../db/schema.js';

export type WithdrawalRow = typeof withdrawals.$inferSelect;

export async function insertWithdrawal(
  tx: Tx,
  values: Omit<typeof withdrawals.$inferInsert, 'id' | 'status'>,
): Promise<WithdrawalRow> {
  const [row] = await tx.insert(withdrawals).values(values).returning();
  if (!row) throw new Error('withdrawal insert returned nothing');
  return row;
}

export async function pendingWithdrawalOf(tx: Tx, merchantId: string) {
  const [row] = await tx
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.merchantId, merchantId), eq(withdrawals.status, 'pending')))
    .limit(1);
  return row ?? null;
}

/**
 * The newest withdrawal since `since` that counts towards the 24 h rule. A rejected one does not:
 * its money came back, and the merchant may have to fix the account and try again.
 */
export async function lastCountedWithdrawal(tx: Tx, merchantId: string, since: Date) {
  const [row] = await tx
    .select({ requestedAt: withdrawals.requestedAt })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.merchantId, merchantId),
        ne(withdrawals.status, 'rejected'),
        gt(withdrawals.requestedAt, since),
      ),
    )
    .orderBy(desc(withdrawals.requestedAt))
    .limit(1);
  return row ?? null;
}

export async function withdrawalById(tx: Tx, id: string) {
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).limit(1);
  return row ?? null;
}

export async function lockWithdrawal(tx: Tx, id: string) {
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
  return row ?? null;
}

export async function reviewWithdrawal(
  tx: Tx,
  id: string,
  review: { status: WithdrawalStatus; reviewedAt: Date; reviewedBy: string; rejectReason?: string },
): Promise<WithdrawalRow> {
  const [row] = await tx
    .update(withdrawals)
    .set({ rejectReason: null, ...review })
    .where(eq(withdrawals.id, id))
    .returning();
  if (!row) throw new Error('withdrawal vanished under its lock');
  return row;
}

/** The operator's list; the Pending queue oldest first, so the longest waiting comes first. */
export async function listWithdrawals(
  tx: Tx,
  options: { status?: WithdrawalStatus; limit: number },
) {
  return tx
    .select({ withdrawal: withdrawals, merchantPhone: accounts.phone, storeName: stores.name })
    .from(withdrawals)
    .innerJoin(accounts, eq(accounts.id, withdrawals.merchantId))
    .leftJoin(stores, eq(stores.merchantId, withdrawals.merchantId))
    .where(options.status ? eq(withdrawals.status, options.status) : undefined)
    .orderBy(
      options.status === 'pending' ? asc(withdrawals.requestedAt) : desc(withdrawals.requestedAt),
    )
    .limit(options.limit);
}
