/**
 * What other modules may use of this one besides its services (module boundaries in
 * eslint.config.js); a function taking `Db | Tx` runs inside the caller's transaction.
 * A lot names its boat: the auction form checks the merchant's boats.
 */
export { boatsOf } from './boats.repo.js';
