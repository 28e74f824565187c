import {
  type MerchantEventType,
  NOTIFICATION_TYPES,
  type NotificationType,
  UNREAD_COUNT_MAX,
} from '@sm/contract';
import { and, asc, desc, eq, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.js';
import { notificationMutes, notifications, pushSubscriptions } from '../../db/schema.js';

export type NotificationRow = typeof notifications.$inferSelect;
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** The notifications written from their event here; a bid's new_bid is written with the bid. */
type EventNotification = Exclude<NotificationType, 'new_bid'>;

/** The merchant events that tell the merchant something, and what they become in the list. */
export const NOTIFICATION_OF_EVENT: Partial<Record<MerchantEventType, EventNotification>> = {
  // A bid's new_bid is written with the bid by sm_place_bid_event (migrations 0015, 0016).
  // A buyout ends the lot at once: the same news as an end by time, with its own wording.
  buyout: 'lot_ended',
  lot_ended: 'lot_ended',
  order_paid: 'order_paid',
  order_defaulted: 'order_defaulted',
  payout_completed: 'payout_completed',
  withdrawal_reviewed: 'withdrawal_reviewed',
  bank_account_reviewed: 'bank_account_reviewed',
  business_reviewed: 'business_reviewed',
  sign_in_locked: 'sign_in_locked',
  print_failed: 'print_failed',
};

/**
 * What each type's text needs (NotificationData), read from the change's own rows: the CTE named
 * `e` is the events just inserted. They are read under the change's own locks, so the withdrawal
 * just reviewed is the merchant's newest reviewed one.
 */
const DATA_OF: Record<EventNotification, SQL> = {
  lot_ended: sql`(
    select jsonb_build_object('lotName', l.name, 'endReason', l.end_reason,
      'quantity', l.quantity, 'awardedQuantity', l.awarded_quantity,
      'awardedAmount', l.awarded_amount)
    from lots l where l.id = e.lot_id)`,
  order_paid: sql`(
    select jsonb_build_object('orderNumber', o.number,
      'amount', coalesce(o.paid_amount, o.subtotal), 'lotName', l.name)
    from orders o join lots l on l.id = o.lot_id where o.id = e.order_id)`,
  // The order's kg, now back on the lot (the lot id is the notification's own).
  order_defaulted: sql`(
    select jsonb_build_object('orderNumber', o.number, 'lotName', l.name, 'quantity', i.quantity)
    from orders o join order_items i on i.order_id = o.id join lots l on l.id = o.lot_id
    where o.id = e.order_id)`,
  // The orders this batch of the payout run paid out: all stamped with the event's own time.
  payout_completed: sql`(
    select jsonb_build_object('amount', sum(o.subtotal - o.fee), 'orders', count(*))
    from orders o where o.merchant_id = e.merchant_id and o.payout_status = 'completed'
      and o.payout_at = e.created_at)`,
  withdrawal_reviewed: sql`(
    select jsonb_build_object('amount', w.amount, 'status', w.status, 'reason', w.reject_reason)
    from withdrawals w where w.merchant_id = e.merchant_id and w.reviewed_at is not null
    order by w.reviewed_at desc, w.requested_at desc limit 1)`,
  bank_account_reviewed: sql`(
    select jsonb_build_object('status', b.status, 'reason', b.reject_reason)
    from bank_accounts b where b.merchant_id = e.merchant_id)`,
  business_reviewed: sql`(
    select jsonb_build_object('status', m.business_status, 'reason', m.business_reject_reason)
    from merchants m where m.account_id = e.merchant_id)`,
  // The address just locked out (a known device's own lock tells nobody).
  sign_in_locked: sql`(
    select jsonb_build_object('address', f.ip) from login_failures f
    where f.account_id = e.merchant_id and f.locked_until is not null and f.ip not like 'device:%'
    order by f.updated_at desc limit 1)`,
  // The cloud print jobs that failed with the event (one sweep may fail several of a merchant's).
  print_failed: sql`(
    select jsonb_build_object('printerName', min(p.name), 'reason', min(j.error),
      'jobs', count(*), 'orderNumber', case when count(*) = 1 then min(o.number) end)
    from print_jobs j join printers p on p.id = j.printer_id
      left join orders o on o.id = j.order_id
    where j.merchant_id = e.merchant_id and j.state = 'failed' and j.failed_at = e.created_at)`,
};

/**
 * A new notification's pushed_at: null puts it in the push outbox (claimOutbox), which only a
 * merchant with a push subscription needs; any other's is written as taken, so the push job does
 * not rewrite every row of a busy market for nothing (sm_place_bid_event does the same, 0018).
 */
const outboxMark = sql`case when not exists (
  select 1 from ${pushSubscriptions} ps where ps.merchant_id = e.merchant_id) then e.created_at end`;

/**
 * The INSERT of the notifications that the just-inserted merchant events (the CTE named `e`)
 * stand for, as a CTE of the events' own statement: one round trip, in the transaction of the
 * change, so a notification exists exactly when its change committed. Only the types present are
 * in the statement (a bid plans one small subquery, not six). Types the merchant switched off are
 * not written at all.
 */
export function insertNotificationsFromEvents(
  eventTypes: readonly MerchantEventType[],
): SQL | null {
  const types = new Set(eventTypes.map((type) => NOTIFICATION_OF_EVENT[type]));
  const selects = NOTIFICATION_TYPES.filter((type): type is EventNotification =>
    types.has(type as EventNotification),
  ).map((type) => {
    const from = Object.entries(NOTIFICATION_OF_EVENT)
      .filter(([, to]) => to === type)
      .map(([event]) => sql`${event}`);
    return sql`
      select e.merchant_id, ${type}::notification_type, e.lot_id, e.order_id,
        coalesce(${DATA_OF[type]}, '{}'::jsonb), e.created_at, ${outboxMark}
      from e
      where e.type in (${sql.join(from, sql`, `)}) and not exists (
        select 1 from ${notificationMutes} nm
        where nm.merchant_id = e.merchant_id and nm.type = ${type}::notification_type)`;
  });
  if (selects.length === 0) return null;
  return sql`
    insert into ${notifications} (merchant_id, type, lot_id, order_id, data, created_at, pushed_at)
    ${sql.join(selects, sql` union all `)}`;
}

/** Types the merchant switched off: their notifications are neither listed, counted nor pushed. */
const notMuted = sql`not exists (
  select 1 from ${notificationMutes} nm
  where nm.merchant_id = ${notifications.merchantId} and nm.type = ${notifications.type})`;

/** A page of the merchant's notifications, newest first, before id `beforeId`. */
export async function notificationPage(
  tx: Tx,
  merchantId: string,
  beforeId: number | undefined,
  limit: number,
): Promise<NotificationRow[]> {
  return tx
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.merchantId, merchantId),
        beforeId === undefined ? undefined : lt(notifications.id, beforeId),
        notMuted,
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(limit);
}

/** Unread and not switched off, counted up to UNREAD_COUNT_MAX (the unread index's rows only). */
export async function unreadCount(tx: Tx, merchantId: string): Promise<number> {
  const [row] = rowsOf<{ count: number | string }>(
    await tx.execute(sql`
      select count(*) as count from (
        select 1 from ${notifications}
        where ${notifications.merchantId} = ${merchantId} and ${notifications.readAt} is null
          and ${notMuted}
        limit ${UNREAD_COUNT_MAX}) u`),
  );
  return Number(row?.count ?? 0);
}

/** Marks the merchant's own unread notifications read: all, up to an id, or the given ids. */
export async function markRead(
  tx: Tx,
  merchantId: string,
  which: { upTo?: number; ids?: number[] },
  at: Date,
): Promise<void> {
  const where: (SQL | undefined)[] = [
    eq(notifications.merchantId, merchantId),
    isNull(notifications.readAt),
  ];
  if (which.upTo !== undefined) where.push(lte(notifications.id, which.upTo));
  if (which.ids) where.push(inArray(notifications.id, which.ids));
  await tx
    .update(notifications)
    .set({ readAt: at })
    .where(and(...where));
}

export async function mutedTypes(tx: Tx, merchantId: string): Promise<NotificationType[]> {
  const rows = await tx
    .select({ type: notificationMutes.type })
    .from(notificationMutes)
    .where(eq(notificationMutes.merchantId, merchantId));
  return rows.map((row) => row.type);
}

/** Switches types on (`on`) and off (`off`) for the merchant. */
export async function setMutes(
  tx: Tx,
  merchantId: string,
  off: NotificationType[],
  on: NotificationType[],
): Promise<void> {
  if (off.length > 0) {
    await tx
      .insert(notificationMutes)
      .values(off.map((type) => ({ merchantId, type })))
      .onConflictDoNothing();
  }
  if (on.length > 0) {
    await tx
      .delete(notificationMutes)
      .where(
        and(eq(notificationMutes.merchantId, merchantId), inArray(notificationMutes.type, on)),
      );
  }
}

// Web Push subscriptions

/**
 * Stores a browser's subscription for the merchant. An endpoint belongs to one browser, so one
 * already stored (another merchant signed in on it before) moves to this merchant — but only with
 * the subscription's own auth secret: knowing an endpoint is not enough to take its pushes.
 */
export async function upsertSubscription(
  tx: Tx,
  values: Omit<typeof pushSubscriptions.$inferInsert, 'id'>,
): Promise<void> {
  await tx
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        merchantId: values.merchantId,
        p256dh: values.p256dh,
        auth: values.auth,
        createdAt: values.createdAt,
      },
      setWhere: eq(pushSubscriptions.auth, values.auth),
    });
}

/** Keeps the merchant's newest `keep` subscriptions: browsers forgotten long ago go. */
export async function trimSubscriptions(tx: Tx, merchantId: string, keep: number): Promise<void> {
  await tx.execute(sql`
    delete from ${pushSubscriptions} where ${pushSubscriptions.merchantId} = ${merchantId}
      and ${pushSubscriptions.id} not in (
        select id from ${pushSubscriptions} where merchant_id = ${merchantId}
        order by created_at desc limit ${keep})`);
}

export async function deleteSubscription(
  tx: Tx,
  merchantId: string,
  endpoint: string,
): Promise<void> {
  await tx
    .delete(pushSubscriptions)
    .where(
      and(eq(pushSubscriptions.merchantId, merchantId), eq(pushSubscriptions.endpoint, endpoint)),
    );
}

/** The push service said the subscription is gone (404/410): whoever it belonged to. */
export async function deleteSubscriptionById(tx: Tx, id: string): Promise<void> {
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function hasSubscription(
  tx: Tx,
  merchantId: string,
  endpoint: string,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(
      and(eq(pushSubscriptions.merchantId, merchantId), eq(pushSubscriptions.endpoint, endpoint)),
    )
    .limit(1);
  return row !== undefined;
}

export async function subscriptionsOf(
  tx: Tx,
  merchantIds: string[],
): Promise<PushSubscriptionRow[]> {
  if (merchantIds.length === 0) return [];
  return tx
    .select()
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.merchantId, merchantIds))
    .orderBy(asc(pushSubscriptions.createdAt));
}

export async function mutesOf(
  tx: Tx,
  merchantIds: string[],
): Promise<{ merchantId: string; type: NotificationType }[]> {
  if (merchantIds.length === 0) return [];
  return tx
    .select()
    .from(notificationMutes)
    .where(inArray(notificationMutes.merchantId, merchantIds));
}

/**
 * Takes up to `limit` notifications from the push outbox (pushed_at null: only those of merchants
 * that had a push subscription when they were written, outboxMark), oldest first, and marks
 * them taken, in one statement. SKIP LOCKED lets processes running this at once take different
 * rows, so no notification is sent twice; the mark is made before sending (at most once: a
 * process that dies while sending loses those few pushes, never repeats them), and the sending
 * happens outside any transaction, so a slow push service holds no lock and no connection.
 */
export async function claimOutbox(tx: Tx, at: Date, limit: number): Promise<NotificationRow[]> {
  const taken = tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(isNull(notifications.pushedAt))
    .orderBy(asc(notifications.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx
    .update(notifications)
    .set({ pushedAt: at })
    .where(inArray(notifications.id, taken))
    .returning();
}

/** How long notifications are kept: the list is news, not an archive. */
export const NOTIFICATION_RETENTION_MS = 90 * 24 * 60 * 60_000;
const PURGE_BATCH = 5_000;

/**
 * Drops notifications older than the retention, oldest first in batches: each batch looks only at
 * the oldest rows by id (ids grow with time), so an hourly run with nothing to drop reads a page
 * of the primary key, not the table.
 */
export async function purgeNotifications(tx: Tx, now: Date): Promise<number> {
  const before = new Date(now.getTime() - NOTIFICATION_RETENTION_MS);
  let total = 0;
  for (;;) {
    const gone = await tx.execute(sql`
      delete from ${notifications} where id in (
        select id from (
          select id, created_at from ${notifications} order by id limit ${PURGE_BATCH}) oldest
        where created_at < ${before.toISOString()}::timestamptz)
      returning id`);
    const count = rowsOf(gone).length;
    total += count;
    if (count < PURGE_BATCH) return total;
  }
}
