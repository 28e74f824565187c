import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { buyerCover } from '../buyers/index.js';
import { idempotent } from '../idempotency/index.js';
import { postEntry } from './wallet.ledger.js';
import { statementPage } from './wallet.repo.js';
import { walletEntryOf } from './wallet.view.js';

const STATEMENT_LIMIT = 50;

/** A buyer's wallet: what pays orders, takes refunds and covers bids (PRODUCT.md §1, §4a). */
export function createWalletService({
  db,
  clock,
  allowTopUp,
}: {
  db: Db;
  clock: Clock;
  /** Demo and test mode: buyers may add money themselves (no payment gateway here). */
  allowTopUp: boolean;
}) {
  async function wallet(accountId: string) {
    const [entries, cover] = await Promise.all([
      statementPage(db, accountId, { limit: STATEMENT_LIMIT }),
      buyerCover(db, accountId),
    ]);
    return { balance: cover.balance, cover, entries: entries.map(walletEntryOf) };
  }

  async function topUp(accountId: string, amount: number, key: string) {
    if (!allowTopUp) throw new AppError('FORBIDDEN');
    return db.transaction(async (tx) => {
      const now = clock.now();
      return idempotent(tx, { accountId, key, request: ['top-up', amount], now }, async () => {
        const entry = await postEntry(tx, { accountId, type: 'deposit', amount, createdAt: now });
        return {
          balance: entry.balanceAfter,
          cover: await buyerCover(tx, accountId),
          entries: [walletEntryOf(entry)],
        };
      });
    });
  }

  return { wallet, topUp };
}

export type WalletService = ReturnType<typeof createWalletService>;
