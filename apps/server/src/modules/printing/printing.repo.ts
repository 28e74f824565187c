import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { printers } from '../../db/schema.js';

export type PrinterRow = typeof printers.$inferSelect;
export type PrinterValues = Pick<
  typeof printers.$inferInsert,
  'name' | 'kind' | 'paperWidth' | 'host' | 'port'
>;

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
    .set(values)
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
