/**
 * What other modules may use of this one besides its services (module boundaries in
 * eslint.config.js); a function taking `Db | Tx` runs inside the caller's transaction.
 * Orders lock a lot and return kg to it inside the cancel or default that frees them.
 */
export { lockLot, returnToLot } from './auctions.repo.js';
