/**
 * What other modules may use of this one besides its services (module boundaries in
 * eslint.config.js); a function taking `Db | Tx` runs inside the caller's transaction.
 * Every change writes its event in its own transaction, so a stream never tells of a rolled-back
 * change.
 */
export { accountEvent, insertEvent, insertEvents, type NewMerchantEvent } from './events.repo.js';
export { RESYNC } from './events.hub.js';
