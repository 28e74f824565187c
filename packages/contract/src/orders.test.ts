import { describe, expect, it } from 'vitest';
import {
  cancelTarget,
  canMove,
  nextFulfilment,
  ORDER_STATUSES,
  type OrderActor,
  type OrderStatus,
} from './order-fields.js';
import { orderFilter } from './orders.js';

/**
 * PRODUCT.md §5's table, written out again by hand: every (from, to, actor) not listed here must be
 * refused. P = Pending Payment, and so on.
 */
const ALLOWED = new Set([
  'pending_payment→paid:buyer',
  // PRODUCT.md §4a: at the deadline the wallet is charged when it covers the order.
  'pending_payment→paid:system',
  'pending_payment→canceled:system',
  'pending_payment→canceled:merchant',
  'paid→ready_for_pickup:merchant',
  'ready_for_pickup→in_transit:merchant',
  'in_transit→completed:merchant',
  'paid→canceled_refunded:merchant',
  'ready_for_pickup→canceled_refunded:merchant',
]);
const ACTORS: OrderActor[] = ['buyer', 'merchant', 'system'];

describe('order state machine', () => {
  const pairs = ORDER_STATUSES.flatMap((from) =>
    ORDER_STATUSES.flatMap((to) => ACTORS.map((by) => [from, to, by] as const)),
  );

  it.each(pairs)('%s → %s by %s', (from, to, by) => {
    expect(canMove(from, to, by)).toBe(ALLOWED.has(`${from}→${to}:${by}`));
  });

  it('covers all 147 pairs, 9 of them allowed', () => {
    expect(pairs).toHaveLength(7 * 7 * 3);
    expect(pairs.filter(([f, t, b]) => canMove(f, t, b))).toHaveLength(ALLOWED.size);
  });

  it('offers the merchant one fulfilment step and the right kind of cancel', () => {
    const next: Record<OrderStatus, string | null> = {
      pending_payment: null,
      paid: 'ready_for_pickup',
      ready_for_pickup: 'in_transit',
      in_transit: 'completed',
      completed: null,
      canceled: null,
      canceled_refunded: null,
    };
    const cancel: Record<OrderStatus, string | null> = {
      pending_payment: 'canceled',
      paid: 'canceled_refunded',
      ready_for_pickup: 'canceled_refunded',
      in_transit: null,
      completed: null,
      canceled: null,
      canceled_refunded: null,
    };
    for (const s of ORDER_STATUSES) {
      expect(nextFulfilment(s), s).toBe(next[s]);
      expect(cancelTarget(s), s).toBe(cancel[s]);
    }
  });
});

describe('order filter', () => {
  const codeOf = (input: object) => {
    const r = orderFilter.safeParse(input);
    return r.success ? null : r.error.issues[0]?.message;
  };

  it('needs both days of a custom range, in order, within a year', () => {
    expect(codeOf({ period: 'custom', from: '2026-01-01', to: '2026-01-31' })).toBeNull();
    expect(codeOf({ period: 'custom', from: '2026-01-01' })).toBe('INVALID_DATE');
    expect(codeOf({ period: 'custom', from: '2026-02-01', to: '2026-01-01' })).toBe(
      'INVALID_DATE_RANGE',
    );
    expect(codeOf({ period: 'custom', from: '2025-01-01', to: '2026-06-01' })).toBe(
      'INVALID_DATE_RANGE',
    );
    expect(codeOf({ period: 'custom', from: '2026-13-01', to: '2026-13-02' })).toBe('INVALID_DATE');
    expect(codeOf({ tab: 'shipped' })).toBe('BAD_REQUEST');
  });
});
