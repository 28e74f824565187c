import type { MerchantEventType } from '@sm/contract';
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { merchantEvents } from '../../db/schema.js';

export const EVENTS_CHANNEL = 'merchant_events';

export interface NewMerchantEvent {
  merchantId: string;
  type: MerchantEventType;
  auctionId: string;
  lotId: string | null;
  createdAt: Date;
}

export type MerchantEventRow = typeof merchantEvents.$inferSelect;

/**
 * Writes events in the caller's transaction and NOTIFYs them: PostgreSQL delivers a NOTIFY only
 * when (and if) the transaction commits, so no stream hears of a change that was rolled back.
 */
export async function insertEvents(tx: Tx, events: NewMerchantEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = await tx.insert(merchantEvents).values(events).returning();
  for (const row of rows) {
    await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(row)})`);
  }
}

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

/** How long a stream can resume: a phone offline longer than this reloads its lists anyway. */
const EVENT_RETENTION_MS = 24 * 60 * 60_000;

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
