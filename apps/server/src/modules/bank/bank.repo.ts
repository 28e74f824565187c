import type { BankAccountStatus } from '@sm/contract';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { accounts, bankAccounts, stores } from '../../db/schema.js';

export type BankAccountRow = typeof bankAccounts.$inferSelect;

export async function bankAccountOf(tx: Tx, merchantId: string, lock = false) {
  const query = tx.select().from(bankAccounts).where(eq(bankAccounts.merchantId, merchantId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function upsertBankAccount(
  tx: Tx,
  values: Omit<BankAccountRow, 'rejectReason' | 'reviewedAt'>,
): Promise<BankAccountRow> {
  const [row] = await tx
    .insert(bankAccounts)
    .values(values)
    .onConflictDoUpdate({
      target: bankAccounts.merchantId,
      set: {
        bankCode: values.bankCode,
        holderName: values.holderName,
        accountNumber: values.accountNumber,
        status: values.status,
        rejectReason: null,
        reviewedAt: null,
        updatedAt: values.updatedAt,
      },
    })
    .returning();
  if (!row) throw new Error('bank account upsert returned nothing');
  return row;
}

export async function reviewBankAccount(
  tx: Tx,
  merchantId: string,
  review: { status: BankAccountStatus; reviewedAt: Date; rejectReason: string | null },
): Promise<BankAccountRow> {
  const [row] = await tx
    .update(bankAccounts)
    .set(review)
    .where(eq(bankAccounts.merchantId, merchantId))
    .returning();
  if (!row) throw new Error('bank account vanished under its lock');
  return row;
}

/** The operator's list, oldest change first (the longest waiting is reviewed first). */
export async function listBankAccounts(
  tx: Tx,
  options: { status?: BankAccountStatus; limit: number },
) {
  return tx
    .select({ bank: bankAccounts, merchantPhone: accounts.phone, storeName: stores.name })
    .from(bankAccounts)
    .innerJoin(accounts, eq(accounts.id, bankAccounts.merchantId))
    .leftJoin(stores, eq(stores.merchantId, bankAccounts.merchantId))
    .where(options.status ? eq(bankAccounts.status, options.status) : undefined)
    .orderBy(asc(bankAccounts.updatedAt))
    .limit(options.limit);
}
