/**
 * What other modules may use of this one besides its services (module boundaries in
 * eslint.config.js); a function taking `Db | Tx` runs inside the caller's transaction.
 * A buyer's records and cover, read and locked inside the bid, award or operator action that relies
 * on them.
 */
export {
  buyerRecordJson,
  buyerWithPhone,
  lockBuyer,
  lockBuyerCover,
  recordsOf,
  samePhoneMerchant,
  type BuyerRow,
  updateBuyer,
} from './buyers.repo.js';
export { assertCovered, buyerCover, insufficientBalance } from './cover.js';
