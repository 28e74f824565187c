/**
 * What other modules may use of this one besides its services (module boundaries in
 * eslint.config.js); a function taking `Db | Tx` runs inside the caller's transaction.
 * The wallet shows the next payout.
 */
export { upcomingPayoutOf } from './payouts.repo.js';
