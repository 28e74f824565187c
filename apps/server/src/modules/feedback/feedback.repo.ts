import { and, asc, desc, eq, gt, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { feedbackMessages } from '../../db/schema.js';

export type FeedbackRow = typeof feedbackMessages.$inferSelect;
export type FeedbackValues = Omit<typeof feedbackMessages.$inferInsert, 'id'>;

/** Serialises one merchant's submissions across requests and processes, until the transaction ends. */
export async function lockMerchantFeedback(tx: Tx, merchantId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`feedback:${merchantId}`}))`);
}

/** When the merchant sent feedback after `since`, oldest first. */
export async function feedbackTimesSince(tx: Tx, merchantId: string, since: Date): Promise<Date[]> {
  const rows = await tx
    .select({ createdAt: feedbackMessages.createdAt })
    .from(feedbackMessages)
    .where(and(eq(feedbackMessages.merchantId, merchantId), gt(feedbackMessages.createdAt, since)))
    .orderBy(asc(feedbackMessages.createdAt));
  return rows.map((row) => row.createdAt);
}

export async function insertFeedback(tx: Tx, values: FeedbackValues): Promise<FeedbackRow> {
  const [row] = await tx.insert(feedbackMessages).values(values).returning();
  if (!row) throw new Error('feedback insert returned nothing');
  return row;
}

/** One page of the merchant's own feedback, newest first, after the keyset position `after`. */
export async function feedbackOf(
  tx: Tx,
  merchantId: string,
  after: { at: Date; id: string } | null,
  limit: number,
): Promise<FeedbackRow[]> {
  const where: SQL[] = [eq(feedbackMessages.merchantId, merchantId)];
  if (after) {
    where.push(
      or(
        lt(feedbackMessages.createdAt, after.at),
        and(eq(feedbackMessages.createdAt, after.at), lt(feedbackMessages.id, after.id)),
      ) as SQL,
    );
  }
  return tx
    .select()
    .from(feedbackMessages)
    .where(and(...where))
    .orderBy(desc(feedbackMessages.createdAt), desc(feedbackMessages.id))
    .limit(limit);
}
