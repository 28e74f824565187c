import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import type { ExportFormat, OrderStatus, PayoutStatus } from '@sm/contract';
import { maskMalaysianMobile, PAID_STATUSES } from '@sm/contract';
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

const isCanceled = (r: Row) =>
  r.order.status === 'canceled' || r.order.status === 'canceled_refunded';
/** "Sales" of PRODUCT.md §4a: Paid or later and not canceled. */
const isSale = (r: Row) => PAID_STATUSES.includes(r.order.status);

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
  {
    header: 'Sales (RM)',
    width: 14,
    money: true,
    cell: (r: Row) => (isSale(r) ? rm(r.order.subtotal) : null),
  },
  {
    header: 'Service fee (RM)',
    width: 14,
    money: true,
    cell: (r: Row) => (isCanceled(r) ? null : rm(r.order.fee)),
  },
  {
    header: 'Payout (RM)',
    width: 14,
    money: true,
    cell: (r: Row) => (isCanceled(r) ? null : rm(r.order.subtotal - r.order.fee)),
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
  {
    header: 'Refunded (RM)',
    width: 14,
    money: true,
    cell: (r: Row) => (r.order.status === 'canceled_refunded' ? rm(r.order.paidAmount) : null),
  },
] as const;

type Cell = string | number | null;

/**
 * The file's last two lines (PRODUCT.md §4a): sales (orders Paid or later, not canceled) with
 * their fees, payouts and the refunds, as Home and Business records count them; then what awaits
 * payment, apart.
 */
class Totals {
  private sales = 0;
  private fees = 0;
  private refunded = 0;
  private awaiting = 0;

  add(r: Row) {
    if (isSale(r)) {
      this.sales += r.order.subtotal;
      this.fees += r.order.fee;
    }
    if (r.order.status === 'canceled_refunded') this.refunded += r.order.paidAmount ?? 0;
    if (r.order.status === 'pending_payment') this.awaiting += r.order.subtotal;
  }

  rows(): Cell[][] {
    const line = (label: string, values: Record<string, number>) =>
      COLUMNS.map((c, i) =>
        i === 0 ? label : c.header in values ? rm(values[c.header] ?? 0) : null,
      );
    return [
      line('Total sales', {
        'Sales (RM)': this.sales,
        'Service fee (RM)': this.fees,
        'Payout (RM)': this.sales - this.fees,
        'Refunded (RM)': this.refunded,
      }),
      line('Awaiting payment', { 'Subtotal (RM)': this.awaiting }),
    ];
  }
}

function csvField(value: Cell): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value) : value;
  // Quote what needs it; a leading = + - @ is neutralised so no spreadsheet runs it as a formula.
  const safe = /^[=+\-@\t\r]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

async function* csvLines(pages: AsyncIterable<Row[]>): AsyncGenerator<string> {
  // The byte-order mark tells Excel the file is UTF-8, so Chinese names open correctly.
  yield `\uFEFF${COLUMNS.map((c) => csvField(c.header)).join(',')}\r\n`;
  const totals = new Totals();
  const line = (cells: Cell[]) => `${cells.map(csvField).join(',')}\r\n`;
  for await (const page of pages) {
    for (const r of page) totals.add(r);
    yield page.map((r) => line(COLUMNS.map((c) => c.cell(r)))).join('');
  }
  yield totals.rows().map(line).join('');
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
      const totals = new Totals();
      for await (const page of pages) {
        for (const r of page) {
          totals.add(r);
          sheet.addRow(COLUMNS.map((c) => c.cell(r))).commit();
        }
        // Wait for a slow client to read what is buffered before reading the next page.
        if (out.writableNeedDrain) await once(out, 'drain');
      }
      for (const cells of totals.rows()) sheet.addRow(cells).commit();
      sheet.commit();
      await workbook.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}
