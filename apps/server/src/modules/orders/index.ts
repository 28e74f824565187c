/**
 * What other modules may use of this one besides its services (module boundaries in
 * eslint.config.js); a function taking `Db | Tx` runs inside the caller's transaction.
 * The award creates orders, and an invoice locks its order, inside their own transactions.
 */
export {
  canceledBuyersOfLot,
  insertOrders,
  lockOrder,
  orderView,
  ordersOfLot,
  type OrderRow,
} from './orders.repo.js';
