import type { OrderCounts } from '@sm/contract';
import { describe, expect, it } from 'vitest';
import { badgeCount, orderTodo } from './orderTodo';

const counts = (fields: Partial<OrderCounts>): OrderCounts => ({
  all: 0,
  to_pay: 0,
  paid: 0,
  to_ship: 0,
  in_transit: 0,
  completed: 0,
  canceled: 0,
  ...fields,
});

describe('orderTodo', () => {
  it('lists paid, ready for pickup and unpaid orders, in the order a merchant works', () => {
    const todo = orderTodo(counts({ all: 12, paid: 2, to_ship: 1, to_pay: 3, completed: 6 }));
    expect(todo.items).toEqual([
      { tab: 'paid', count: 2 },
      { tab: 'to_ship', count: 1 },
      { tab: 'to_pay', count: 3 },
    ]);
    expect(todo.total).toBe(6);
  });

  it('badges only what waits on the merchant: paid and ready for pickup, not unpaid', () => {
    expect(orderTodo(counts({ paid: 2, to_ship: 1, to_pay: 3 })).needsAction).toBe(3);
    expect(orderTodo(counts({ to_pay: 3 })).needsAction).toBe(0);
  });

  it('has nothing to show when only finished, canceled or travelling orders are left', () => {
    const todo = orderTodo(counts({ all: 9, in_transit: 2, completed: 5, canceled: 2 }));
    expect(todo.total).toBe(0);
    expect(todo.needsAction).toBe(0);
    expect(todo.items.map((item) => item.count)).toEqual([0, 0, 0]);
  });

  it('reads a tab the server left out as none', () => {
    expect(orderTodo({ paid: 4 } as OrderCounts)).toEqual({
      items: [
        { tab: 'paid', count: 4 },
        { tab: 'to_ship', count: 0 },
        { tab: 'to_pay', count: 0 },
      ],
      needsAction: 4,
      total: 4,
    });
  });
});

describe('badgeCount', () => {
  it('shows the number up to 99, then 99+', () => {
    expect(badgeCount(1)).toBe('1');
    expect(badgeCount(99)).toBe('99');
    expect(badgeCount(100)).toBe('99+');
  });
});
