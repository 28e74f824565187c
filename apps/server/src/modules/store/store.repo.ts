import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { boats, merchants, stores } from '../../db/schema.js';

export async function insertStore(tx: Tx, values: typeof stores.$inferInsert) {
  await tx.insert(stores).values(values);
}

export async function insertBoat(tx: Tx, values: typeof boats.$inferInsert) {
  await tx.insert(boats).values(values);
}

export async function setBusinessStatus(
  tx: Tx,
  merchantId: string,
  status: (typeof merchants.$inferSelect)['businessStatus'],
  rejectReason: string | null = null,
) {
  await tx
    .update(merchants)
    .set({ businessStatus: status, businessRejectReason: rejectReason })
    .where(eq(merchants.accountId, merchantId));
}
