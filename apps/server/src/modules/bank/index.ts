/**
 * What other modules may use of this one besides its services (module boundaries in
 * eslint.config.js); a function taking `Db | Tx` runs inside the caller's transaction.
 * The operator reviews a bank account, and the wallet reads it, inside their own transactions.
 */
export { bankAccountOf, listBankAccounts, reviewBankAccount } from './bank.repo.js';
