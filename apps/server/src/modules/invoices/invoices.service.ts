import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  EINVOICE_CANCEL_WINDOW_MS,
  type EInvoiceStatus,
  formatMalaysianMobile,
  missingTaxFields,
  type InvoiceInfo,
  PAID_STATUSES,
  SPECIES,
  type Species,
  type TaxDocumentKind,
  type TaxField,
} from '@sm/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { newStoredName, storedNameTest } from '../../lib/stored-name.js';
import { klDate } from '../../lib/kl-time.js';
import { insertEvent } from '../events/index.js';
import { lockOrder, type OrderRow } from '../orders/index.js';
import { buildEInvoice, type UblDocument } from './einvoice.js';
import { type EInvoiceClient, RetryLater, validationUrl } from './einvoice.client.js';
import type { Signer } from './einvoice.sign.js';
import { type InvoicePdfData, pdfDataOf, pdfFactsOf, renderInvoicePdf } from './invoice.pdf.js';
import { invoiceInfoOf } from './invoice.view.js';
import * as repo from './invoices.repo.js';
import type { InvoiceFacts, InvoiceRow } from './invoices.repo.js';

export interface InvoiceDeps {
  db: Db;
  clock: Clock;
  /** Where the PDFs live: DATA_DIR/invoices. */
  invoicesDir: string;
  einvoice: EInvoiceClient;
  /** With the intermediary's certificate, documents are version 1.1, signed; else 1.0. */
  signer?: Signer | null;
  log: FastifyBaseLogger;
}

/** An attempt to submit older than this is taken to have died with its process. */
const SUBMISSION_CLAIM_MS = 2 * 60_000;
/** MyInvois refuses the same document again within this long (DuplicateSubmission). */
const DUPLICATE_WINDOW_MS = 10 * 60_000;
/**
 * How long one process holds a document it is asking MyInvois about: longer than the longest
 * chain of calls one turn makes (a token, then up to three calls, each with a 30 s timeout).
 */
const LEASE_MS = 5 * 60_000;
/** The first questions come soon (validation takes seconds), then further apart. */
const CHECK_AFTER_MS = [5_000, 15_000, 60_000, 5 * 60_000];
/** A document whose sending failed without MyInvois saying when to come back. */
const RESEND_AFTER_MS = 60_000;
/** A refund whose invoice is still being validated is looked at again after this. */
const REFUND_RETRY_MS = 30_000;
/** Stored PDFs have random names, never the invoice number, so names cannot be guessed. */
const isStoredPdf = storedNameTest(['pdf']);

const isPaid = (order: OrderRow) => order.paidAt !== null && PAID_STATUSES.includes(order.status);

/** A merchant that has not named a store yet is known by its phone. */
const sellerName = (f: InvoiceFacts) => f.store?.name ?? formatMalaysianMobile(f.merchantPhone);

/** The seller's TIN a document was sent for: MyInvois is asked on that taxpayer's behalf. */
function supplierTinOf(document: unknown): string | null {
  type Node = Record<string, unknown>;
  const first = (v: unknown) => (Array.isArray(v) ? (v[0] as Node | undefined) : undefined);
  const party = first(
    first(first((document as Node | null)?.Invoice)?.AccountingSupplierParty)?.Party,
  );
  const ids = (party?.PartyIdentification as Node[] | undefined) ?? [];
  for (const id of ids) {
    const value = first(id.ID);
    if (value?.schemeID === 'TIN' && typeof value._ === 'string') return value._;
  }
  return null;
}

/** `document` with the supplier and the buyer of `from` (both UBL JSON documents). */
function withPartiesOf(from: unknown, document: UblDocument): UblDocument {
  type Node = Record<string, unknown>;
  const source = ((from as Node).Invoice as Node[] | undefined)?.[0];
  const target = (document.Invoice as Node[] | undefined)?.[0];
  if (!source || !target) return document;
  return {
    ...document,
    Invoice: [
      {
        ...target,
        AccountingSupplierParty: source.AccountingSupplierParty,
        AccountingCustomerParty: source.AccountingCustomerParty,
      },
    ],
  };
}

/**
 * Tax documents (PRODUCT.md §5, §5a): one invoice per paid order, numbered, its PDF written once;
 * its Malaysian e-invoice through its life at MyInvois (submitted → Valid or Invalid, resubmitted
 * with a fresh issue date, cancelled); and the refund of an invoiced order: the e-invoice
 * cancelled within 72 hours of validation, otherwise a credit note with its own number, PDF and
 * e-invoice.
 */
export function createInvoiceService({
  db,
  clock,
  invoicesDir,
  einvoice,
  signer = null,
  log,
}: InvoiceDeps) {
  const version = signer ? '1.1' : '1.0';

  async function facts(merchantId: string, orderId: string) {
    const row = await repo.invoiceFacts(db, orderId, merchantId);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** The e-invoice of a document, from the order's facts as they are now, dated `issuedAt`. */
  function eInvoiceOf(
    f: InvoiceFacts,
    doc: InvoiceRow,
    issuedAt: Date,
    original: InvoiceRow | null,
  ) {
    const { item, store } = f;
    const species = SPECIES[item.species as Species];
    return buildEInvoice({
      kind: doc.kind,
      version,
      number: doc.number,
      issuedAt,
      seller: {
        name: sellerName(f),
        tin: store?.tin ?? null,
        registrationNumber: store?.registrationNumber ?? null,
        sstNumber: store?.sstNumber ?? null,
        msicCode: store?.msicCode ?? null,
        businessActivity: store?.businessActivity ?? null,
        addressLines: store?.addressLines ?? [],
        city: store?.city ?? null,
        postcode: store?.postcode ?? null,
        stateCode: store?.stateCode ?? null,
        phone: f.merchantPhone,
      },
      buyer: { taxDetails: f.buyerTax ?? null, phone: f.buyerPhone },
      // Sent only once its invoice's e-invoice is Valid, so with that one's UUID.
      original: original?.einvoiceUuid
        ? { number: original.number, uuid: original.einvoiceUuid }
        : undefined,
      lines: [
        {
          description: species ? `${item.name} (${species.en})` : item.name,
          quantity: item.quantity,
          price: item.price,
          amount: doc.amount,
        },
      ],
    });
  }

  /** The PDF's facts: what the buyer paid (or is given back), never the merchant's fee. */
  function pdfData(
    f: InvoiceFacts,
    kind: TaxDocumentKind,
    number: string,
    issuedAt: Date,
    amount: number,
    originalNumber: string | null,
  ): InvoicePdfData {
    const { order, item, store } = f;
    return {
      kind,
      number,
      issuedAt,
      originalNumber,
      orderNumber: order.number,
      batchNumber: order.batchNumber,
      seller: {
        name: sellerName(f),
        address: store?.address ?? null,
        tin: store?.tin ?? null,
        registrationNumber: store?.registrationNumber ?? null,
        phone: f.merchantPhone,
      },
      buyer: { name: f.buyerTax?.name ?? f.buyerName, phone: f.buyerPhone },
      item,
      subtotal: order.subtotal,
      amount,
    };
  }

  /** Writes a new PDF; its name, random. */
  async function writePdf(bytes: Buffer): Promise<string> {
    await mkdir(invoicesDir, { recursive: true });
    const fileName = newStoredName('pdf');
    await writeFile(path.join(invoicesDir, fileName), bytes, { flag: 'wx' });
    return fileName;
  }

  const removePdf = (fileName: string) => rm(path.join(invoicesDir, fileName), { force: true });

  const info = (row: InvoiceRow) => invoiceInfoOf(row, einvoice.portalUrl);

  /** An e-invoice's change the merchant sees: the order's open pages refresh (order_updated). */
  const changed = (id: string, patch: repo.EInvoicePatch) =>
    db.transaction(async (tx) => {
      // A cancelled e-invoice stays so: an answer arriving late (a submit in flight while the
      // order was refunded) changes nothing but what it may (its UUID, to be cancelled).
      const current = await repo.lockInvoice(tx, id);
      if (current?.einvoiceStatus === 'cancelled' && patch.einvoiceStatus !== 'cancelled') {
        const row = await repo.updateEInvoice(tx, id, {
          ...(patch.einvoiceUuid ? { einvoiceUuid: patch.einvoiceUuid } : {}),
          einvoiceSubmittedAt: null,
          einvoiceCheckAt: null,
          // A document it had after all is cancelled at MyInvois by the refund job.
          ...(patch.einvoiceUuid ? { refundPendingAt: clock.now() } : {}),
        });
        return row;
      }
      const row = await repo.updateEInvoice(tx, id, patch);
      await insertEvent(tx, {
        merchantId: row.merchantId,
        type: 'order_updated',
        auctionId: null,
        lotId: null,
        orderId: row.orderId,
        createdAt: clock.now(),
      });
      return row;
    });

  /**
   * Sends a document to MyInvois, unless another attempt holds it. The document is built now,
   * with today's issue date and the store's and buyer's details as they are now; except when an
   * earlier attempt may have reached MyInvois without its answer reaching us: then MyInvois is
   * asked first, and within its duplicate window the very same document is sent again (so that
   * MyInvois itself refuses a second copy), never a new one.
   */
  async function submit(doc: InvoiceRow): Promise<InvoiceRow> {
    if (!einvoice.configured) return doc;
    const now = clock.now();
    const claimed = await repo.claimSubmission(
      db,
      doc.id,
      now,
      new Date(now.getTime() - SUBMISSION_CLAIM_MS),
    );
    if (!claimed) return (await repo.invoiceById(db, doc.id)) ?? doc;
    const f = await repo.invoiceFacts(db, doc.orderId, doc.merchantId);
    if (!f) throw new Error('the order of an invoice is gone');
    const original = doc.originalId ? await repo.invoiceById(db, doc.originalId) : null;
    if (original && original.einvoiceStatus !== 'valid') {
      // A credit note refers to its invoice's e-invoice: it waits until that one is Valid.
      return changed(doc.id, {
        einvoiceError: 'Waiting for the invoice’s e-invoice to be valid',
        einvoiceSubmittedAt: null,
        einvoiceCheckAt: null,
      });
    }

    // A document stored before this version (no issue time) is never resent as it was.
    let sent =
      claimed.einvoiceStatus === 'not_submitted' && claimed.einvoiceIssuedAt
        ? claimed.einvoiceDocument
        : null;
    let issuedAt = claimed.einvoiceIssuedAt;
    try {
      if (sent && issuedAt) {
        const tin = supplierTinOf(sent);
        const found = tin ? await einvoice.findSent(tin, doc.number, issuedAt) : null;
        if (found) return await accepted(doc.id, found, null, now);
        // Beyond the duplicate window MyInvois would take a second copy: a new document is safe
        // only because it has just said it has none.
        if (now.getTime() - issuedAt.getTime() > DUPLICATE_WINDOW_MS) sent = null;
      }
      if (!sent) {
        issuedAt = now;
        const built = eInvoiceOf(f, doc, issuedAt, original);
        if (!built.ok) {
          return await changed(doc.id, {
            einvoiceMissing: built.missing,
            einvoiceError: null,
            einvoiceSubmittedAt: null,
            einvoiceCheckAt: null,
          });
        }
        // A credit note names the parties as its invoice did (the seller's TIN owns its UUID).
        const document = original?.einvoiceDocument
          ? withPartiesOf(original.einvoiceDocument, built.document)
          : built.document;
        sent = signer ? signer.sign(document, issuedAt) : document;
        // Kept before sending: after a crash, the next attempt knows what may have arrived.
        await repo.updateEInvoice(db, doc.id, {
          einvoiceDocument: sent,
          einvoiceIssuedAt: issuedAt,
          einvoiceVersion: version,
          einvoiceMissing: [],
          einvoiceStatus: 'not_submitted',
        });
      }
      const tin = supplierTinOf(sent);
      if (!tin) throw new Error('the document names no supplier TIN');
      const result = await einvoice.submit(tin, sent as UblDocument, doc.number);
      if (result.status === 'submitted') {
        return await accepted(doc.id, result.uuid, result.submissionUid, now);
      }
      if (result.status === 'duplicate') {
        // It did arrive: the poller finds its UUID by its number.
        return await accepted(doc.id, null, null, now);
      }
      return await changed(doc.id, {
        einvoiceStatus: 'invalid',
        einvoiceError: result.error,
        einvoiceReasons: result.reasons.length > 0 ? result.reasons : [result.error],
        einvoiceDocument: null,
        einvoiceSubmittedAt: null,
        einvoiceCheckAt: null,
      });
    } catch (err) {
      log.warn({ err, document: doc.number }, 'e-invoice submission failed');
      // Whether it arrived is unknown: the document stays, and the next attempt asks first.
      return changed(doc.id, {
        einvoiceError: `Not submitted: ${err instanceof Error ? err.message : String(err)}`,
        einvoiceSubmittedAt: null,
        // The job sends it again when MyInvois said, or after a while.
        einvoiceCheckAt: new Date(
          now.getTime() + (err instanceof RetryLater ? err.afterMs : RESEND_AFTER_MS),
        ),
      });
    }
  }

  const accepted = (id: string, uuid: string | null, submissionUid: string | null, now: Date) =>
    changed(id, {
      einvoiceStatus: 'submitted',
      einvoiceUuid: uuid,
      einvoiceSubmissionUid: submissionUid,
      einvoiceError: null,
      einvoiceReasons: [],
      einvoiceSubmittedAt: now,
      einvoiceCheckAt: new Date(now.getTime() + (CHECK_AFTER_MS[0] ?? 5_000)),
    });

  /**
   * Generates the order's invoice once. The PDF is rendered and written before any lock is taken
   * (rendering takes a while, and the embedded database has one connection); then, with the order
   * locked and still paid, the row is written. Two requests racing both render, but the order's
   * one invoice is the row that got in first: the other removes its file and answers the winner.
   */
  async function generate(merchantId: string, orderId: string): Promise<InvoiceInfo> {
    const f = await facts(merchantId, orderId);
    if (f.invoice) return info(f.invoice);
    const { order } = f;
    const paidAmount = order.paidAmount;
    if (!isPaid(order) || paidAmount === null) throw new AppError('INVOICE_NOT_AVAILABLE');
    const issuedAt = clock.now();
    const serial = await repo.nextSerial(db, 'invoice');
    const number = `INV${klDate(issuedAt).slice(0, 4)}-${serial.padStart(6, '0')}`;
    const data = pdfData(f, 'invoice', number, issuedAt, paidAmount, null);
    // A crash between this write and the row leaves only an unreferenced file, never a row
    // pointing at nothing.
    const fileName = await writePdf(await renderInvoicePdf(data));

    let row: InvoiceRow | null;
    try {
      row = await db.transaction(async (tx) => {
        const locked = await lockOrder(tx, orderId);
        // Refunded while the PDF was being drawn.
        if (!locked || !isPaid(locked)) throw new AppError('INVOICE_NOT_AVAILABLE');
        return repo.insertInvoice(tx, {
          kind: 'invoice',
          orderId,
          merchantId,
          number,
          amount: paidAmount,
          fileName,
          pdfFacts: pdfFactsOf(data),
          einvoiceStatus: 'not_submitted',
          einvoiceMissing: missingOf(f),
          // Sent just below; should this process die first, the job sends it.
          einvoiceCheckAt: einvoice.configured
            ? new Date(issuedAt.getTime() + SUBMISSION_CLAIM_MS)
            : null,
          createdAt: issuedAt,
        });
      });
    } catch (err) {
      await removePdf(fileName);
      throw err;
    }
    if (!row) {
      await removePdf(fileName);
      const winner = await repo.invoiceOfOrder(db, orderId);
      if (!winner) throw new Error('the invoice that won the race is gone');
      return info(winner);
    }
    return info(await submit(row));
  }

  /** The store fields an e-invoice of this order still waits for. */
  function missingOf({ store }: InvoiceFacts): TaxField[] {
    return missingTaxFields({
      tin: store?.tin ?? null,
      registrationNumber: store?.registrationNumber ?? null,
      msicCode: store?.msicCode ?? null,
      businessActivity: store?.businessActivity ?? null,
      addressLines: store?.addressLines ?? [],
      postcode: store?.postcode ?? null,
      city: store?.city ?? null,
      stateCode: store?.stateCode ?? null,
    });
  }

  /**
   * Submits again what MyInvois has not accepted (Invalid, or never sent): a fresh document,
   * dated now, from the details as they are now. Without credentials, or once accepted, the
   * document is answered as it is.
   */
  async function resubmit(
    merchantId: string,
    orderId: string,
    kind: TaxDocumentKind = 'invoice',
  ): Promise<InvoiceInfo> {
    const doc = await repo.invoiceOfMerchantOrder(db, orderId, merchantId, kind);
    if (!doc) {
      // The merchant's own order without a credit note is a state, not a missing order.
      if (kind === 'credit_note' && (await repo.invoiceFacts(db, orderId, merchantId))) {
        throw new AppError('CREDIT_NOTE_NOT_ISSUED');
      }
      throw new AppError('NOT_FOUND');
    }
    if (doc.einvoiceStatus !== 'not_submitted' && doc.einvoiceStatus !== 'invalid') {
      return info(doc);
    }
    return info(await submit(doc));
  }

  /** Asks MyInvois about one Submitted document; false when none is due. */
  async function checkOne(): Promise<boolean> {
    const now = clock.now();
    const doc = await db.transaction((tx) => repo.takeDueCheck(tx, now, LEASE_MS));
    if (!doc) return false;
    if (doc.einvoiceStatus === 'not_submitted') {
      if (einvoice.configured) await submit(doc);
      else await repo.updateEInvoice(db, doc.id, { einvoiceCheckAt: null });
      return true;
    }
    const tin = supplierTinOf(doc.einvoiceDocument);
    if (!tin) {
      await changed(doc.id, {
        einvoiceCheckAt: null,
        einvoiceStatus: 'not_submitted',
      });
      return true;
    }
    // Asked again sooner while it is fresh, then less often.
    const waited = now.getTime() - (doc.einvoiceSubmittedAt?.getTime() ?? now.getTime());
    const nextIn =
      CHECK_AFTER_MS.find((ms) => ms > waited) ??
      CHECK_AFTER_MS[CHECK_AFTER_MS.length - 1] ??
      60_000;
    try {
      let uuid = doc.einvoiceUuid;
      if (!uuid && doc.einvoiceSubmissionUid) {
        uuid = await einvoice.findInSubmission(tin, doc.einvoiceSubmissionUid, doc.number);
      }
      if (!uuid && doc.einvoiceIssuedAt) {
        uuid = await einvoice.findSent(tin, doc.number, doc.einvoiceIssuedAt);
      }
      // Still waiting: only the next turn moves (no news for the merchant's pages).
      if (!uuid) {
        await repo.updateEInvoice(db, doc.id, {
          einvoiceCheckAt: new Date(now.getTime() + nextIn),
        });
        return true;
      }
      const state = await einvoice.state(tin, uuid);
      if (state.status === 'submitted') {
        await repo.updateEInvoice(db, doc.id, {
          einvoiceUuid: uuid,
          einvoiceCheckAt: new Date(now.getTime() + nextIn),
        });
      } else if (state.status === 'invalid') {
        await changed(doc.id, {
          einvoiceUuid: uuid,
          einvoiceStatus: 'invalid',
          einvoiceReasons: state.reasons,
          einvoiceError: null,
          // Corrected and resubmitted as a new document with a fresh issue date.
          einvoiceDocument: null,
          einvoiceSubmittedAt: null,
          einvoiceCheckAt: null,
        });
      } else if (state.status === 'cancelled') {
        await changed(doc.id, {
          einvoiceUuid: uuid,
          einvoiceStatus: 'cancelled',
          einvoiceCancelledAt: now,
          einvoiceCheckAt: null,
        });
      } else {
        await validated(doc, uuid, state.longId, state.validatedAt ?? now);
      }
    } catch (err) {
      log.warn({ err, document: doc.number }, 'e-invoice status check failed');
      const wait = err instanceof RetryLater ? err.afterMs : nextIn;
      await repo.updateEInvoice(db, doc.id, { einvoiceCheckAt: new Date(now.getTime() + wait) });
    }
    return true;
  }

  /** Valid: the copy of its PDF with the long ID and the QR; credit notes waiting can go. */
  async function validated(doc: InvoiceRow, uuid: string, longId: string | null, at: Date) {
    let validatedFileName: string | null = null;
    if (longId && doc.pdfFacts && einvoice.portalUrl) {
      validatedFileName = await writePdf(
        await renderInvoicePdf(pdfDataOf(doc.pdfFacts), {
          uuid,
          longId,
          validationUrl: validationUrl(einvoice.portalUrl, uuid, longId),
          validatedAt: at,
        }),
      );
    }
    await changed(doc.id, {
      einvoiceUuid: uuid,
      einvoiceLongId: longId,
      einvoiceStatus: 'valid',
      einvoiceValidatedAt: at,
      einvoiceCheckAt: null,
      einvoiceError: null,
      einvoiceReasons: [],
      validatedFileName,
    });
    for (const note of await repo.creditNotesWaitingFor(db, doc.id)) await submit(note);
  }

  /**
   * Settles one refunded order's invoice at MyInvois: a Valid e-invoice still within 72 hours of
   * its validation is cancelled; otherwise a credit note is issued (once: its row is unique per
   * order). One still being validated waits for its answer. False when none is due.
   */
  async function refundOne(): Promise<boolean> {
    const now = clock.now();
    const doc = await db.transaction((tx) => repo.takeDueRefund(tx, now, LEASE_MS));
    if (!doc) return false;
    const later = (ms: number) =>
      repo.updateEInvoice(db, doc.id, { refundPendingAt: new Date(now.getTime() + ms) });
    const done = () => repo.updateEInvoice(db, doc.id, { refundPendingAt: null });
    const cancelled = () =>
      changed(doc.id, {
        einvoiceStatus: 'cancelled',
        einvoiceCancelledAt: now,
        refundPendingAt: null,
      });
    try {
      const tin = supplierTinOf(doc.einvoiceDocument);
      const asking = einvoice.configured && tin !== null;
      // Still being validated, or being sent right now: settled once MyInvois has answered.
      const sending =
        doc.einvoiceStatus === 'not_submitted' &&
        doc.einvoiceSubmittedAt !== null &&
        now.getTime() - doc.einvoiceSubmittedAt.getTime() < SUBMISSION_CLAIM_MS;
      if (doc.einvoiceStatus === 'submitted' || sending) {
        await later(REFUND_RETRY_MS);
        return true;
      }
      // A sending whose answer was lost may have arrived: then it is a submitted one.
      if (asking && doc.einvoiceStatus === 'not_submitted' && doc.einvoiceIssuedAt) {
        const found = await einvoice.findSent(tin, doc.number, doc.einvoiceIssuedAt);
        if (found) {
          await accepted(doc.id, found, null, now);
          await later(REFUND_RETRY_MS);
          return true;
        }
      }
      // What MyInvois holds now decides, not what was last heard (a cancel whose answer was lost,
      // an answer that came after the order was refunded).
      let status: EInvoiceStatus = doc.einvoiceStatus;
      let validatedAt = doc.einvoiceValidatedAt;
      if (asking && doc.einvoiceUuid) {
        const state = await einvoice.state(tin, doc.einvoiceUuid);
        status = state.status;
        validatedAt = state.validatedAt ?? validatedAt;
        if (status === 'submitted') {
          await later(REFUND_RETRY_MS);
          return true;
        }
        if (status === 'cancelled') {
          await cancelled();
          return true;
        }
      }
      const withinWindow =
        validatedAt !== null && now.getTime() < validatedAt.getTime() + EINVOICE_CANCEL_WINDOW_MS;
      if (asking && status === 'valid' && doc.einvoiceUuid && withinWindow) {
        const result = await einvoice.cancel(tin, doc.einvoiceUuid, 'Order canceled and refunded');
        if (result.ok || (await einvoice.state(tin, doc.einvoiceUuid)).status === 'cancelled') {
          await cancelled();
          return true;
        }
        log.info(
          { document: doc.number, error: result.error },
          'e-invoice not cancelled: credit note',
        );
      }
      if (doc.einvoiceStatus === 'cancelled') {
        // Withdrawn before, and MyInvois holds nothing valid of it: nothing more to do.
        if (status !== 'valid') {
          await done();
          return true;
        }
      } else if (status === 'not_submitted' || status === 'invalid') {
        // Never accepted by MyInvois: withdrawn, so no e-invoice of a refunded sale goes out.
        await changed(doc.id, {
          einvoiceStatus: 'cancelled',
          einvoiceCancelledAt: now,
          einvoiceError: 'Withdrawn: the order was refunded before its e-invoice was accepted',
          einvoiceDocument: null,
        });
      }
      await issueCreditNote({ ...doc, einvoiceStatus: status });
      await done();
    } catch (err) {
      log.warn({ err, document: doc.number }, 'refund of an invoiced order not settled yet');
      await later(err instanceof RetryLater ? err.afterMs : REFUND_RETRY_MS);
    }
    return true;
  }

  /** The credit note of a refunded invoice: numbered, its PDF written once, then sent. */
  async function issueCreditNote(original: InvoiceRow): Promise<void> {
    const existing = await repo.invoiceOfOrder(db, original.orderId, 'credit_note');
    if (existing) {
      // Issued by an earlier turn that died before sending it.
      if (original.einvoiceStatus === 'valid') await submit(existing);
      return;
    }
    const f = await repo.invoiceFacts(db, original.orderId, original.merchantId);
    if (!f) throw new Error('the order of an invoice is gone');
    const issuedAt = clock.now();
    const serial = await repo.nextSerial(db, 'credit_note');
    const number = `CN${klDate(issuedAt).slice(0, 4)}-${serial.padStart(6, '0')}`;
    const data = pdfData(f, 'credit_note', number, issuedAt, original.amount, original.number);
    const fileName = await writePdf(await renderInvoicePdf(data));
    const note = await repo.insertInvoice(db, {
      kind: 'credit_note',
      orderId: original.orderId,
      merchantId: original.merchantId,
      originalId: original.id,
      number,
      amount: original.amount,
      fileName,
      pdfFacts: pdfFactsOf(data),
      einvoiceStatus: 'not_submitted',
      createdAt: issuedAt,
    });
    if (!note) {
      await removePdf(fileName);
      return;
    }
    // Only a credit note of an accepted e-invoice goes to MyInvois.
    if (original.einvoiceStatus === 'valid') await submit(note);
    else {
      await changed(note.id, {
        einvoiceError: 'No e-invoice: its invoice never reached MyInvois',
      });
    }
  }

  /** One tick of the e-invoice job: every due status check and refund, up to `max` of each. */
  async function work(max = 50): Promise<number> {
    let done = 0;
    while (done < max && (await checkOne())) done += 1;
    let refunds = 0;
    while (refunds < max && (await refundOne())) refunds += 1;
    return done + refunds;
  }

  /** The stored PDF of a merchant's order: the validated copy once there is one. */
  async function pdf(merchantId: string, orderId: string, kind: TaxDocumentKind = 'invoice') {
    const doc = await repo.invoiceOfMerchantOrder(db, orderId, merchantId, kind);
    const fileName = doc?.validatedFileName ?? doc?.fileName;
    if (!doc || !fileName || !isStoredPdf(fileName)) throw new AppError('NOT_FOUND');
    try {
      const bytes = await readFile(path.join(invoicesDir, fileName));
      return { number: doc.number, bytes };
    } catch (err) {
      log.error({ err, document: doc.number }, 'invoice PDF missing from the data directory');
      throw new AppError('NOT_FOUND');
    }
  }

  /** When the e-invoice job has work next. */
  const nextWorkAt = () => repo.nextWorkAt(db);

  return { generate, resubmit, pdf, work, nextWorkAt, checkOne, refundOne };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
