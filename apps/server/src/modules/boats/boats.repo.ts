import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { boats, coldRooms, media, stores } from '../../db/schema.js';

export type BoatRow = typeof boats.$inferSelect;
export type ColdRoomRow = typeof coldRooms.$inferSelect;
type MediaRow = typeof media.$inferSelect;

export type BoatValues = Pick<BoatRow, 'boatNumber' | 'ownerName' | 'imageMediaId'>;
export type ColdRoomValues = Pick<ColdRoomRow, 'name' | 'ownerName' | 'imageMediaId' | 'active'>;

/** A row with its photo, when it has one (the photo may have been deleted: ON DELETE SET NULL). */
export type WithImage<T> = { row: T; image: MediaRow | null };

/**
 * Serializes the changes to one merchant's boats or cold rooms: the uniqueness of boat numbers,
 * the limits and the next 'Cold Room N' are checked and written under it, so two taps at once
 * cannot both pass. Readers do not take it.
 */
export async function lockMerchantFleet(tx: Tx, merchantId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`boats:${merchantId}`}))`);
}

const ownBoat = (merchantId: string, boatId: string) =>
  and(eq(boats.id, boatId), eq(boats.merchantId, merchantId));

/** Oldest first, as the lot form has always listed them. */
export async function boatsWithImages(tx: Tx, merchantId: string): Promise<WithImage<BoatRow>[]> {
  return tx
    .select({ row: boats, image: media })
    .from(boats)
    .leftJoin(media, eq(media.id, boats.imageMediaId))
    .where(eq(boats.merchantId, merchantId))
    .orderBy(asc(boats.createdAt), asc(boats.boatNumber), asc(boats.id));
}

/** The boat with its photo, if it exists and is this merchant's. */
export async function boatWithImage(tx: Tx, merchantId: string, boatId: string) {
  const [found] = await tx
    .select({ row: boats, image: media })
    .from(boats)
    .leftJoin(media, eq(media.id, boats.imageMediaId))
    .where(ownBoat(merchantId, boatId));
  return found ?? null;
}

/** Every boat number of the merchant, for the uniqueness check. */
export async function boatNumbersOf(tx: Tx, merchantId: string) {
  return tx
    .select({ id: boats.id, boatNumber: boats.boatNumber })
    .from(boats)
    .where(eq(boats.merchantId, merchantId));
}

/** Number and owner of each boat, for checking the boats a lot form names. */
export async function boatsOf(tx: Tx, merchantId: string) {
  return tx
    .select({ id: boats.id, boatNumber: boats.boatNumber, ownerName: boats.ownerName })
    .from(boats)
    .where(eq(boats.merchantId, merchantId));
}

export async function insertBoat(tx: Tx, merchantId: string, values: BoatValues) {
  const [row] = await tx
    .insert(boats)
    .values({ ...values, merchantId })
    .returning({ id: boats.id });
  if (!row) throw new Error('boat insert returned nothing');
  return row.id;
}

/** True when there was such a boat of this merchant. */
export async function updateBoat(tx: Tx, merchantId: string, boatId: string, values: BoatValues) {
  const rows = await tx
    .update(boats)
    .set(values)
    .where(ownBoat(merchantId, boatId))
    .returning({ id: boats.id });
  return rows.length > 0;
}

/** True when there was such a boat. Its lots keep the number and owner they were published with. */
export async function deleteBoat(tx: Tx, merchantId: string, boatId: string) {
  const rows = await tx
    .delete(boats)
    .where(ownBoat(merchantId, boatId))
    .returning({ id: boats.id });
  return rows.length > 0;
}

const ownColdRoom = (merchantId: string, roomId: string) =>
  and(eq(coldRooms.id, roomId), eq(coldRooms.merchantId, merchantId));

/** Oldest first. */
export async function coldRoomsWithImages(
  tx: Tx,
  merchantId: string,
): Promise<WithImage<ColdRoomRow>[]> {
  return tx
    .select({ row: coldRooms, image: media })
    .from(coldRooms)
    .leftJoin(media, eq(media.id, coldRooms.imageMediaId))
    .where(eq(coldRooms.merchantId, merchantId))
    .orderBy(asc(coldRooms.createdAt), asc(coldRooms.name), asc(coldRooms.id));
}

export async function coldRoomWithImage(tx: Tx, merchantId: string, roomId: string) {
  const [found] = await tx
    .select({ row: coldRooms, image: media })
    .from(coldRooms)
    .leftJoin(media, eq(media.id, coldRooms.imageMediaId))
    .where(ownColdRoom(merchantId, roomId));
  return found ?? null;
}

/** Every cold room name of the merchant, for the next 'Cold Room N'. */
export async function coldRoomNamesOf(tx: Tx, merchantId: string) {
  return tx
    .select({ id: coldRooms.id, name: coldRooms.name })
    .from(coldRooms)
    .where(eq(coldRooms.merchantId, merchantId));
}

export async function insertColdRoom(tx: Tx, merchantId: string, values: ColdRoomValues) {
  const [row] = await tx
    .insert(coldRooms)
    .values({ ...values, merchantId })
    .returning({ id: coldRooms.id });
  if (!row) throw new Error('cold room insert returned nothing');
  return row.id;
}

export async function updateColdRoom(
  tx: Tx,
  merchantId: string,
  roomId: string,
  values: ColdRoomValues,
) {
  const rows = await tx
    .update(coldRooms)
    .set(values)
    .where(ownColdRoom(merchantId, roomId))
    .returning({ id: coldRooms.id });
  return rows.length > 0;
}

export async function deleteColdRoom(tx: Tx, merchantId: string, roomId: string) {
  const rows = await tx
    .delete(coldRooms)
    .where(ownColdRoom(merchantId, roomId))
    .returning({ id: coldRooms.id });
  return rows.length > 0;
}

/** The store's has-cold-room flag; null while the merchant has no store yet. */
export async function hasColdRoomOf(tx: Tx, merchantId: string): Promise<boolean | null> {
  const [row] = await tx
    .select({ hasColdRoom: stores.hasColdRoom })
    .from(stores)
    .where(eq(stores.merchantId, merchantId));
  return row ? row.hasColdRoom : null;
}

/** Sets the flag; false when the merchant has no store to set it on. */
export async function setHasColdRoom(tx: Tx, merchantId: string, hasColdRoom: boolean) {
  const rows = await tx
    .update(stores)
    .set({ hasColdRoom })
    .where(eq(stores.merchantId, merchantId))
    .returning({ id: stores.id });
  return rows.length > 0;
}
