import {
  cancelTarget,
  type FulfilmentStatus,
  nextFulfilment,
  ORDER_TRANSITIONS,
  type OrderStatus,
  PAID_STATUSES,
  TAB_STATUSES,
} from '@sm/contract';

/**
 * What the merchant can do to an order at `status`, read from the contract's state machine: the
 * next fulfilment step, what Cancel leads to (null when not offered), and whether a pick-up slip
 * makes sense: from payment until the catch is handed over.
 */
export function merchantActions(status: OrderStatus): {
  next: FulfilmentStatus | null;
  cancel: OrderStatus | null;
  slip: boolean;
} {
  return {
    next: nextFulfilment(status),
    cancel: cancelTarget(status),
    slip: PAID_STATUSES.includes(status) && status !== 'completed',
  };
}

/**
 * The statuses an order still has ahead of it on the way to Completed (the timeline's grey
 * steps): each first move of the state machine that is not a cancel. Empty once it is done.
 */
export function upcomingStatuses(status: OrderStatus): OrderStatus[] {
  const ahead: OrderStatus[] = [];
  let current = status;
  for (;;) {
    const step = ORDER_TRANSITIONS.find(
      (t) => t.from === current && !isCanceled(t.to) && !ahead.includes(t.to),
    );
    if (!step) return ahead;
    ahead.push(step.to);
    current = step.to;
  }
}

/** An invoice can be made once the buyer has paid and the money has not gone back. */
export const canInvoice = (status: OrderStatus) => PAID_STATUSES.includes(status);

export const isCanceled = (status: OrderStatus) => TAB_STATUSES.canceled.includes(status);

/** Basis points as a percentage: 500 → 5%, 250 → 2.5%. */
export const percent = (bps: number) => `${bps / 100}%`;
