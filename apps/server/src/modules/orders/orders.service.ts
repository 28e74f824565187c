import {
  cancelTarget,
  canMove,
  type BuyerOrder,
  type ExportFormat,
  type FulfilmentStatus,
  type Locale,
  maskMalaysianMobile,
  type MerchantEventType,
  NO_RECORD,
  type OrderActor,
  type OrderCounts,
  type OrderDetail,
  type ParsedOrderFilter,
  type OrderItem,
  type OrderListResponse,
  type OrderStatus,
  ORDER_TABS,
  type OrderSummary,
  type Species,
  TAB_STATUSES,
} from '@sm/contract';
import type { Db, Tx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { AppError } from '../../lib/errors.js';
import { klDate, klDayStart } from '../../lib/kl-time.js';
import { insertEvent } from '../events/index.js';
import { idempotent } from '../idempotency/index.js';
import { invoiceInfoOf, invoiceOfOrder, markRefundPending } from '../invoices/index.js';
import { lockLot, returnToLot } from '../auctions/index.js';
import { recordsOf } from '../buyers/index.js';
import { postEntry, balanceOf, lockAccount } from '../wallet/index.js';
import { exportStream } from './orders.export.js';
import * as repo from './orders.repo.js';
import type { OrderItemRow, OrderRow, OrderView } from './orders.repo.js';

/** Orders per page of an export. */
const EXPORT_PAGE = 1000;

const PERIOD_DAYS = { today: 1, '7d': 7, '30d': 30 } as const;

/** The filter as bounds: Today / 7d / 30d end with today in Kuala Lumpur; a custom range is inclusive. */
function resolveFilter(filter: ParsedOrderFilter, now: Date): repo.OrderSelection {
  const q = filter.q?.trim() || null;
  const statuses = filter.tab === 'all' ? null : TAB_STATUSES[filter.tab];
  if (filter.period === 'all') return { statuses, from: null, to: null, q };
  if (filter.period === 'custom') {
    if (!filter.from || !filter.to) throw new AppError('INVALID_DATE', { field: 'from' });
    return { statuses, from: klDayStart(filter.from), to: klDayStart(filter.to, 1), q };
  }
  const today = klDate(now);
  return {
    statuses,
    from: klDayStart(today, 1 - PERIOD_DAYS[filter.period]),
    to: klDayStart(today, 1),
    q,
  };
}

function itemOf(item: OrderItemRow): OrderItem {
  return {
    species: item.species as Species,
    name: item.name,
    grade: item.grade,
    freshness: item.freshness,
    harbor: item.harbor,
    boatNumber: item.boatNumber,
    landedAt: item.landedAt.toISOString(),
    quantity: item.quantity,
    price: item.price,
    amount: item.amount,
  };
}

function summaryOf(row: repo.OrderSummaryRow): OrderSummary {
  const { order, item } = row;
  return {
    id: order.id,
    number: order.number,
    batchNumber: order.batchNumber,
    buyer: { name: row.buyerName, maskedPhone: maskMalaysianMobile(row.buyerPhone) },
    item: {
      species: item.species as Species,
      name: item.name,
      quantity: item.quantity,
      price: item.price,
    },
    subtotal: order.subtotal,
    status: order.status,
    payoutStatus: order.payoutStatus,
    createdAt: order.createdAt.toISOString(),
    payBy: order.payBy.toISOString(),
  };
}

function buyerOrderOf(row: { order: OrderRow; item: OrderItemRow }): BuyerOrder {
  const { order, item } = row;
  return {
    id: order.id,
    number: order.number,
    lotId: order.lotId,
    status: order.status,
    item: itemOf(item),
    subtotal: order.subtotal,
    paidAmount: order.paidAmount,
    createdAt: order.createdAt.toISOString(),
    payBy: order.payBy.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
  };
}

const isCanceled = (status: OrderStatus) => status === 'canceled' || status === 'canceled_refunded';

/** What an order took from its lot: returned to it when the order is canceled unpaid. */
const shareOf = (order: OrderRow, item: OrderItemRow) => ({
  quantity: item.quantity,
  amount: order.subtotal,
  fee: order.fee,
});

const EVENT_OF: Partial<Record<OrderStatus, MerchantEventType>> = {
  paid: 'order_paid',
  canceled: 'order_canceled',
  canceled_refunded: 'order_canceled',
};

/** Orders after the award (PRODUCT.md §5): the merchant's list and actions, the buyer's payment. */
export function createOrderService({
  db,
  clock,
  einvoicePortalUrl = null,
}: {
  db: Db;
  clock: Clock;
  /** Where e-invoice validation links point (MyInvois's portal); null without MyInvois. */
  einvoicePortalUrl?: string | null;
}) {
  /**
   * Moves a locked order, writing its timeline and telling the merchant's streams (the event of
   * the target status, unless the caller names another). The state machine is checked here, once,
   * for every caller.
   */
  async function move(
    tx: Tx,
    order: OrderRow,
    to: OrderStatus,
    actor: OrderActor,
    now: Date,
    patch: Parameters<typeof repo.moveOrder>[5] = {},
    event: MerchantEventType = EVENT_OF[to] ?? 'order_updated',
  ): Promise<OrderRow> {
    if (!canMove(order.status, to, actor)) throw new AppError('ORDER_STATUS_CONFLICT');
    const moved = await repo.moveOrder(tx, order.id, to, actor, now, patch);
    await insertEvent(tx, {
      merchantId: order.merchantId,
      type: event,
      auctionId: null,
      lotId: order.lotId,
      orderId: order.id,
      createdAt: now,
    });
    return moved;
  }

  /** A merchant's order, locked; another merchant's answers 404 exactly as a missing one. */
  async function lockMerchantOrder(tx: Tx, merchantId: string, orderId: string) {
    const row = await repo.orderView(tx, orderId, { merchantId }, { lock: true });
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  async function list(
    merchantId: string,
    query: ParsedOrderFilter & { cursor?: string | undefined; limit: number },
  ): Promise<OrderListResponse> {
    const selection = resolveFilter(query, clock.now());
    const after = decodeCursor(query.cursor);
    const rows = await repo.merchantOrderSummaries(
      db,
      merchantId,
      selection,
      after,
      query.limit + 1,
    );
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map(summaryOf),
      nextCursor:
        rows.length > query.limit && last
          ? encodeCursor(last.order.createdAt, last.order.id)
          : null,
    };
  }

  /** Reads the selection in keyset pages, newest first. */
  async function* pagesOf(merchantId: string, selection: repo.OrderSelection) {
    let after: { at: Date; id: string } | null = null;
    for (;;) {
      const page = await repo.merchantOrders(db, merchantId, selection, after, EXPORT_PAGE);
      if (page.length > 0) yield page;
      const last = page.at(-1);
      if (!last || page.length < EXPORT_PAGE) return;
      after = { at: last.order.createdAt, id: last.order.id };
    }
  }

  /**
   * Exactly the orders the list shows under the same filter, as CSV or XLSX. The first page is
   * read before answering, so a failing database still gets a proper error instead of a cut file.
   */
  async function exportFile(
    merchantId: string,
    query: ParsedOrderFilter & { format: ExportFormat; lang: Locale },
  ) {
    const now = clock.now();
    const pages = pagesOf(merchantId, resolveFilter(query, now));
    const first = await pages.next();
    async function* all() {
      if (first.done) return;
      yield first.value;
      yield* pages;
    }
    return {
      fileName: `orders-${klDate(now).replace(/-/g, '')}.${query.format}`,
      stream: await exportStream(query.format, all(), query.lang),
    };
  }

  async function counts(merchantId: string, filter: ParsedOrderFilter): Promise<OrderCounts> {
    const selection = resolveFilter(filter, clock.now());
    const byStatus = new Map(
      (await repo.merchantOrderCounts(db, merchantId, selection)).map((r) => [r.status, r.n]),
    );
    const result = {} as OrderCounts;
    for (const tab of ORDER_TABS) {
      result[tab] = TAB_STATUSES[tab].reduce((n, s) => n + (byStatus.get(s) ?? 0), 0);
    }
    return result;
  }

  /** The detail of an order already read (and, in a move, as it stands after the move). */
  async function detailOf(tx: Tx, row: OrderView): Promise<OrderDetail> {
    const { order } = row;
    // One after another: in a move `tx` is a transaction, one connection that runs one query at a
    // time (node-postgres queues a second and warns; pg 9 refuses it).
    const timeline = await repo.timelineOf(tx, order.id);
    const invoice = await invoiceOfOrder(tx, order.id);
    const creditNote = await invoiceOfOrder(tx, order.id, 'credit_note');
    const records = await recordsOf(tx, [order.buyerId]);
    const summary = summaryOf(row);
    // A canceled order is neither charged a fee nor paid out (PRODUCT.md §4a).
    const settles = !isCanceled(order.status);
    return {
      ...summary,
      lotId: order.lotId,
      item: itemOf(row.item),
      feeBps: order.feeBps,
      fee: settles ? order.fee : null,
      payout: settles ? order.subtotal - order.fee : null,
      cancelReason: order.cancelReason,
      chargedAtDeadline: order.chargedAtDeadline,
      paidAmount: order.paidAmount,
      paidAt: order.paidAt?.toISOString() ?? null,
      buyer: {
        ...summary.buyer,
        phone: row.buyerPhone,
        record: records.get(order.buyerId) ?? NO_RECORD,
      },
      timeline: timeline.map((t) => ({ status: t.status, at: t.at.toISOString() })),
      invoice: invoice ? invoiceInfoOf(invoice, einvoicePortalUrl) : null,
      creditNote: creditNote ? invoiceInfoOf(creditNote, einvoicePortalUrl) : null,
      serverNow: clock.now().toISOString(),
    };
  }

  async function detail(merchantId: string, orderId: string) {
    const row = await repo.orderView(db, orderId, { merchantId });
    if (!row) throw new AppError('NOT_FOUND');
    return detailOf(db, row);
  }

  /**
   * Ready for Pickup, Handed to Driver, Mark Completed. Asking again for the status the order
   * already has answers the order as it is and changes nothing.
   */
  async function advance(merchantId: string, orderId: string, to: FulfilmentStatus) {
    return db.transaction(async (tx) => {
      const row = await lockMerchantOrder(tx, merchantId, orderId);
      if (row.order.status === to) return detailOf(tx, row);
      const order = await move(
        tx,
        row.order,
        to,
        'merchant',
        clock.now(),
        to === 'completed' ? { payoutStatus: 'pending' } : {},
      );
      return detailOf(tx, { ...row, order });
    });
  }

  /**
   * The merchant's Cancel: an unpaid order is Canceled; a paid one not yet handed over is Canceled
   * & Refunded and its paid amount goes back to the buyer's wallet in the same transaction. A
   * second cancel answers the canceled order; the refund's unique key makes a second credit
   * impossible even so.
   */
  async function cancel(merchantId: string, orderId: string) {
    return db.transaction(async (tx) => {
      const row = await lockMerchantOrder(tx, merchantId, orderId);
      const { order } = row;
      if (isCanceled(order.status)) return detailOf(tx, row);
      const to = cancelTarget(order.status);
      if (!to) throw new AppError('ORDER_STATUS_CONFLICT');
      const now = clock.now();
      const moved = await move(tx, order, to, 'merchant', now, { cancelReason: 'merchant' });
      // Unpaid kg go back to the lot, to be offered to the next bidders or relisted (§4a).
      if (to === 'canceled') await returnToLot(tx, order.lotId, shareOf(order, row.item));
      if (to === 'canceled_refunded' && order.paidAmount) {
        await postEntry(tx, {
          accountId: order.buyerId,
          type: 'refund',
          amount: order.paidAmount,
          orderId: order.id,
          createdAt: now,
        });
        // Its invoice, if any, is cancelled at MyInvois or credited by the e-invoice job (§5a).
        await markRefundPending(tx, order.id, now);
      }
      return detailOf(tx, { ...row, order: moved });
    });
  }

  /**
   * The buyer pays from their wallet, once per Idempotency-Key. Two payments of one order take
   * turns on the order's lock: the second finds it Paid and answers it without charging again.
   */
  async function pay(buyerId: string, orderId: string, key: string): Promise<BuyerOrder> {
    return db.transaction(async (tx) => {
      const now = clock.now();
      return idempotent(
        tx,
        { accountId: buyerId, key, request: ['pay', orderId], now },
        async () => {
          const row = await repo.orderView(tx, orderId, { buyerId }, { lock: true });
          if (!row) throw new AppError('NOT_FOUND');
          let { order } = row;
          if (order.status === 'pending_payment') {
            if (now >= order.payBy) throw new AppError('PAYMENT_EXPIRED');
            await postEntry(tx, {
              accountId: buyerId,
              type: 'payment',
              amount: -order.subtotal,
              orderId: order.id,
              createdAt: now,
            });
            order = await move(tx, order, 'paid', 'buyer', now, {
              paidAt: now,
              paidAmount: order.subtotal,
            });
          } else if (order.paidAt === null) {
            // Canceled before it was paid.
            throw new AppError('ORDER_STATUS_CONFLICT');
          }
          return buyerOrderOf({ ...row, order });
        },
      );
    });
  }

  async function buyerOrders(buyerId: string) {
    const rows = await repo.ordersOfBuyer(db, buyerId, 100);
    return { items: rows.map(buyerOrderOf) };
  }

  async function buyerOrder(buyerId: string, orderId: string) {
    const row = await repo.orderView(db, orderId, { buyerId });
    if (!row) throw new AppError('NOT_FOUND');
    return buyerOrderOf(row);
  }

  /**
   * PRODUCT.md §4a at the 24 h deadline: an unpaid order is charged from the buyer's wallet when
   * the balance covers it (Paid, one Payment entry, like the buyer's own payment); otherwise it is
   * canceled as a default and its kg go back to the lot. One order per transaction, locked in the
   * order every path takes (order, lot, account), skipping orders another process or a payment
   * holds: each order is settled exactly once, whichever process runs.
   */
  async function settleOverdue(): Promise<{ charged: number; defaulted: number }> {
    const done = { charged: 0, defaulted: 0 };
    for (;;) {
      const outcome = await db.transaction(async (tx) => {
        const now = clock.now();
        const due = await repo.lockNextOverdueOrder(tx, now);
        if (!due) return null;
        const { order, item } = due;
        await lockLot(tx, order.lotId);
        if (!(await lockAccount(tx, order.buyerId))) throw new Error('order without a buyer');
        if ((await balanceOf(tx, order.buyerId)) >= order.subtotal) {
          await postEntry(tx, {
            accountId: order.buyerId,
            type: 'payment',
            amount: -order.subtotal,
            orderId: order.id,
            createdAt: now,
          });
          await move(tx, order, 'paid', 'system', now, {
            paidAt: now,
            paidAmount: order.subtotal,
            chargedAtDeadline: true,
          });
          return 'charged' as const;
        }
        // Its own event, which notifies the merchant: returned kg can be offered only for a while.
        await move(
          tx,
          order,
          'canceled',
          'system',
          now,
          { cancelReason: 'default' },
          'order_defaulted',
        );
        await returnToLot(tx, order.lotId, shareOf(order, item));
        return 'defaulted' as const;
      });
      if (!outcome) return done;
      done[outcome] += 1;
    }
  }

  return {
    list,
    exportFile,
    counts,
    detail,
    advance,
    cancel,
    pay,
    buyerOrders,
    buyerOrder,
    settleOverdue,
    /** When the payment deadline job has work next. */
    nextPaymentDeadline: () => repo.nextPaymentDeadline(db),
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
