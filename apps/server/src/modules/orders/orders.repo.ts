import { asc, desc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.js';
import { accounts, orderItems, orderNumberSeq, orders } from '../../db/schema.js';

export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'number' | 'batchNumber'>;
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'id' | 'orderId'>;

/**
 * Writes an order and its item. The number is `SO` + yyMMdd (Asia/Kuala_Lumpur) + the next 6
 * digits of the order sequence; the batch number names the catch: boat and landing day
 * (`SLF4521-260115`).
 */
export async function insertOrder(tx: Tx, order: NewOrder, item: NewOrderItem) {
  const [next] = rowsOf<{ n: string }>(
    await tx.execute(sql`select nextval(${orderNumberSeq.seqName}) as n`),
  );
  const n = next?.n;
  if (n === undefined) throw new Error('order number sequence returned nothing');
  const number = `SO${klDay(order.createdAt ?? new Date())}${String(n).padStart(6, '0')}`;
  const boat = item.boatNumber.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  const [row] = await tx
    .insert(orders)
    .values({ ...order, number, batchNumber: `${boat}-${klDay(item.landedAt)}` })
    .returning({ id: orders.id, number: orders.number });
  if (!row) throw new Error('order insert returned nothing');
  await tx.insert(orderItems).values({ ...item, orderId: row.id });
  return row;
}

/** yyMMdd of a moment in Malaysia (UTC+8 all year: no daylight saving). */
function klDay(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(2, 10).replace(/-/g, '');
}

/** The orders a lot's end created, with their buyers: the lot's winners. */
export async function ordersOfLot(tx: Tx, lotId: string) {
  return tx
    .select({
      number: orders.number,
      buyerPhone: accounts.phone,
      quantity: orderItems.quantity,
      price: orderItems.price,
      amount: orderItems.amount,
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .innerJoin(accounts, eq(accounts.id, orders.buyerId))
    .where(eq(orders.lotId, lotId))
    .orderBy(desc(orderItems.price), asc(orders.number));
}

export async function ordersOfBuyer(tx: Tx, buyerId: string, limit: number) {
  return tx
    .select({ order: orders, item: orderItems })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(eq(orders.buyerId, buyerId))
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(limit);
}
