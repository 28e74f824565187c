import type { bankAccountInput } from '@sm/contract';
import { type BankAccount, bankName } from '@sm/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { type BankAccountRow, bankAccountOf, upsertBankAccount } from './bank.repo.js';

export const bankAccountView = (row: BankAccountRow): BankAccount => ({
  bankCode: row.bankCode,
  bankName: bankName(row.bankCode),
  holderName: row.holderName,
  accountNumber: row.accountNumber,
  status: row.status,
  rejectReason: row.rejectReason,
  updatedAt: row.updatedAt.toISOString(),
  reviewedAt: row.reviewedAt?.toISOString() ?? null,
});

/** The merchant's one bank account (PRODUCT.md §6). */
export function createBankService({ db, clock }: { db: Db; clock: Clock }) {
  async function get(merchantId: string): Promise<BankAccount | null> {
    const row = await bankAccountOf(db, merchantId);
    return row && bankAccountView(row);
  }

  /**
   * Saves the account. Any change sets it back to Unverified for the operator to check again;
   * saving it unchanged (a double tap) keeps its status.
   */
  async function save(
    merchantId: string,
    input: z.output<typeof bankAccountInput>,
  ): Promise<BankAccount> {
    return db.transaction(async (tx) => {
      const current = await bankAccountOf(tx, merchantId, true);
      if (
        current &&
        current.bankCode === input.bankCode &&
        current.holderName === input.holderName &&
        current.accountNumber === input.accountNumber
      ) {
        return bankAccountView(current);
      }
      const now = clock.now();
      const row = await upsertBankAccount(tx, {
        merchantId,
        ...input,
        status: 'unverified',
        createdAt: current?.createdAt ?? now,
        updatedAt: now,
      });
      return bankAccountView(row);
    });
  }

  return { get, save };
}

export type BankService = ReturnType<typeof createBankService>;
