import { randomUUID } from 'node:crypto';
import { SPECIES, type OrderActor, type OrderStatus, type Species } from '@sm/contract';
import { and, asc, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.js';
import { prepared } from '../../db/prepared.js';
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
/** What the end of a lot or an offer fixes of an order; the rest is the table's defaults. */
export type NewOrder = Pick<
  typeof orders.$inferInsert,
  | 'merchantId'
  | 'buyerId'
  | 'lotId'
  | 'bidId'
  | 'subtotal'
  | 'feeBps'
  | 'fee'
  | 'offered'
  | 'createdAt'
  | 'payBy'
>;
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'id' | 'orderId'>;

/**
 * Writes orders, each with its item and the first line of its timeline, in two statements however
 * many there are (a lot's end writes all its winners' orders under the lot's lock): the buyers'
 * names, then every row. The number is `SO` + yyMMdd (Asia/Kuala_Lumpur) + the next 6 digits of
 * the order sequence, taken in the order given; the batch number names the catch: boat and landing
 * day (`SLF4521-260115`). Answers each order's id and number, in the order given.
 */
export async function insertOrders(
  tx: Tx,
  list: readonly { order: NewOrder; item: NewOrderItem }[],
): Promise<{ id: string; number: string }[]> {
  if (list.length === 0) return [];
  const buyerIds = [...new Set(list.map(({ order }) => order.buyerId))];
  const buyerOf = new Map(
    (
      await tx
        .select({ id: accounts.id, phone: accounts.phone, name: buyers.displayName })
        .from(accounts)
        .leftJoin(buyers, eq(buyers.accountId, accounts.id))
        .where(inArray(accounts.id, buyerIds))
    ).map((b) => [b.id, b]),
  );
  const rows = list.map(({ order, item }) => {
    const boat = item.boatNumber.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
    const batchNumber = `${boat}-${klDay(item.landedAt)}`;
    const buyer = buyerOf.get(order.buyerId);
    const species = SPECIES[item.species as Species];
    // Lower-cased here, not by the database, whose lower() depends on its locale; the number,
    // which only the statement knows (and which is ASCII), goes in front.
    const searchAfterNumber = [
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
    return {
      ...order,
      ...item,
      id: randomUUID(),
      numberPrefix: `SO${klDay(order.createdAt)}`,
      batchNumber,
      searchAfterNumber,
    };
  });
  // One JSON parameter, typed once by json_to_recordset. `v` calls nextval, so it is computed once
  // (never inlined into the three inserts) and in the order of the list.
  const created = rowsOf<{ id: string; number: string }>(
    await tx.execute(sql`
      with v as (
        select r.*,
          r."numberPrefix" || lpad(nextval(${orderNumberSeq.seqName})::text, 6, '0') as number
        from json_to_recordset(${JSON.stringify(rows)}::json) as r(
          id uuid, "numberPrefix" text, "merchantId" uuid, "buyerId" uuid, "lotId" uuid,
          "bidId" uuid, "batchNumber" text, subtotal bigint, "feeBps" integer, fee bigint,
          offered boolean, "createdAt" timestamptz, "payBy" timestamptz, "searchAfterNumber" text,
          species text, name text, grade text, freshness freshness, harbor text,
          "boatNumber" text, "landedAt" timestamptz, quantity integer, price integer,
          amount bigint)
      ), o as (
        insert into ${orders} (id, number, merchant_id, buyer_id, lot_id, bid_id, batch_number,
          subtotal, fee_bps, fee, offered, created_at, pay_by, search_text)
        select id, number, "merchantId", "buyerId", "lotId", "bidId", "batchNumber", subtotal,
          "feeBps", fee, coalesce(offered, false), "createdAt", "payBy",
          lower(number) || ' ' || "searchAfterNumber"
        from v
        returning id, number
      ), i as (
        insert into ${orderItems} (order_id, species, name, grade, freshness, harbor, boat_number,
          landed_at, quantity, price, amount)
        select id, species, name, grade, freshness, harbor, "boatNumber", "landedAt", quantity,
          price, amount
        from v
      ), t as (
        insert into ${orderStatusChanges} (order_id, status, actor, at)
        select id, 'pending_payment'::order_status, 'system'::order_actor, "createdAt" from v
      )
      select id, number from o`),
  );
  const numberOf = new Map(created.map((c) => [c.id, c.number]));
  return rows.map(({ id }) => {
    const number = numberOf.get(id);
    if (number === undefined) throw new Error('order insert returned nothing');
    return { id, number };
  });
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

/**
 * Which parts of a selection (and of a page's position) are set. Each shape is a statement of its
 * own, built once with placeholders (db/prepared.ts): the orders list is a hot page.
 */
interface SelectionShape {
  from: boolean;
  to: boolean;
  q: boolean;
  statuses: boolean;
  after: boolean;
}

const p = sql.placeholder;

function shapeOf(
  selection: Partial<OrderSelection>,
  after: { at: Date; id: string } | null,
): SelectionShape {
  return {
    from: Boolean(selection.from),
    to: Boolean(selection.to),
    q: Boolean(selection.q),
    statuses: Boolean(selection.statuses),
    after: after !== null,
  };
}

/** The values of a selection's placeholders (those its shape leaves out are not sent). */
function selectionValues(
  merchantId: string,
  selection: Partial<OrderSelection>,
  after: { at: Date; id: string } | null,
) {
  return {
    merchantId,
    from: selection.from?.toISOString(),
    to: selection.to?.toISOString(),
    pattern: selection.q ? containsPattern(selection.q.toLowerCase()) : undefined,
    statuses: selection.statuses ? [...selection.statuses] : undefined,
    afterAt: after?.at.toISOString(),
    afterId: after?.id,
  };
}

/** The selection's conditions, with placeholders for selectionValues. */
function selectionWhere(shape: SelectionShape): SQL | undefined {
  const where = [sql`${orders.merchantId} = ${p('merchantId')}::uuid`];
  if (shape.from) where.push(sql`${orders.createdAt} >= ${p('from')}::timestamptz`);
  if (shape.to) where.push(sql`${orders.createdAt} < ${p('to')}::timestamptz`);
  if (shape.q) where.push(sql`${orders.searchText} like ${p('pattern')}`);
  if (shape.statuses) where.push(sql`${orders.status} = any(${p('statuses')}::order_status[])`);
  if (shape.after) {
    where.push(sql`(${orders.createdAt} < ${p('afterAt')}::timestamptz
      or (${orders.createdAt} = ${p('afterAt')}::timestamptz and ${orders.id} < ${p('afterId')}::uuid))`);
  }
  return and(...where);
}

/** One statement per shape, named `<name>_<shape>`, built on first use. */
function byShape<Query>(
  name: string,
  build: (shape: SelectionShape, tx: Tx) => { prepare(name: string): Query },
) {
  const queries = new Map<string, (tx: Tx) => Query>();
  return (shape: SelectionShape) => {
    const key = Object.values(shape)
      .map((set) => (set ? 1 : 0))
      .join('');
    let query = queries.get(key);
    if (!query) {
      query = prepared(`${name}_${key}`, (tx) => build(shape, tx));
      queries.set(key, query);
    }
    return query;
  };
}

/**
 * What the orders list shows of an order: the columns of its summary, not the whole rows (40
 * fields a row). On PGlite each field is copied and decoded in JavaScript, which made the list
 * the dearest of the hot pages per request.
 */
const summaryColumns = {
  order: {
    id: orders.id,
    number: orders.number,
    batchNumber: orders.batchNumber,
    subtotal: orders.subtotal,
    status: orders.status,
    payoutStatus: orders.payoutStatus,
    createdAt: orders.createdAt,
    payBy: orders.payBy,
  },
  item: {
    species: orderItems.species,
    name: orderItems.name,
    quantity: orderItems.quantity,
    price: orderItems.price,
  },
  buyerPhone: accounts.phone,
  buyerName: buyers.displayName,
};

/**
 * The ids of a page of the merchant's orders, from the orders table alone: the (merchant,
 * created_at, id) index gives the newest rows without joining a single order that is not on the
 * page. A page is then one statement, one round trip.
 */
const pageIds = (shape: SelectionShape, tx: Tx) =>
  tx
    .select({ id: orders.id })
    .from(orders)
    .where(selectionWhere(shape))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(p('limit'));

const summaryPage = byShape('merchant_order_summaries', (shape, tx) =>
  tx
    .select(summaryColumns)
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .innerJoin(accounts, eq(accounts.id, orders.buyerId))
    .leftJoin(buyers, eq(buyers.accountId, orders.buyerId))
    .where(inArray(orders.id, pageIds(shape, tx)))
    .orderBy(desc(orders.createdAt), desc(orders.id)),
);

const orderPage = byShape('merchant_orders', (shape, tx) =>
  selectOrders(tx)
    .where(inArray(orders.id, pageIds(shape, tx)))
    .orderBy(desc(orders.createdAt), desc(orders.id)),
);

/** Reads a page of `query`'s rows under the selection, newest first, after the keyset `after`. */
const pageReader =
  <Query extends { execute(values: Record<string, unknown>): Promise<unknown> }>(
    query: (shape: SelectionShape) => (tx: Tx) => Query,
  ) =>
  (
    tx: Tx,
    merchantId: string,
    selection: OrderSelection,
    after: { at: Date; id: string } | null,
    limit: number,
  ) =>
    query(shapeOf(selection, after))(tx).execute({
      ...selectionValues(merchantId, selection, after),
      limit,
    }) as ReturnType<Query['execute']>;

/** One page of the list: the orders' summaries. */
export const merchantOrderSummaries = pageReader(summaryPage);
export type OrderSummaryRow = Awaited<ReturnType<typeof merchantOrderSummaries>>[number];

/** One page of whole orders (the export). */
export const merchantOrders = pageReader(orderPage);

const orderCounts = byShape('merchant_order_counts', (shape, tx) =>
  tx
    .select({ status: orders.status, n: sql<number>`count(*)::int` })
    .from(orders)
    .where(selectionWhere(shape))
    .groupBy(orders.status),
);

/** Orders per status under the selection's period and search. */
export async function merchantOrderCounts(
  tx: Tx,
  merchantId: string,
  selection: Omit<OrderSelection, 'statuses'>,
) {
  return orderCounts(shapeOf(selection, null))(tx).execute(
    selectionValues(merchantId, selection, null),
  );
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

/** The first unpaid order's deadline (past: it is due), or null when every order is paid. */
export async function nextPaymentDeadline(tx: Tx): Promise<Date | null> {
  const [row] = await tx
    .select({ payBy: orders.payBy })
    .from(orders)
    .where(eq(orders.status, 'pending_payment'))
    .orderBy(asc(orders.payBy))
    .limit(1);
  return row?.payBy ?? null;
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
