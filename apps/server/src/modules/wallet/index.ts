/**
 * What other modules may use of this one besides its services (module boundaries in
 * eslint.config.js); a function taking `Db | Tx` runs inside the caller's transaction.
 * Ledger entries and withdrawals, posted and locked inside the caller's transaction (order refunds,
 * payouts, the operator's adjustments and reviews).
 */
export { postEntry } from './wallet.ledger.js';
export { balanceOf, lockAccount } from './wallet.repo.js';
export { withdrawalOf } from './wallet.view.js';
export { listWithdrawals, lockWithdrawal, reviewWithdrawal } from './withdrawals.repo.js';
