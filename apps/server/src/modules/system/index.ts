/**
 * What other modules may use of this one besides its services (module boundaries in
 * eslint.config.js); a function taking `Db | Tx` runs inside the caller's transaction.
 * The service fee rate and the shared settings, read where a fee is fixed and set by the operator.
 */
export { serviceFeeBps, setServiceFeeBps, settingOrCreate, settingValue } from './settings.repo.js';
