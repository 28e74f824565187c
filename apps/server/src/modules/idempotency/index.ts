/**
 * What other modules may use of this one besides its services (module boundaries in
 * eslint.config.js); a function taking `Db | Tx` runs inside the caller's transaction.
 * A retried request is answered from its key, inside the caller's transaction.
 */
export { idempotent } from './idempotency.js';
