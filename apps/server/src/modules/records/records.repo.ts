import type { OrderStatus, RecordPeriod } from '@sm/contract';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { orderItems, orders } from '../../db/schema.js';

/** date_trunc's unit per period: its 'week' starts on Monday, as ISO weeks do. */
const UNIT: Record<RecordPeriod, string> = { day: 'day', week: 'week', month: 'month' };

export interface PeriodSums {
  /** The period's first Kuala Lumpur day, YYYY-MM-DD. */
  start: string;
  orders: number;
  quantity: number;
  gross: number;
  fees: number;
}

/**
 * The merchant's sales in [from, to) per period, one row per period that sold anything. One grouped
 * query: orders_merchant_status_idx (merchant, status, created_at) finds the orders of the range and
 * each order's one item gives the kg.
 *
 * Kuala Lumpur is UTC+8 all year (lib/kl-time.ts), so the local time is the UTC time plus eight
 * hours; a fixed offset needs no time zone database, which PGlite may not carry.
 */
export async function salesByPeriod(
  tx: Tx,
  merchantId: string,
  period: RecordPeriod,
  statuses: readonly OrderStatus[],
  from: Date,
  to: Date,
): Promise<PeriodSums[]> {
  // Grouped by the truncated time (a hash aggregate), formatted once per group, not per order.
  const bucket = sql`date_trunc(${sql.raw(`'${UNIT[period]}'`)}, (${orders.createdAt} at time zone 'UTC') + interval '8 hours')`;
  const rows = await tx
    .select({
      start: sql<string>`to_char(${bucket}, 'YYYY-MM-DD')`,
      orders: sql<number>`count(*)::int`,
      // Sums come back as text (bigint); Number is exact far beyond any merchant's sales.
      quantity: sql<string>`sum(${orderItems.quantity})`,
      gross: sql<string>`sum(${orders.subtotal})`,
      fees: sql<string>`sum(${orders.fee})`,
    })
    .from(orders)
    // Exactly one item per order (orders.repo insertOrders), so the join counts each order once.
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.merchantId, merchantId),
        inArray(orders.status, [...statuses]),
        gte(orders.createdAt, from),
        lt(orders.createdAt, to),
      ),
    )
    .groupBy(bucket);
  return rows.map((r) => ({
    start: r.start,
    orders: r.orders,
    quantity: Number(r.quantity),
    gross: Number(r.gross),
    fees: Number(r.fees),
  }));
}

/** What the merchant's orders created in [from, to) that still await payment add up to, sen. */
export async function awaitingPaymentIn(
  tx: Tx,
  merchantId: string,
  from: Date,
  to: Date,
): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<string | null>`sum(${orders.subtotal})` })
    .from(orders)
    .where(
      and(
        eq(orders.merchantId, merchantId),
        eq(orders.status, 'pending_payment'),
        gte(orders.createdAt, from),
        lt(orders.createdAt, to),
      ),
    );
  return Number(row?.sum ?? 0);
}
