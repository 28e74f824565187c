import type { WalletEntryType } from '@sm/contract';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { accounts, walletEntries } from '../../db/schema.js';

export type WalletEntryRow = typeof walletEntries.$inferSelect;

/**
 * Locks the account until the transaction ends, so that its entries are appended one at a time and
 * each balance_after follows from the one before. NO KEY UPDATE, because rows that merely point at
 * the account (an Idempotency-Key claimed earlier in another transaction) hold KEY SHARE locks on
 * it, which a plain FOR UPDATE would wait for: a deadlock with that transaction.
 */
export async function lockAccount(tx: Tx, accountId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .for('no key update');
  return row !== undefined;
}

export async function balanceOf(tx: Tx, accountId: string): Promise<number> {
  const [row] = await tx
    .select({ balance: walletEntries.balanceAfter })
    .from(walletEntries)
    .where(eq(walletEntries.accountId, accountId))
    .orderBy(desc(walletEntries.id))
    .limit(1);
  return row?.balance ?? 0;
}

/** Appends an entry; the caller holds lockAccount and has worked out balance_after. */
export async function insertEntry(
  tx: Tx,
  entry: Omit<typeof walletEntries.$inferInsert, 'id'>,
): Promise<WalletEntryRow> {
  const [row] = await tx.insert(walletEntries).values(entry).returning();
  if (!row) throw new Error('wallet entry insert returned nothing');
  return row;
}

/** A page of an account's statement, newest first, optionally of one type, before entry `beforeId`. */
export async function statementPage(
  tx: Tx,
  accountId: string,
  options: { type?: WalletEntryType; beforeId?: number; limit: number },
) {
  return tx
    .select()
    .from(walletEntries)
    .where(
      and(
        eq(walletEntries.accountId, accountId),
        options.type ? eq(walletEntries.type, options.type) : undefined,
        options.beforeId === undefined ? undefined : lt(walletEntries.id, options.beforeId),
      ),
    )
    .orderBy(desc(walletEntries.id))
    .limit(options.limit);
}
