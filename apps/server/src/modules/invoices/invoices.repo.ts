import type { TaxDocumentKind } from '@sm/contract';
import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rowsOf, type Tx } from '../../db/client.js';
import {
  accounts,
  buyers,
  creditNoteNumberSeq,
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
    | 'einvoiceDocument'
    | 'einvoiceStatus'
    | 'einvoiceVersion'
    | 'einvoiceSubmissionUid'
    | 'einvoiceUuid'
    | 'einvoiceLongId'
    | 'einvoiceError'
    | 'einvoiceReasons'
    | 'einvoiceMissing'
    | 'einvoiceSubmittedAt'
    | 'einvoiceIssuedAt'
    | 'einvoiceValidatedAt'
    | 'einvoiceCancelledAt'
    | 'einvoiceCheckAt'
    | 'validatedFileName'
    | 'refundPendingAt'
  >
>;

/** An order's invoice, or its credit note. */
export async function invoiceOfOrder(
  tx: Tx,
  orderId: string,
  kind: TaxDocumentKind = 'invoice',
): Promise<InvoiceRow | null> {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, kind)));
  return row ?? null;
}

export async function invoiceById(tx: Tx, id: string): Promise<InvoiceRow | null> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id));
  return row ?? null;
}

/** The invoice (or credit note) of an order, if the order is this merchant's. */
export async function invoiceOfMerchantOrder(
  tx: Tx,
  orderId: string,
  merchantId: string,
  kind: TaxDocumentKind = 'invoice',
) {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.orderId, orderId),
        eq(invoices.merchantId, merchantId),
        eq(invoices.kind, kind),
      ),
    );
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
      buyerTax: buyers.taxDetails,
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
    .leftJoin(invoices, and(eq(invoices.orderId, orders.id), eq(invoices.kind, 'invoice')))
    .where(and(eq(orders.id, orderId), eq(orders.merchantId, merchantId)));
  return row ?? null;
}
export type InvoiceFacts = NonNullable<Awaited<ReturnType<typeof invoiceFacts>>>;

/**
 * The next number of the invoice (or credit note) sequence; numbers are never reused, even if
 * one goes unused.
 */
export async function nextSerial(tx: Tx, kind: TaxDocumentKind): Promise<string> {
  const seq = kind === 'invoice' ? invoiceNumberSeq : creditNoteNumberSeq;
  const [next] = rowsOf<{ n: string }>(await tx.execute(sql`select nextval(${seq.seqName}) as n`));
  if (next?.n === undefined) throw new Error('invoice number sequence returned nothing');
  return String(next.n);
}

/** Writes the invoice unless the order has one already (a race lost): then null. */
export async function insertInvoice(tx: Tx, values: NewInvoice): Promise<InvoiceRow | null> {
  const [row] = await tx
    .insert(invoices)
    .values(values)
    .onConflictDoNothing({ target: [invoices.orderId, invoices.kind] })
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
    // The job's turn comes when the claim goes stale: an attempt that died is taken up again.
    .set({
      einvoiceSubmittedAt: now,
      einvoiceCheckAt: new Date(now.getTime() + (now.getTime() - staleBefore.getTime())),
    })
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

/** A document, locked for a change that depends on its state. */
export async function lockInvoice(tx: Tx, invoiceId: string): Promise<InvoiceRow | null> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
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

/**
 * When takeDueCheck or takeDueRefund next finds a document (past: one is due), or null when none
 * waits: the e-invoice job sleeps until then. A Submitted document without a time is due now.
 */
export async function nextWorkAt(tx: Tx): Promise<Date | null> {
  const [row] = rowsOf<{ at: Date | string | null }>(
    await tx.execute(sql`
      select least(
        (select min(einvoice_check_at) from ${invoices}
          where einvoice_status in ('submitted', 'not_submitted')),
        (select 'epoch'::timestamptz from ${invoices}
          where einvoice_status = 'submitted' and einvoice_check_at is null limit 1),
        (select min(refund_pending_at) from ${invoices} where refund_pending_at is not null)
      ) as at`),
  );
  return row?.at ? new Date(row.at) : null;
}

/**
 * Takes the next document whose turn has come, and holds it for `leaseMs` (its next turn moves
 * past the lease) so that each is handled by one process at a time: a Submitted one to be asked
 * about, or one whose sending failed (MyInvois busy or unreachable) to be sent again.
 */
export async function takeDueCheck(tx: Tx, now: Date, leaseMs: number) {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(
      or(
        and(
          eq(invoices.einvoiceStatus, 'submitted'),
          or(isNull(invoices.einvoiceCheckAt), lte(invoices.einvoiceCheckAt, now)),
        ),
        and(eq(invoices.einvoiceStatus, 'not_submitted'), lte(invoices.einvoiceCheckAt, now)),
      ),
    )
    .orderBy(asc(invoices.einvoiceCheckAt))
    .limit(1)
    .for('update', { skipLocked: true });
  if (!row) return null;
  const checkAt = new Date(now.getTime() + leaseMs);
  await tx.update(invoices).set({ einvoiceCheckAt: checkAt }).where(eq(invoices.id, row.id));
  return { ...row, einvoiceCheckAt: checkAt };
}

/** The next refunded order's invoice to settle at MyInvois, held the same way. */
export async function takeDueRefund(tx: Tx, now: Date, leaseMs: number) {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(isNotNull(invoices.refundPendingAt), lte(invoices.refundPendingAt, now)))
    .orderBy(asc(invoices.refundPendingAt))
    .limit(1)
    .for('update', { skipLocked: true });
  if (!row) return null;
  const next = new Date(now.getTime() + leaseMs);
  await tx.update(invoices).set({ refundPendingAt: next }).where(eq(invoices.id, row.id));
  return row;
}

/** Credit notes waiting for their invoice's e-invoice to become Valid before they can be sent. */
export async function creditNotesWaitingFor(tx: Tx, invoiceId: string) {
  return tx
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.originalId, invoiceId),
        inArray(invoices.einvoiceStatus, ['not_submitted', 'invalid']),
      ),
    );
}

/** The refunded order's invoice, to be cancelled or credited (in the refund's transaction). */
export async function markRefundPending(tx: Tx, orderId: string, at: Date): Promise<void> {
  await tx
    .update(invoices)
    .set({ refundPendingAt: at })
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')));
}

/**
 * After the store's tax details change: its invoices that waited for them say what they still
 * wait for, and the e-invoice job takes them up now (it sends those that can go).
 */
export async function taxDetailsChanged(
  tx: Tx,
  merchantId: string,
  missing: readonly string[],
  now: Date,
): Promise<void> {
  await tx
    .update(invoices)
    .set({ einvoiceMissing: [...missing], einvoiceCheckAt: now })
    .where(
      and(
        eq(invoices.merchantId, merchantId),
        eq(invoices.einvoiceStatus, 'not_submitted'),
        sql`${invoices.einvoiceMissing} <> '[]'::jsonb`,
      ),
    );
}
