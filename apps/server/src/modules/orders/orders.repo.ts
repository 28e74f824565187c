import { SPECIES, type OrderActor, type OrderStatus, type Species } from '@sm/contract';
import { and, asc, desc, eq, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.js';
import { klDay } from '../../lib/kl-time.js';
import { containsPattern } from '../../lib/like.js';
import {
  accounts,
  buyers,
  orderItems,
  orderNumberSeq,
  orderStatusChanges,
  orders,
} from '../../db/schema.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type NewOrder = Omit<
  typeof orders.$inferInsert,
  'id' | 'number' | 'batchNumber' | 'searchText'
>;
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'id' | 'orderId'>;

/**
 * Writes an order, its item and the first line of its timeline. The number is `SO` + yyMMdd
 * (Asia/Kuala_Lumpur) + the next 6 digits of the order sequence; the batch number names the catch:
 * boat and landing day (`SLF4521-260115`).
 */
export async function insertOrder(tx: Tx, order: NewOrder, item: NewOrderItem) {
  const [next] = rowsOf<{ n: string }>(
    await tx.execute(sql`select nextval(${orderNumberSeq.seqName}) as n`),
  );
  const n = next?.n;
  if (n === undefined) throw new Error('order number sequence returned nothing');
  const createdAt = order.createdAt;
  const number = `SO${klDay(createdAt)}${String(n).padStart(6, '0')}`;
  const boat = item.boatNumber.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  const batchNumber = `${boat}-${klDay(item.landedAt)}`;
  const [buyer] = await tx
    .select({ phone: accounts.phone, name: buyers.displayName })
    .from(accounts)
    .leftJoin(buyers, eq(buyers.accountId, accounts.id))
    .where(eq(accounts.id, order.buyerId));
  const species = SPECIES[item.species as Species];
  const searchText = [
    number,
    batchNumber,
    buyer?.name,
    buyer?.phone,
    buyer?.phone.replace(/^\+60/, '0'),
    item.name,
    item.species,
    species?.en,
    species?.zh,
    species?.my,
  ]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  const [row] = await tx
    .insert(orders)
    .values({ ...order, number, batchNumber, searchText })
    .returning({ id: orders.id, number: orders.number });
  if (!row) throw new Error('order insert returned nothing');
  await tx.insert(orderItems).values({ ...item, orderId: row.id });
  await tx
    .insert(orderStatusChanges)
    .values({ orderId: row.id, status: 'pending_payment', actor: 'system', at: createdAt });
  return row;
}

/** The order, locked until the transaction ends: payments, moves and cancels take turns. */
export async function lockOrder(tx: Tx, orderId: string) {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row ?? null;
}

/** Moves an order and writes the move into its timeline. */
export async function moveOrder(
  tx: Tx,
  orderId: string,
  status: OrderStatus,
  actor: OrderActor,
  at: Date,
  patch: Partial<
    Pick<OrderRow, 'paidAt' | 'paidAmount' | 'payoutStatus' | 'cancelReason' | 'chargedAtDeadline'>
  > = {},
): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({ ...patch, status })
    .where(eq(orders.id, orderId))
    .returning();
  if (!row) throw new Error('order update returned nothing');
  await tx.insert(orderStatusChanges).values({ orderId, status, actor, at });
  return row;
}

const withItemAndBuyer = {
  order: orders,
  item: orderItems,
  buyerPhone: accounts.phone,
  buyerName: buyers.displayName,
};

function selectOrders(tx: Tx) {
  return tx
    .select(withItemAndBuyer)
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .innerJoin(accounts, eq(accounts.id, orders.buyerId))
    .leftJoin(buyers, eq(buyers.accountId, orders.buyerId));
}

export type OrderView = Awaited<ReturnType<typeof orderView>> & object;

/**
 * An order with its item and buyer, if it exists and `owner` says it is theirs. With `lock`, the
 * order row (only it) is locked until the transaction ends, as lockOrder does.
 */
export async function orderView(
  tx: Tx,
  orderId: string,
  owner: { merchantId: string } | { buyerId: string },
  { lock = false } = {},
) {
  const mine =
    'merchantId' in owner
      ? eq(orders.merchantId, owner.merchantId)
      : eq(orders.buyerId, owner.buyerId);
  const query = selectOrders(tx).where(and(eq(orders.id, orderId), mine));
  const [row] = await (lock ? query.for('update', { of: orders }) : query);
  return row ?? null;
}

export async function timelineOf(tx: Tx, orderId: string) {
  return tx
    .select({ status: orderStatusChanges.status, at: orderStatusChanges.at })
    .from(orderStatusChanges)
    .where(eq(orderStatusChanges.orderId, orderId))
    .orderBy(asc(orderStatusChanges.id));
}

/** The merchant's selection, resolved: statuses, a creation-time range and search text. */
export interface OrderSelection {
  statuses: readonly OrderStatus[] | null;
  from: Date | null;
  /** Exclusive. */
  to: Date | null;
  q: string | null;
}

function selectionWhere(merchantId: string, s: Omit<OrderSelection, 'statuses'>): SQL[] {
  const where: SQL[] = [eq(orders.merchantId, merchantId)];
  if (s.from) where.push(gte(orders.createdAt, s.from));
  if (s.to) where.push(lt(orders.createdAt, s.to));
  if (s.q) {
    where.push(sql`${orders.searchText} like ${containsPattern(s.q.toLowerCase())}`);
  }
  return where;
}

/** One page of the merchant's orders, newest first, after the keyset position `after`. */
export async function merchantOrders(
  tx: Tx,
  merchantId: string,
  selection: OrderSelection,
  after: { at: Date; id: string } | null,
  limit: number,
) {
  const where = selectionWhere(merchantId, selection);
  if (selection.statuses) where.push(inArray(orders.status, [...selection.statuses]));
  if (after) {
    where.push(
      or(
        lt(orders.createdAt, after.at),
        and(eq(orders.createdAt, after.at), lt(orders.id, after.id)),
      ) as SQL,
    );
  }
  // The page's ids from the orders table alone, so the (merchant, created_at, id) index gives the
  // newest rows without joining a single order that is not on the page; one round trip.
  const page = tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(...where))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  return selectOrders(tx)
    .where(inArray(orders.id, page))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

/** Orders per status under the selection's period and search. */
export async function merchantOrderCounts(
  tx: Tx,
  merchantId: string,
  selection: Omit<OrderSelection, 'statuses'>,
) {
  return tx
    .select({ status: orders.status, n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(...selectionWhere(merchantId, selection)))
    .groupBy(orders.status);
}

/**
 * The next unpaid order past its deadline with its item, locked, skipping any that another process
 * (or a payment right now) holds.
 */
export async function lockNextOverdueOrder(tx: Tx, now: Date) {
  const [row] = await tx
    .select({ order: orders, item: orderItems })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(eq(orders.status, 'pending_payment'), lte(orders.payBy, now)))
    .orderBy(asc(orders.payBy))
    .limit(1)
    .for('update', { of: orders, skipLocked: true });
  return row ?? null;
}

/** The buyers whose orders of this lot were canceled: the offer of its returned kg skips them. */
export async function canceledBuyersOfLot(tx: Tx, lotId: string): Promise<Set<string>> {
  const rows = await tx
    .select({ buyerId: orders.buyerId })
    .from(orders)
    .where(and(eq(orders.lotId, lotId), sql`${orders.cancelReason} is not null`));
  return new Set(rows.map((r) => r.buyerId));
}

/** The orders of a lot (its end's and its offers'), with their buyers: the lot's winners. */
export async function ordersOfLot(tx: Tx, lotId: string) {
  return tx
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      cancelReason: orders.cancelReason,
      offered: orders.offered,
      buyerId: orders.buyerId,
      buyerPhone: accounts.phone,
      quantity: orderItems.quantity,
      price: orderItems.price,
      amount: orderItems.amount,
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .innerJoin(accounts, eq(accounts.id, orders.buyerId))
    .where(eq(orders.lotId, lotId))
    .orderBy(asc(orders.offered), desc(orderItems.price), asc(orders.number));
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
