// An order's statuses, its state machine, the list's tabs, periods and export formats, without
// zod: the live events and home read them on every signed-in first screen, which then need not
// wait for a chunk of the contract's schemas (orders.ts, order-status.ts) to find them.

/** PRODUCT.md §5. */
export const ORDER_STATUSES = [
  'pending_payment',
  'paid',
  'ready_for_pickup',
  'in_transit',
  'completed',
  'canceled',
  'canceled_refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Who moves an order: the buyer pays, the merchant fulfils or cancels, the deadline job charges or cancels. */
export type OrderActor = 'buyer' | 'merchant' | 'system';

/**
 * The state machine of PRODUCT.md §5, declared once: the server enforces it, the app offers only
 * the moves it allows. Every pair not listed is refused.
 */
export const ORDER_TRANSITIONS: readonly {
  from: OrderStatus;
  to: OrderStatus;
  by: readonly OrderActor[];
}[] = [
  // The system charges the buyer's wallet at the payment deadline (PRODUCT.md §4a).
  { from: 'pending_payment', to: 'paid', by: ['buyer', 'system'] },
  { from: 'pending_payment', to: 'canceled', by: ['system', 'merchant'] },
  { from: 'paid', to: 'ready_for_pickup', by: ['merchant'] },
  { from: 'ready_for_pickup', to: 'in_transit', by: ['merchant'] },
  { from: 'in_transit', to: 'completed', by: ['merchant'] },
  { from: 'paid', to: 'canceled_refunded', by: ['merchant'] },
  { from: 'ready_for_pickup', to: 'canceled_refunded', by: ['merchant'] },
];

export function canMove(from: OrderStatus, to: OrderStatus, by: OrderActor): boolean {
  return ORDER_TRANSITIONS.some((t) => t.from === from && t.to === to && t.by.includes(by));
}

/** The merchant's fulfilment steps: Ready for Pickup, Handed to Driver, Mark Completed. */
export const FULFILMENT_STATUSES = ['ready_for_pickup', 'in_transit', 'completed'] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];

/** The fulfilment step the merchant may take from `from`, if any. */
export function nextFulfilment(from: OrderStatus): FulfilmentStatus | null {
  return FULFILMENT_STATUSES.find((to) => canMove(from, to, 'merchant')) ?? null;
}

/** What the merchant's Cancel does from `from`: a plain cancel when unpaid, cancel-and-refund when paid. */
export function cancelTarget(from: OrderStatus): OrderStatus | null {
  if (canMove(from, 'canceled', 'merchant')) return 'canceled';
  if (canMove(from, 'canceled_refunded', 'merchant')) return 'canceled_refunded';
  return null;
}

/** Statuses at which the buyer has paid and the money has not gone back. */
export const PAID_STATUSES: readonly OrderStatus[] = [
  'paid',
  'ready_for_pickup',
  'in_transit',
  'completed',
];

/** PRODUCT.md §5's tabs. */
export const ORDER_TABS = [
  'all',
  'to_pay',
  'paid',
  'to_ship',
  'in_transit',
  'completed',
  'canceled',
] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

export const TAB_STATUSES: Record<OrderTab, readonly OrderStatus[]> = {
  all: ORDER_STATUSES,
  to_pay: ['pending_payment'],
  paid: ['paid'],
  to_ship: ['ready_for_pickup'],
  in_transit: ['in_transit'],
  completed: ['completed'],
  canceled: ['canceled', 'canceled_refunded'],
};

/** Date filter of the orders list: Today, 7d, 30d (days in Asia/Kuala_Lumpur) or a custom range. */
export const ORDER_PERIODS = ['all', 'today', '7d', '30d', 'custom'] as const;
export type OrderPeriod = (typeof ORDER_PERIODS)[number];

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
