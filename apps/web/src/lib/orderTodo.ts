import type { OrderCounts, OrderPeriod, OrderTab } from '@sm/contract';
import { ordersApi } from '@sm/contract/route-table';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ORDERS_KEY_ROOT } from './queryKeys';
import { api } from './api';

/**
 * Root of every orders-per-tab count (GET /api/orders/counts). The orders feature's live events
 * and mutations invalidate it, so Home's to-do and the Orders tab's badge follow them too.
 */
export const ORDER_COUNTS_KEY_ROOT = [...ORDERS_KEY_ROOT, 'counts'] as const;

/** What the counts are asked with: period and search (they span every tab). */
export interface OrderCountsScope {
  period: OrderPeriod;
  from?: string | undefined;
  to?: string | undefined;
  q: string;
}

export const orderCountsKey = ({ period, from, to, q }: OrderCountsScope) =>
  [...ORDER_COUNTS_KEY_ROOT, { period, from, to, q }] as const;

/**
 * The counts of all time with no search: what the Orders page asks when unfiltered, under the
 * same key, so Home, the tab bar and the page share one answer.
 */
export const allOrderCountsQueryOptions = () =>
  queryOptions({
    queryKey: orderCountsKey({ period: 'all', q: '' }),
    queryFn: ({ signal }) => api(ordersApi.counts, { query: { period: 'all' }, signal }),
    // Live events refresh it; a tab change need not ask again.
    staleTime: 30_000,
  });

/**
 * Home's to-do, in the order a merchant works through it: paid orders to prepare, orders ready
 * for pickup to hand over, then unpaid ones (nothing to do there but watch).
 */
export const TODO_TABS = ['paid', 'to_ship', 'to_pay'] as const satisfies readonly OrderTab[];
export type TodoTab = (typeof TODO_TABS)[number];

/** The tabs whose orders wait on the merchant; unpaid ones wait on the buyer. */
export const ACTION_TABS: readonly TodoTab[] = ['paid', 'to_ship'];

export interface OrderTodo {
  items: { tab: TodoTab; count: number }[];
  /** Orders the merchant must act on: the Orders tab's badge. */
  needsAction: number;
  /** Every order of the to-do, unpaid ones included; 0 when there is nothing to show. */
  total: number;
}

export function orderTodo(counts: OrderCounts): OrderTodo {
  const items = TODO_TABS.map((tab) => ({ tab, count: counts[tab] ?? 0 }));
  const sum = (tabs: readonly TodoTab[]) =>
    items.reduce((n, item) => (tabs.includes(item.tab) ? n + item.count : n), 0);
  return { items, needsAction: sum(ACTION_TABS), total: sum(TODO_TABS) };
}

const selectTodo = (data: { counts: OrderCounts }) => orderTodo(data.counts);

/** The signed-in merchant's to-do, live (see ORDER_COUNTS_KEY_ROOT). */
export const useOrderTodo = () => useQuery({ ...allOrderCountsQueryOptions(), select: selectTodo });

/** A badge's figure: past 99 it reads 99+, as on the tab bars merchants know. */
export const badgeCount = (n: number) => (n > 99 ? '99+' : String(n));
