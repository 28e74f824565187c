import { EVENT_RETENTION_MS, type MerchantEventType } from '@sm/contract';
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { merchantEvents } from '../../db/schema.js';
import { insertNotificationsFromEvents } from '../notifications/index.js';

/**
 * The channel sm_notify_event (migration 0014) sends each committed event on: insertEvents' and,
 * in sm_place_bids (migration 0017), a bid's.
 */
export const EVENTS_CHANNEL = 'merchant_events';

export interface NewMerchantEvent {
  merchantId: string;
  type: MerchantEventType;
  auctionId: string | null;
  lotId: string | null;
  orderId?: string | null;
  createdAt: Date;
}

export type MerchantEventRow = typeof merchantEvents.$inferSelect;

/** An event about the merchant's account as a whole: no auction, lot or order. */
export const accountEvent = (
  merchantId: string,
  type: MerchantEventType,
  createdAt: Date,
): NewMerchantEvent => ({ merchantId, type, auctionId: null, lotId: null, createdAt });

/**
 * Writes events (and the merchant's notifications they stand for) in the caller's transaction and
 * NOTIFYs them (sm_notify_event), in one round trip: PostgreSQL delivers a NOTIFY only when (and
 * if) the transaction commits, so no stream hears of a change that was rolled back. A bid writes
 * and NOTIFYs its own in sm_place_bids (auctions.repo placeBids).
 */
export async function insertEvents(tx: Tx, events: readonly NewMerchantEvent[]): Promise<void> {
  if (events.length === 0) return;
  const values = sql.join(
    events.map(
      (e) => sql`(${e.merchantId}::uuid, ${e.type}, ${e.auctionId}::uuid, ${e.lotId}::uuid,
        ${e.orderId ?? null}::uuid, ${e.createdAt.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  // The notifications these events stand for, if any, in the same statement (a data-modifying
  // CTE runs whether or not the query reads it); events that notify nobody skip it entirely.
  const notifications = insertNotificationsFromEvents(events.map((e) => e.type));
  const notify = notifications ? sql`, n as (${notifications})` : sql``;
  await tx.execute(sql`
    with e as (
      insert into ${merchantEvents} (merchant_id, type, auction_id, lot_id, order_id, created_at)
      values ${values}
      returning *)${notify}
    select sm_notify_event(id, merchant_id, type, auction_id, lot_id, order_id, created_at)
    from e`);
}

export const insertEvent = (tx: Tx, event: NewMerchantEvent): Promise<void> =>
  insertEvents(tx, [event]);

export async function eventsAfter(
  tx: Tx,
  merchantId: string,
  afterId: number,
  limit: number,
): Promise<MerchantEventRow[]> {
  return tx
    .select()
    .from(merchantEvents)
    .where(and(eq(merchantEvents.merchantId, merchantId), gt(merchantEvents.id, afterId)))
    .orderBy(asc(merchantEvents.id))
    .limit(limit);
}

export async function purgeEvents(tx: Tx, now: Date): Promise<void> {
  const before = new Date(now.getTime() - EVENT_RETENTION_MS);
  await tx.delete(merchantEvents).where(lt(merchantEvents.createdAt, before));
}

export async function latestEventId(tx: Tx, merchantId: string): Promise<number> {
  const [row] = await tx
    .select({ id: sql<number | null>`max(${merchantEvents.id})` })
    .from(merchantEvents)
    .where(eq(merchantEvents.merchantId, merchantId));
  return Number(row?.id ?? 0);
}
