import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rowsOf, type Tx } from '../../db/client.js';
import {
  accounts,
  buyers,
  invoiceNumberSeq,
  invoices,
  orderItems,
  orders,
  stores,
} from '../../db/schema.js';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = Omit<typeof invoices.$inferInsert, 'id'>;
export type EInvoicePatch = Partial<
  Pick<
    InvoiceRow,
    'einvoiceDocument' | 'einvoiceStatus' | 'einvoiceUuid' | 'einvoiceError' | 'einvoiceSubmittedAt'
  >
>;

export async function invoiceOfOrder(tx: Tx, orderId: string): Promise<InvoiceRow | null> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.orderId, orderId));
  return row ?? null;
}

/** The invoice of an order, if the order is this merchant's. */
export async function invoiceOfMerchantOrder(tx: Tx, orderId: string, merchantId: string) {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.merchantId, merchantId)));
  return row ?? null;
}

const merchantAccount = alias(accounts, 'merchant_account');

/**
 * Everything an invoice shows, of a merchant's order: the order and its item, the buyer, the
 * store's tax details and the merchant's phone, and the invoice if there is one.
 */
export async function invoiceFacts(tx: Tx, orderId: string, merchantId: string) {
  const [row] = await tx
    .select({
      order: orders,
      item: orderItems,
      buyerPhone: accounts.phone,
      buyerName: buyers.displayName,
      buyerTin: buyers.tin,
      store: stores,
      merchantPhone: merchantAccount.phone,
      invoice: invoices,
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .innerJoin(accounts, eq(accounts.id, orders.buyerId))
    .leftJoin(buyers, eq(buyers.accountId, orders.buyerId))
    .innerJoin(merchantAccount, eq(merchantAccount.id, orders.merchantId))
    .leftJoin(stores, eq(stores.merchantId, orders.merchantId))
    .leftJoin(invoices, eq(invoices.orderId, orders.id))
    .where(and(eq(orders.id, orderId), eq(orders.merchantId, merchantId)));
  return row ?? null;
}
export type InvoiceFacts = NonNullable<Awaited<ReturnType<typeof invoiceFacts>>>;

/** The next number of the invoice sequence; numbers are never reused, even if one goes unused. */
export async function nextInvoiceSerial(tx: Tx): Promise<string> {
  const [next] = rowsOf<{ n: string }>(
    await tx.execute(sql`select nextval(${invoiceNumberSeq.seqName}) as n`),
  );
  if (next?.n === undefined) throw new Error('invoice number sequence returned nothing');
  return String(next.n);
}

/** Writes the invoice unless the order has one already (a race lost): then null. */
export async function insertInvoice(tx: Tx, values: NewInvoice): Promise<InvoiceRow | null> {
  const [row] = await tx
    .insert(invoices)
    .values(values)
    .onConflictDoNothing({ target: invoices.orderId })
    .returning();
  return row ?? null;
}

/**
 * Takes the right to submit an invoice's e-invoice: it must still need submitting, and no other
 * attempt may have started since `staleBefore`. While the status is not 'submitted', the
 * submission time marks an attempt in progress, so two requests never send one document twice.
 */
export async function claimSubmission(
  tx: Tx,
  invoiceId: string,
  now: Date,
  staleBefore: Date,
): Promise<InvoiceRow | null> {
  const [row] = await tx
    .update(invoices)
    .set({ einvoiceSubmittedAt: now })
    .where(
      and(
        eq(invoices.id, invoiceId),
        inArray(invoices.einvoiceStatus, ['not_submitted', 'invalid']),
        or(isNull(invoices.einvoiceSubmittedAt), lt(invoices.einvoiceSubmittedAt, staleBefore)),
      ),
    )
    .returning();
  return row ?? null;
}

export async function updateEInvoice(
  tx: Tx,
  invoiceId: string,
  patch: EInvoicePatch,
): Promise<InvoiceRow> {
  const [row] = await tx.update(invoices).set(patch).where(eq(invoices.id, invoiceId)).returning();
  if (!row) throw new Error('invoice update returned nothing');
  return row;
}
