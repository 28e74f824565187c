import type { InvoiceInfo } from '@sm/contract';
import type { InvoiceRow } from './invoices.repo.js';

/** Where the app and the API serve an order's invoice PDF. */
const invoiceUrl = (orderId: string) => `/api/orders/${orderId}/invoice.pdf`;

export function invoiceInfoOf(invoice: InvoiceRow): InvoiceInfo {
  return {
    number: invoice.number,
    createdAt: invoice.createdAt.toISOString(),
    url: invoiceUrl(invoice.orderId),
    einvoice: {
      status: invoice.einvoiceStatus,
      uuid: invoice.einvoiceUuid,
      error: invoice.einvoiceError,
    },
  };
}
