import { isUuid } from '@sm/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { media } from '../../db/schema.js';

export type MediaRow = typeof media.$inferSelect;

export async function insertMedia(tx: Tx, values: typeof media.$inferInsert): Promise<MediaRow> {
  const [row] = await tx.insert(media).values(values).returning();
  if (!row) throw new Error('insert into media returned nothing');
  return row;
}

/**
 * The rows among `ids` that belong to this merchant, in no particular order. An id that is no
 * UUID matches nothing (rather than failing the query), so callers can compare counts.
 */
export async function findMediaByIds(
  tx: Tx,
  merchantId: string,
  ids: readonly string[],
): Promise<MediaRow[]> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  return tx
    .select()
    .from(media)
    .where(and(eq(media.merchantId, merchantId), inArray(media.id, valid)));
}
