import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import type { ExportFormat, OrderStatus, PayoutStatus } from '@sm/contract';
import { maskMalaysianMobile } from '@sm/contract';
import { klDateTime } from '../../lib/kl-time.js';
import type { merchantOrders } from './orders.repo.js';

type Row = Awaited<ReturnType<typeof merchantOrders>>[number];

const STATUS_LABEL: Record<OrderStatus, string> = {
  pending_payment: 'Pending Payment',
  paid: 'Paid',
  ready_for_pickup: 'Ready for Pickup',
  in_transit: 'In Transit',
  completed: 'Completed',
  canceled: 'Canceled',
  canceled_refunded: 'Canceled & Refunded',
};
const PAYOUT_LABEL: Record<PayoutStatus, string> = {
  pending: 'Payout Pending',
  scheduled: 'Payout Scheduled',
  completed: 'Payout Completed',
};

/** RM and kg as plain decimals, so spreadsheets can add them up. */
const rm = (sen: number | null) => (sen === null ? null : sen / 100);
const kg = (tenths: number) => tenths / 10;

const COLUMNS = [
  { header: 'Order number', width: 20, cell: (r: Row) => r.order.number },
  { header: 'Created (Kuala Lumpur)', width: 18, cell: (r: Row) => klDateTime(r.order.createdAt) },
  { header: 'Status', width: 20, cell: (r: Row) => STATUS_LABEL[r.order.status] },
  { header: 'Buyer', width: 28, cell: (r: Row) => r.buyerName ?? '' },
  { header: 'Buyer phone', width: 16, cell: (r: Row) => maskMalaysianMobile(r.buyerPhone) },
  { header: 'Item', width: 24, cell: (r: Row) => r.item.name },
  { header: 'Species', width: 14, cell: (r: Row) => r.item.species },
  { header: 'Batch', width: 18, cell: (r: Row) => r.order.batchNumber },
  { header: 'Boat', width: 12, cell: (r: Row) => r.item.boatNumber },
  { header: 'Harbor', width: 16, cell: (r: Row) => r.item.harbor },
  { header: 'Kg', width: 10, money: false, cell: (r: Row) => kg(r.item.quantity) },
  { header: 'Price per kg (RM)', width: 12, money: true, cell: (r: Row) => rm(r.item.price) },
  { header: 'Subtotal (RM)', width: 14, money: true, cell: (r: Row) => rm(r.order.subtotal) },
  { header: 'Service fee (RM)', width: 14, money: true, cell: (r: Row) => rm(r.order.fee) },
  {
    header: 'Payout (RM)',
    width: 14,
    money: true,
    cell: (r: Row) => rm(r.order.subtotal - r.order.fee),
  },
  {
    header: 'Payout status',
    width: 18,
    cell: (r: Row) => (r.order.payoutStatus ? PAYOUT_LABEL[r.order.payoutStatus] : ''),
  },
  {
    header: 'Paid at (Kuala Lumpur)',
    width: 18,
    cell: (r: Row) => (r.order.paidAt ? klDateTime(r.order.paidAt) : ''),
  },
  { header: 'Paid (RM)', width: 14, money: true, cell: (r: Row) => rm(r.order.paidAmount) },
] as const;

function csvField(value: string | number | null): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value) : value;
  // Quote what needs it; a leading = + - @ is neutralised so no spreadsheet runs it as a formula.
  const safe = /^[=+\-@\t\r]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

async function* csvLines(pages: AsyncIterable<Row[]>): AsyncGenerator<string> {
  // The byte-order mark tells Excel the file is UTF-8, so Chinese names open correctly.
  yield `\uFEFF${COLUMNS.map((c) => csvField(c.header)).join(',')}\r\n`;
  for await (const page of pages) {
    yield page.map((r) => `${COLUMNS.map((c) => csvField(c.cell(r))).join(',')}\r\n`).join('');
  }
}

/**
 * The selected orders as a file, written page by page as they are read: the export of 100 000
 * orders holds one page in memory, not the whole list.
 */
export async function exportStream(
  format: ExportFormat,
  pages: AsyncIterable<Row[]>,
): Promise<Readable> {
  if (format === 'csv') return Readable.from(csvLines(pages));
  const { default: ExcelJS } = await import('exceljs');
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Orders');
  sheet.columns = COLUMNS.map((c, i) => ({
    header: c.header,
    key: String(i),
    width: c.width,
    ...('money' in c && c.money ? { style: { numFmt: '0.00' } } : {}),
  }));
  void (async () => {
    try {
      for await (const page of pages) {
        for (const r of page) sheet.addRow(COLUMNS.map((c) => c.cell(r))).commit();
        // Wait for a slow client to read what is buffered before reading the next page.
        if (out.writableNeedDrain) await once(out, 'drain');
      }
      sheet.commit();
      await workbook.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}
