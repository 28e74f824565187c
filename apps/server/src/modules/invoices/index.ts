/**
 * What other modules may use of this one besides its services (module boundaries in
 * eslint.config.js); a function taking `Db | Tx` runs inside the caller's transaction.
 * An order's invoice facts, and the refund and tax-detail marks its changes set, in the same
 * transaction.
 */
export { invoiceInfoOf } from './invoice.view.js';
export { invoiceOfOrder, markRefundPending, taxDetailsChanged } from './invoices.repo.js';
