import { asc, eq } from 'drizzle-orm';
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

export async function businessStatusOf(tx: Tx, merchantId: string) {
  const [row] = await tx
    .select({ status: merchants.businessStatus })
    .from(merchants)
    .where(eq(merchants.accountId, merchantId));
  return row?.status ?? null;
}

export async function boatsOf(tx: Tx, merchantId: string) {
  return tx
    .select({ id: boats.id, boatNumber: boats.boatNumber, ownerName: boats.ownerName })
    .from(boats)
    .where(eq(boats.merchantId, merchantId))
    .orderBy(asc(boats.createdAt), asc(boats.boatNumber));
}

/** The store's name; null while the merchant has no store. */
export async function storeNameOf(tx: Tx, merchantId: string) {
  const [row] = await tx
    .select({ name: stores.name })
    .from(stores)
    .where(eq(stores.merchantId, merchantId));
  return row?.name ?? null;
}
