import type { BuyerTaxDetails } from '@sm/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { lockBuyer, taxDetailsOf, updateBuyer } from './buyers.repo.js';

/**
 * A buyer's tax details (PRODUCT.md §5a): given, it is e-invoiced in its own name from its next
 * invoice on; forgotten, as LHDN's consolidated general public. Invoices already issued keep what
 * they were issued with.
 */
export function createBuyerTaxService({ db }: { db: Db }) {
  /** Changes the buyer's details; NOT_FOUND for an account that is no buyer. */
  const set = (buyerId: string, taxDetails: BuyerTaxDetails | null) =>
    db.transaction(async (tx) => {
      if (!(await lockBuyer(tx, buyerId))) throw new AppError('NOT_FOUND');
      return (await updateBuyer(tx, buyerId, { taxDetails })).taxDetails;
    });

  return {
    taxDetails: (buyerId: string) => taxDetailsOf(db, buyerId),
    save: (buyerId: string, details: BuyerTaxDetails) => set(buyerId, details),
    forget: (buyerId: string) => set(buyerId, null),
  };
}

export type BuyerTaxService = ReturnType<typeof createBuyerTaxService>;
