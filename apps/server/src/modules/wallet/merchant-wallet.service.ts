import type { statementQuery } from '@sm/contract';
import {
  bankName,
  maskAccountNumber,
  type MerchantWalletResponse,
  type StatementResponse,
  type Withdrawal,
  WITHDRAWAL_INTERVAL_MS,
} from '@sm/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { type Clock, secondsUntil } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { bankAccountOf } from '../bank/index.js';
import { accountEvent, insertEvent } from '../events/index.js';
import { idempotent } from '../idempotency/index.js';
import { upcomingPayoutOf } from '../payouts/index.js';
import { postEntry } from './wallet.ledger.js';
import { balanceOf, lockAccount, statementPage } from './wallet.repo.js';
import { walletEntryOf, withdrawalOf } from './wallet.view.js';
import * as withdrawals from './withdrawals.repo.js';

/** Tells the merchant's open apps that the wallet moved, in the transaction that moved it. */
export const walletChanged = (tx: Tx, merchantId: string, at: Date) =>
  insertEvent(tx, accountEvent(merchantId, 'wallet_changed', at));

/**
 * When the 24 h rule next allows the merchant a withdrawal, or null when it allows one now. A
 * rejected withdrawal does not count (lastCountedWithdrawal).
 */
async function nextWithdrawalAt(tx: Tx, merchantId: string, now: Date): Promise<Date | null> {
  const since = new Date(now.getTime() - WITHDRAWAL_INTERVAL_MS);
  const last = await withdrawals.lastCountedWithdrawal(tx, merchantId, since);
  return last && new Date(last.requestedAt.getTime() + WITHDRAWAL_INTERVAL_MS);
}

/** A merchant's wallet (PRODUCT.md §6): balance, statement and withdrawals. */
export function createMerchantWalletService({ db, clock }: { db: Db; clock: Clock }) {
  async function wallet(merchantId: string): Promise<MerchantWalletResponse> {
    const now = clock.now();
    const [balance, pending, next, bank, upcomingPayout] = await Promise.all([
      balanceOf(db, merchantId),
      withdrawals.pendingWithdrawalOf(db, merchantId),
      nextWithdrawalAt(db, merchantId, now),
      bankAccountOf(db, merchantId),
      upcomingPayoutOf(db, merchantId),
    ]);
    return {
      balance,
      pendingWithdrawal: pending ? withdrawalOf(pending) : null,
      nextWithdrawalAt: next?.toISOString() ?? null,
      bankAccount: bank && {
        bankName: bankName(bank.bankCode),
        holderName: bank.holderName,
        accountNumber: maskAccountNumber(bank.accountNumber),
        status: bank.status,
      },
      upcomingPayout,
    };
  }

  async function statement(
    merchantId: string,
    query: z.output<typeof statementQuery>,
  ): Promise<StatementResponse> {
    // One more than a page: whether there is a next page without a count.
    const rows = await statementPage(db, merchantId, {
      type: query.type,
      beforeId: query.cursor === undefined ? undefined : Number(query.cursor),
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map(walletEntryOf),
      nextCursor: rows.length > query.limit && last ? String(last.id) : null,
    };
  }

  /**
   * Requests a withdrawal of `amount` sen to the verified bank account. The rules are checked under
   * the lock of the merchant's wallet, so concurrent requests take turns and see each other; the
   * partial unique index on Pending withdrawals stands behind them.
   */
  async function withdraw(merchantId: string, amount: number, key: string): Promise<Withdrawal> {
    return db.transaction(async (tx) => {
      const now = clock.now();
      return idempotent(
        tx,
        { accountId: merchantId, key, request: ['withdraw', amount], now },
        async () => {
          if (!(await lockAccount(tx, merchantId))) throw new AppError('NOT_FOUND');
          const bank = await bankAccountOf(tx, merchantId);
          if (!bank) throw new AppError('BANK_ACCOUNT_REQUIRED');
          if (bank.status !== 'verified') throw new AppError('BANK_ACCOUNT_NOT_VERIFIED');
          if (await withdrawals.pendingWithdrawalOf(tx, merchantId)) {
            throw new AppError('WITHDRAWAL_PENDING');
          }
          const next = await nextWithdrawalAt(tx, merchantId, now);
          if (next) {
            throw new AppError('WITHDRAWAL_TOO_SOON', {
              retryAfterSeconds: secondsUntil(next.getTime(), now.getTime()),
            });
          }
          const row = await withdrawals.insertWithdrawal(tx, {
            merchantId,
            amount,
            bankCode: bank.bankCode,
            holderName: bank.holderName,
            accountNumber: bank.accountNumber,
            requestedAt: now,
          });
          await postEntry(tx, {
            accountId: merchantId,
            type: 'withdrawal',
            amount: -amount,
            withdrawalId: row.id,
            createdAt: now,
          });
          await walletChanged(tx, merchantId, now);
          return withdrawalOf(row);
        },
      );
    });
  }

  /** One of the merchant's withdrawals; another merchant's answers 404 as a missing one. */
  async function withdrawal(merchantId: string, id: string): Promise<Withdrawal> {
    const row = await withdrawals.withdrawalById(db, id);
    if (!row || row.merchantId !== merchantId) throw new AppError('NOT_FOUND');
    return withdrawalOf(row);
  }

  return { wallet, statement, withdraw, withdrawal };
}

export type MerchantWalletService = ReturnType<typeof createMerchantWalletService>;
