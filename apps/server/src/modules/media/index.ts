/**
 * What other modules may use of this one besides its services (module boundaries in
 * eslint.config.js); a function taking `Db | Tx` runs inside the caller's transaction.
 * The photos a lot or a store points at: the merchant's own, checked and shown as items.
 */
export { findMediaByIds, type MediaRow } from './media.repo.js';
export { mediaItemOf, thumbUrlOf } from './media.view.js';
