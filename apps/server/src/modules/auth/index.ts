/**
 * What other modules may use of this one besides its services (module boundaries in
 * eslint.config.js); a function taking `Db | Tx` runs inside the caller's transaction.
 * The operator finds an account by phone inside the action it audits.
 */
export { findAccount, type Role } from './auth.repo.js';
