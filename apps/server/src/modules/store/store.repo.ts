import { and, asc, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { businessDocuments, media, merchants, storeCarousel, stores } from '../../db/schema.js';

export async function insertStore(tx: Tx, values: typeof stores.$inferInsert) {
  await tx.insert(stores).values(values);
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

/** The store's name; null while the merchant has no store. */
export async function storeNameOf(tx: Tx, merchantId: string) {
  const [row] = await tx
    .select({ name: stores.name })
    .from(stores)
    .where(eq(stores.merchantId, merchantId));
  return row?.name ?? null;
}

// The store profile (PRODUCT.md §7)

export type StoreRow = typeof stores.$inferSelect;
export type DocumentRow = typeof businessDocuments.$inferSelect;

/**
 * The merchant's business status with the store (null while it has none) and the store's logo:
 * what GET /api/store shows, but the carousel and the documents. Null when no such merchant.
 */
export async function storeOf(tx: Tx, merchantId: string) {
  const [row] = await tx
    .select({
      businessStatus: merchants.businessStatus,
      businessRejectReason: merchants.businessRejectReason,
      store: stores,
      logo: media,
    })
    .from(merchants)
    .leftJoin(stores, eq(stores.merchantId, merchants.accountId))
    .leftJoin(media, eq(media.id, stores.logoMediaId))
    .where(eq(merchants.accountId, merchantId));
  return row ?? null;
}

/** Creates the store with its basic info, or changes the basic info of the existing one. */
export async function upsertBasicInfo(
  tx: Tx,
  merchantId: string,
  values: Pick<StoreRow, 'name' | 'address' | 'latitude' | 'longitude' | 'logoMediaId'>,
) {
  await tx
    .insert(stores)
    .values({ merchantId, ...values })
    .onConflictDoUpdate({ target: stores.merchantId, set: values });
}

/** The store's tax details (PRODUCT.md §5a); false when the merchant has no store yet. */
export async function updateTaxDetails(
  tx: Tx,
  merchantId: string,
  values: Pick<
    StoreRow,
    | 'tin'
    | 'registrationNumber'
    | 'sstNumber'
    | 'msicCode'
    | 'businessActivity'
    | 'addressLines'
    | 'postcode'
    | 'city'
    | 'stateCode'
    | 'taxUpdatedAt'
  >,
): Promise<boolean> {
  const rows = await tx
    .update(stores)
    .set(values)
    .where(eq(stores.merchantId, merchantId))
    .returning({ id: stores.id });
  return rows.length > 0;
}

/** Description and announcements; false when the merchant has no store yet. */
export async function updateStoreProfile(
  tx: Tx,
  merchantId: string,
  values: Pick<StoreRow, 'description' | 'announcements'>,
): Promise<boolean> {
  const rows = await tx
    .update(stores)
    .set(values)
    .where(eq(stores.merchantId, merchantId))
    .returning({ id: stores.id });
  return rows.length > 0;
}

/** The carousel's photos, in order. */
export async function carouselOf(tx: Tx, merchantId: string) {
  const rows = await tx
    .select({ media })
    .from(storeCarousel)
    .innerJoin(media, eq(media.id, storeCarousel.mediaId))
    .where(eq(storeCarousel.merchantId, merchantId))
    .orderBy(asc(storeCarousel.position));
  return rows.map((r) => r.media);
}

/** The carousel becomes these photos, in this order (callers hold the merchant's row lock). */
export async function replaceCarousel(tx: Tx, merchantId: string, mediaIds: readonly string[]) {
  await tx.delete(storeCarousel).where(eq(storeCarousel.merchantId, merchantId));
  if (mediaIds.length === 0) return;
  await tx
    .insert(storeCarousel)
    .values(mediaIds.map((mediaId, position) => ({ merchantId, position, mediaId })));
}

/**
 * Locks the merchant's row until the transaction ends and answers its business status (null when
 * no such merchant): an upload and the operator's review, or two carousel saves, go one at a time.
 */
export async function lockBusinessStatus(tx: Tx, merchantId: string) {
  const [row] = await tx
    .select({ status: merchants.businessStatus })
    .from(merchants)
    .where(eq(merchants.accountId, merchantId))
    // NO KEY UPDATE: orders and stores being written for this merchant (KEY SHARE) go on.
    .for('no key update');
  return row?.status ?? null;
}

export async function insertDocument(tx: Tx, values: typeof businessDocuments.$inferInsert) {
  const [row] = await tx.insert(businessDocuments).values(values).returning();
  if (!row) throw new Error('insert into business_documents returned nothing');
  return row;
}

/** The merchant's latest SSM document, or one of theirs by id; null otherwise. */
export async function documentOf(tx: Tx, merchantId: string, id?: string) {
  const [row] = await tx
    .select()
    .from(businessDocuments)
    .where(
      and(
        eq(businessDocuments.merchantId, merchantId),
        id === undefined ? undefined : eq(businessDocuments.id, id),
      ),
    )
    .orderBy(desc(businessDocuments.createdAt), desc(businessDocuments.id))
    .limit(1);
  return row ?? null;
}
