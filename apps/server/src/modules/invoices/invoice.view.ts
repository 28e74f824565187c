import { EINVOICE_CANCEL_WINDOW_MS, fillPath, type InvoiceInfo } from '@sm/contract';
import { invoicesApi } from '@sm/contract/routes';
import { validationUrl } from './einvoice.client.js';
import type { InvoiceRow } from './invoices.repo.js';

/** Where the app and the API serve an order's invoice and credit note PDFs. */
const pdfUrl = (doc: InvoiceRow) =>
  fillPath((doc.kind === 'credit_note' ? invoicesApi.creditNotePdf : invoicesApi.pdf).path, {
    id: doc.orderId,
  });

/** `portalUrl`: where validation links point; null without MyInvois. */
export function invoiceInfoOf(doc: InvoiceRow, portalUrl: string | null): InvoiceInfo {
  const valid = doc.einvoiceStatus === 'valid';
  return {
    kind: doc.kind,
    number: doc.number,
    createdAt: doc.createdAt.toISOString(),
    amount: doc.amount,
    url: pdfUrl(doc),
    einvoice: {
      status: doc.einvoiceStatus,
      uuid: doc.einvoiceUuid,
      longId: doc.einvoiceLongId,
      validationUrl:
        valid && portalUrl && doc.einvoiceUuid && doc.einvoiceLongId
          ? validationUrl(portalUrl, doc.einvoiceUuid, doc.einvoiceLongId)
          : null,
      error: doc.einvoiceError,
      reasons: doc.einvoiceReasons,
      missing: doc.einvoiceMissing,
      issuedAt: doc.einvoiceIssuedAt?.toISOString() ?? null,
      validatedAt: doc.einvoiceValidatedAt?.toISOString() ?? null,
      cancellableUntil:
        valid && doc.einvoiceValidatedAt
          ? new Date(doc.einvoiceValidatedAt.getTime() + EINVOICE_CANCEL_WINDOW_MS).toISOString()
          : null,
    },
  };
}
