import type { WalletEntryType } from '@sm/contract';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { balanceOf, insertEntry, lockAccount } from './wallet.repo.js';

/**
 * Moves money in or out of one wallet, in the caller's transaction (the one of the business change
 * that moves it). A debit larger than the balance is refused: no wallet goes below zero.
 */
export async function postEntry(
  tx: Tx,
  entry: {
    accountId: string;
    type: WalletEntryType;
    /** Signed sen. */
    amount: number;
    orderId?: string | null;
    withdrawalId?: string | null;
    createdAt: Date;
  },
) {
  if (!(await lockAccount(tx, entry.accountId))) throw new AppError('NOT_FOUND');
  const balanceAfter = (await balanceOf(tx, entry.accountId)) + entry.amount;
  if (balanceAfter < 0) throw new AppError('INSUFFICIENT_BALANCE');
  return insertEntry(tx, { ...entry, balanceAfter });
}
