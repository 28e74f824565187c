import { and, asc, eq, sql } from 'drizzle-orm';
import { sqlStateOf, type Tx } from '../../db/client.js';
import { printers } from '../../db/schema.js';

export type PrinterRow = typeof printers.$inferSelect;
export type PrinterValues = Pick<
  typeof printers.$inferInsert,
  'name' | 'kind' | 'paperWidth' | 'host' | 'port' | 'mac'
>;

/**
 * PostgreSQL's unique_violation, as node-postgres and PGlite report it (drizzle wraps it): on a
 * printer's write, another printer has its MAC (printers_mac_key).
 */
export const isUniqueViolation = (err: unknown): boolean => sqlStateOf(err) === '23505';

/** What a cloud printer's polls told, kept only while it is the same printer (the same MAC). */
const keptWhileSameMac = (mac: string | null) => {
  const same = sql`${printers.mac} is not distinct from ${mac}`;
  return {
    cloudSeenAt: sql`case when ${same} then ${printers.cloudSeenAt} end`,
    cloudStatusCode: sql`case when ${same} then ${printers.cloudStatusCode} end`,
    cloudAsb: sql`case when ${same} then ${printers.cloudAsb} end`,
    cloudPollSeconds: sql`case when ${same} then ${printers.cloudPollSeconds} end`,
    cloudInfoAskedAt: sql`case when ${same} then ${printers.cloudInfoAskedAt} end`,
  };
};

const mine = (merchantId: string, printerId: string) =>
  and(eq(printers.id, printerId), eq(printers.merchantId, merchantId));

/** Oldest first: the first printer added is the one the app offers first. */
export async function printersOf(tx: Tx, merchantId: string) {
  return tx
    .select()
    .from(printers)
    .where(eq(printers.merchantId, merchantId))
    .orderBy(asc(printers.createdAt), asc(printers.id));
}

/** The printer, if it exists and is this merchant's. */
export async function printerOf(tx: Tx, merchantId: string, printerId: string) {
  const [row] = await tx.select().from(printers).where(mine(merchantId, printerId));
  return row ?? null;
}

export async function insertPrinter(tx: Tx, merchantId: string, values: PrinterValues) {
  const [row] = await tx
    .insert(printers)
    .values({ ...values, merchantId })
    .returning();
  if (!row) throw new Error('printer insert returned nothing');
  return row;
}

export async function updatePrinter(
  tx: Tx,
  merchantId: string,
  printerId: string,
  values: PrinterValues,
) {
  const [row] = await tx
    .update(printers)
    .set({ ...values, ...keptWhileSameMac(values.mac ?? null) })
    .where(mine(merchantId, printerId))
    .returning();
  return row ?? null;
}

/** True when there was such a printer of this merchant. */
export async function deletePrinter(tx: Tx, merchantId: string, printerId: string) {
  const rows = await tx
    .delete(printers)
    .where(mine(merchantId, printerId))
    .returning({ id: printers.id });
  return rows.length > 0;
}
