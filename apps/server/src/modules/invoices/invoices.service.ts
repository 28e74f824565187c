import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  formatMalaysianMobile,
  type InvoiceInfo,
  PAID_STATUSES,
  SPECIES,
  type Species,
} from '@sm/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { newStoredName, storedNameTest } from '../../lib/stored-name.js';
import { klDate } from '../../lib/kl-time.js';
import { lockOrder, type OrderRow } from '../orders/orders.repo.js';
import { buildEInvoice, type SellerField, type UblDocument } from './einvoice.js';
import type { EInvoiceClient } from './einvoice.client.js';
import { renderInvoicePdf } from './invoice.pdf.js';
import { invoiceInfoOf } from './invoice.view.js';
import * as repo from './invoices.repo.js';
import type { InvoiceFacts, InvoiceRow } from './invoices.repo.js';

export interface InvoiceDeps {
  db: Db;
  clock: Clock;
  /** Where the PDFs live: DATA_DIR/invoices. */
  invoicesDir: string;
  einvoice: EInvoiceClient;
  log: FastifyBaseLogger;
}

/** An attempt to submit older than this is taken to have died with its process. */
const SUBMISSION_CLAIM_MS = 2 * 60_000;
/** Stored PDFs have random names, never the invoice number, so names cannot be guessed. */
const isStoredPdf = storedNameTest(['pdf']);

const FIELD_LABELS: Record<SellerField, string> = {
  tin: 'TIN',
  registrationNumber: 'registration number',
  address: 'address',
  city: 'city',
  postcode: 'postcode',
  stateCode: 'state',
};

const isPaid = (order: OrderRow) => order.paidAt !== null && PAID_STATUSES.includes(order.status);

/** A merchant that has not named a store yet is known by its phone. */
const sellerName = (f: InvoiceFacts) => f.store?.name ?? formatMalaysianMobile(f.merchantPhone);

/** The e-invoice of an invoice, from the order's facts as they are now. */
function eInvoiceOf(facts: InvoiceFacts, number: string, issuedAt: Date) {
  const { item, store } = facts;
  const species = SPECIES[item.species as Species];
  return buildEInvoice({
    number,
    issuedAt,
    seller: {
      name: sellerName(facts),
      tin: store?.tin ?? null,
      registrationNumber: store?.registrationNumber ?? null,
      sstNumber: store?.sstNumber ?? null,
      msicCode: store?.msicCode ?? null,
      businessActivity: store?.businessActivity ?? null,
      address: store?.address ?? null,
      city: store?.city ?? null,
      postcode: store?.postcode ?? null,
      stateCode: store?.stateCode ?? null,
      phone: facts.merchantPhone,
    },
    buyer: { name: facts.buyerName, tin: facts.buyerTin, phone: facts.buyerPhone },
    lines: [
      {
        description: species ? `${item.name} (${species.en})` : item.name,
        quantity: item.quantity,
        price: item.price,
        amount: item.amount,
      },
    ],
  });
}

const missingText = (missing: SellerField[]) =>
  `Store details missing for the e-invoice: ${missing.map((f) => FIELD_LABELS[f]).join(', ')}`;

/**
 * Invoices (PRODUCT.md §5): one per paid order, numbered, immutable, a PDF on disk; and its
 * Malaysian e-invoice, submitted to MyInvois when the operator has given credentials.
 */
export function createInvoiceService({ db, clock, invoicesDir, einvoice, log }: InvoiceDeps) {
  async function facts(merchantId: string, orderId: string) {
    const row = await repo.invoiceFacts(db, orderId, merchantId);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /**
   * Sends the stored document, unless another request is sending it right now. A failure to
   * reach MyInvois leaves it not submitted, with the reason, to be sent again later.
   */
  async function submit(invoice: InvoiceRow, document: UblDocument): Promise<InvoiceRow> {
    const now = clock.now();
    const claimed = await repo.claimSubmission(
      db,
      invoice.id,
      now,
      new Date(now.getTime() - SUBMISSION_CLAIM_MS),
    );
    if (!claimed) return (await repo.invoiceOfOrder(db, invoice.orderId)) ?? invoice;
    try {
      const result = await einvoice.submit(document, invoice.number);
      return await repo.updateEInvoice(
        db,
        invoice.id,
        result.status === 'submitted'
          ? {
              einvoiceStatus: 'submitted',
              einvoiceUuid: result.uuid ?? null,
              einvoiceError: null,
              einvoiceSubmittedAt: now,
            }
          : {
              einvoiceStatus: 'invalid',
              einvoiceError: result.error ?? 'Rejected by MyInvois',
              einvoiceSubmittedAt: null,
            },
      );
    } catch (err) {
      log.warn({ err, invoice: invoice.number }, 'e-invoice submission failed');
      return repo.updateEInvoice(db, invoice.id, {
        einvoiceStatus: 'not_submitted',
        einvoiceError: `Not submitted: ${err instanceof Error ? err.message : String(err)}`,
        einvoiceSubmittedAt: null,
      });
    }
  }

  /**
   * Generates the order's invoice once. The PDF is rendered and written before any lock is taken
   * (rendering takes a while, and the embedded database has one connection); then, with the order
   * locked and still paid, the row is written. Two requests racing both render, but the order's
   * one invoice is the row that got in first: the other removes its file and answers the winner.
   */
  async function generate(merchantId: string, orderId: string): Promise<InvoiceInfo> {
    const f = await facts(merchantId, orderId);
    if (f.invoice) return invoiceInfoOf(f.invoice);
    const { order, item } = f;
    const paidAmount = order.paidAmount;
    if (!isPaid(order) || paidAmount === null) throw new AppError('INVOICE_NOT_AVAILABLE');
    const issuedAt = clock.now();
    const serial = await repo.nextInvoiceSerial(db);
    const number = `INV${klDate(issuedAt).slice(0, 4)}-${serial.padStart(6, '0')}`;

    const pdf = await renderInvoicePdf({
      number,
      issuedAt,
      orderNumber: order.number,
      batchNumber: order.batchNumber,
      seller: {
        name: sellerName(f),
        address: f.store?.address ?? null,
        tin: f.store?.tin ?? null,
        registrationNumber: f.store?.registrationNumber ?? null,
        phone: f.merchantPhone,
      },
      buyer: { name: f.buyerName, phone: f.buyerPhone },
      item,
      subtotal: order.subtotal,
      paidAmount,
      feeBps: order.feeBps,
      fee: order.fee,
    });
    const built = eInvoiceOf(f, number, issuedAt);

    await mkdir(invoicesDir, { recursive: true });
    const fileName = newStoredName('pdf');
    const file = path.join(invoicesDir, fileName);
    // A crash between this write and the row leaves only an unreferenced file, never a row
    // pointing at nothing.
    await writeFile(file, pdf, { flag: 'wx' });

    let row: InvoiceRow | null;
    try {
      row = await db.transaction(async (tx) => {
        const locked = await lockOrder(tx, orderId);
        // Refunded while the PDF was being drawn.
        if (!locked || !isPaid(locked)) throw new AppError('INVOICE_NOT_AVAILABLE');
        return repo.insertInvoice(tx, {
          orderId,
          merchantId,
          number,
          fileName,
          einvoiceDocument: built.ok ? built.document : null,
          einvoiceStatus: 'not_submitted',
          einvoiceError: built.ok ? null : missingText(built.missing),
          createdAt: issuedAt,
        });
      });
    } catch (err) {
      await rm(file, { force: true });
      throw err;
    }
    if (!row) {
      await rm(file, { force: true });
      const winner = await repo.invoiceOfOrder(db, orderId);
      if (!winner) throw new Error('the invoice that won the race is gone');
      return invoiceInfoOf(winner);
    }
    if (built.ok && einvoice.configured) row = await submit(row, built.document);
    return invoiceInfoOf(row);
  }

  /**
   * Submits, or submits again, an e-invoice that MyInvois has not accepted. The stored document
   * is what is sent; one is built now only if the store lacked details when the invoice was made.
   * Without credentials, or once accepted, the invoice is answered as it is.
   */
  async function resubmit(merchantId: string, orderId: string): Promise<InvoiceInfo> {
    const f = await facts(merchantId, orderId);
    const invoice = f.invoice;
    if (!invoice) throw new AppError('NOT_FOUND');
    const pending =
      invoice.einvoiceStatus === 'not_submitted' || invoice.einvoiceStatus === 'invalid';
    if (!pending || !einvoice.configured) return invoiceInfoOf(invoice);

    let document = invoice.einvoiceDocument as UblDocument | null;
    if (!document) {
      const built = eInvoiceOf(f, invoice.number, invoice.createdAt);
      if (!built.ok) {
        const error = missingText(built.missing);
        return invoiceInfoOf(await repo.updateEInvoice(db, invoice.id, { einvoiceError: error }));
      }
      document = built.document;
      await repo.updateEInvoice(db, invoice.id, { einvoiceDocument: document });
    }
    return invoiceInfoOf(await submit(invoice, document));
  }

  /** The stored PDF of a merchant's order. */
  async function pdf(merchantId: string, orderId: string) {
    const invoice = await repo.invoiceOfMerchantOrder(db, orderId, merchantId);
    if (!invoice || !isStoredPdf(invoice.fileName)) throw new AppError('NOT_FOUND');
    try {
      const bytes = await readFile(path.join(invoicesDir, invoice.fileName));
      return { number: invoice.number, bytes };
    } catch (err) {
      log.error({ err, invoice: invoice.number }, 'invoice PDF missing from the data directory');
      throw new AppError('NOT_FOUND');
    }
  }

  return { generate, resubmit, pdf };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
