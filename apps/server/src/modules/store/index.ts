/**
 * What other modules may use of this one besides its services (module boundaries in
 * eslint.config.js); a function taking `Db | Tx` runs inside the caller's transaction.
 * A store's name and business status: checked by lots and slips, set by the operator in its audited
 * transaction.
 */
export {
  businessStatusOf,
  lockBusinessStatus,
  setBusinessStatus,
  storeNameOf,
} from './store.repo.js';
