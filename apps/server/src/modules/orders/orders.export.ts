import { Readable } from 'node:stream';
import type { ExportFormat, Locale, OrderStatus, PayoutStatus, Species } from '@sm/contract';
import { maskMalaysianMobile, PAID_STATUSES, SPECIES } from '@sm/contract';
import { KL_OFFSET_MS, klDateTime } from '../../lib/kl-time.js';
import { xlsxStream } from '../../lib/xlsx.js';
import type { merchantOrders } from './orders.repo.js';

type Row = Awaited<ReturnType<typeof merchantOrders>>[number];

/** The file's words in each language: the merchant's own, for the accountant it goes to. */
const TEXT = {
  en: {
    status: {
      pending_payment: 'Pending Payment',
      paid: 'Paid',
      ready_for_pickup: 'Ready for Pickup',
      in_transit: 'In Transit',
      completed: 'Completed',
      canceled: 'Canceled',
      canceled_refunded: 'Canceled & Refunded',
    },
    payout: {
      pending: 'Payout Pending',
      scheduled: 'Payout Scheduled',
      completed: 'Payout Completed',
    },
    header: {
      number: 'Order number',
      created: 'Created (Kuala Lumpur)',
      status: 'Status',
      buyer: 'Buyer',
      phone: 'Buyer phone',
      item: 'Item',
      species: 'Species',
      batch: 'Batch',
      boat: 'Boat',
      harbor: 'Harbor',
      kg: 'Kg',
      price: 'Price per kg (RM)',
      subtotal: 'Subtotal (RM)',
      sales: 'Sales (RM)',
      fee: 'Service fee (RM)',
      payout: 'Payout (RM)',
      payoutStatus: 'Payout status',
      paidAt: 'Paid at (Kuala Lumpur)',
      paid: 'Paid (RM)',
      refunded: 'Refunded (RM)',
    },
    totalSales: 'Total sales',
    awaiting: 'Awaiting payment',
  },
  zh: {
    status: {
      pending_payment: '待付款',
      paid: '已付款',
      ready_for_pickup: '待取货',
      in_transit: '运输中',
      completed: '已完成',
      canceled: '已取消',
      canceled_refunded: '已取消并退款',
    },
    payout: { pending: '待结算', scheduled: '已安排结算', completed: '已结算' },
    header: {
      number: '订单号',
      created: '创建时间（吉隆坡）',
      status: '状态',
      buyer: '买家',
      phone: '买家电话',
      item: '商品',
      species: '品种',
      batch: '批次',
      boat: '渔船',
      harbor: '港口',
      kg: 'kg',
      price: '单价/kg（RM）',
      subtotal: '小计（RM）',
      sales: '销售额（RM）',
      fee: '服务费（RM）',
      payout: '结算金额（RM）',
      payoutStatus: '结算状态',
      paidAt: '付款时间（吉隆坡）',
      paid: '已付（RM）',
      refunded: '已退款（RM）',
    },
    totalSales: '销售总额',
    awaiting: '待付款',
  },
  my: {
    status: {
      pending_payment: 'Menunggu Bayaran',
      paid: 'Dibayar',
      ready_for_pickup: 'Sedia untuk Diambil',
      in_transit: 'Dalam Perjalanan',
      completed: 'Selesai',
      canceled: 'Dibatalkan',
      canceled_refunded: 'Dibatalkan & Dipulangkan',
    },
    payout: {
      pending: 'Pembayaran Keluar Tertunda',
      scheduled: 'Pembayaran Keluar Dijadualkan',
      completed: 'Pembayaran Keluar Selesai',
    },
    header: {
      number: 'No. pesanan',
      created: 'Dicipta (Kuala Lumpur)',
      status: 'Status',
      buyer: 'Pembeli',
      phone: 'Telefon pembeli',
      item: 'Item',
      species: 'Spesies',
      batch: 'Kelompok',
      boat: 'Bot',
      harbor: 'Pelabuhan',
      kg: 'Kg',
      price: 'Harga per kg (RM)',
      subtotal: 'Subjumlah (RM)',
      sales: 'Jualan (RM)',
      fee: 'Caj perkhidmatan (RM)',
      payout: 'Pembayaran keluar (RM)',
      payoutStatus: 'Status pembayaran keluar',
      paidAt: 'Dibayar pada (Kuala Lumpur)',
      paid: 'Dibayar (RM)',
      refunded: 'Dipulangkan (RM)',
    },
    totalSales: 'Jumlah jualan',
    awaiting: 'Menunggu bayaran',
  },
} as const satisfies Record<
  Locale,
  {
    status: Record<OrderStatus, string>;
    payout: Record<PayoutStatus, string>;
    header: Record<string, string>;
    totalSales: string;
    awaiting: string;
  }
>;

type ColumnId = keyof (typeof TEXT)['en']['header'];

const isCanceled = (r: Row) =>
  r.order.status === 'canceled' || r.order.status === 'canceled_refunded';
/** "Sales" of PRODUCT.md §4a: Paid or later and not canceled. */
const isSale = (r: Row) => PAID_STATUSES.includes(r.order.status);

/** RM and kg as plain decimals, so spreadsheets can add them up. */
const rm = (sen: number | null) => (sen === null ? null : sen / 100);
const kg = (tenths: number) => tenths / 10;

/** A time: written as Kuala Lumpur text in CSV, as a real date cell in XLSX. */
type Cell = string | number | Date | null;

const COLUMNS: readonly {
  id: ColumnId;
  width: number;
  format?: 'money' | 'date';
  cell: (r: Row, lang: Locale) => Cell;
}[] = [
  { id: 'number', width: 20, cell: (r) => r.order.number },
  { id: 'created', width: 18, format: 'date', cell: (r) => r.order.createdAt },
  { id: 'status', width: 20, cell: (r, lang) => TEXT[lang].status[r.order.status] },
  { id: 'buyer', width: 28, cell: (r) => r.buyerName ?? '' },
  { id: 'phone', width: 16, cell: (r) => maskMalaysianMobile(r.buyerPhone) },
  { id: 'item', width: 24, cell: (r) => r.item.name },
  {
    id: 'species',
    width: 16,
    cell: (r, lang) => SPECIES[r.item.species as Species]?.[lang] ?? r.item.species,
  },
  { id: 'batch', width: 18, cell: (r) => r.order.batchNumber },
  { id: 'boat', width: 12, cell: (r) => r.item.boatNumber },
  { id: 'harbor', width: 16, cell: (r) => r.item.harbor },
  { id: 'kg', width: 10, cell: (r) => kg(r.item.quantity) },
  { id: 'price', width: 12, format: 'money', cell: (r) => rm(r.item.price) },
  { id: 'subtotal', width: 14, format: 'money', cell: (r) => rm(r.order.subtotal) },
  {
    id: 'sales',
    width: 14,
    format: 'money',
    cell: (r) => (isSale(r) ? rm(r.order.subtotal) : null),
  },
  {
    id: 'fee',
    width: 14,
    format: 'money',
    cell: (r) => (isCanceled(r) ? null : rm(r.order.fee)),
  },
  {
    id: 'payout',
    width: 14,
    format: 'money',
    cell: (r) => (isCanceled(r) ? null : rm(r.order.subtotal - r.order.fee)),
  },
  {
    id: 'payoutStatus',
    width: 18,
    cell: (r, lang) => (r.order.payoutStatus ? TEXT[lang].payout[r.order.payoutStatus] : ''),
  },
  { id: 'paidAt', width: 18, format: 'date', cell: (r) => r.order.paidAt },
  { id: 'paid', width: 14, format: 'money', cell: (r) => rm(r.order.paidAmount) },
  {
    id: 'refunded',
    width: 14,
    format: 'money',
    cell: (r) => (r.order.status === 'canceled_refunded' ? rm(r.order.paidAmount) : null),
  },
];

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

  rows(lang: Locale): Cell[][] {
    const line = (label: string, values: Partial<Record<ColumnId, number>>) =>
      COLUMNS.map((c, i) => {
        const sen = values[c.id];
        return i === 0 ? label : sen === undefined ? null : rm(sen);
      });
    return [
      line(TEXT[lang].totalSales, {
        sales: this.sales,
        fee: this.fees,
        payout: this.sales - this.fees,
        refunded: this.refunded,
      }),
      line(TEXT[lang].awaiting, { subtotal: this.awaiting }),
    ];
  }
}

/** A CSV field: times as Kuala Lumpur text (CSV has no dates), text quoted where it needs. */
function csvField(value: Cell): string {
  if (value === null) return '';
  if (value instanceof Date) return klDateTime(value);
  const text = typeof value === 'number' ? String(value) : value;
  // Quote what needs it; a leading = + - @ is neutralised so no spreadsheet runs it as a formula.
  const safe = /^[=+\-@\t\r]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

async function* csvLines(pages: AsyncIterable<Row[]>, lang: Locale): AsyncGenerator<string> {
  const line = (cells: Cell[]) => `${cells.map(csvField).join(',')}\r\n`;
  // The byte-order mark tells Excel the file is UTF-8, so Chinese names open correctly.
  yield `\uFEFF${line(COLUMNS.map((c) => TEXT[lang].header[c.id]))}`;
  const totals = new Totals();
  for await (const page of pages) {
    for (const r of page) totals.add(r);
    yield page.map((r) => line(COLUMNS.map((c) => c.cell(r, lang)))).join('');
  }
  yield totals.rows(lang).map(line).join('');
}

/**
 * An XLSX date cell shows the time it holds as it is (a spreadsheet has no time zone): the
 * Kuala Lumpur wall-clock time, as a date the accountant can sort and compute with.
 */
const klCell = (value: Cell): Cell =>
  value instanceof Date ? new Date(value.getTime() + KL_OFFSET_MS) : value;

/**
 * The selected orders as a file in the merchant's language, written page by page as they are
 * read: the export of 100 000 orders holds one page in memory, not the whole list.
 */
export async function exportStream(
  format: ExportFormat,
  pages: AsyncIterable<Row[]>,
  lang: Locale = 'en',
): Promise<Readable> {
  if (format === 'csv') return Readable.from(csvLines(pages, lang));
  const columns = COLUMNS.map((c) => ({
    header: TEXT[lang].header[c.id],
    width: c.width,
    ...(c.format ? { numFmt: c.format === 'money' ? '0.00' : 'yyyy-mm-dd hh:mm' } : {}),
  }));
  return xlsxStream('Orders', columns, xlsxRows(pages, lang));
}

/** The sheet's rows, a page at a time, then the totals. */
async function* xlsxRows(pages: AsyncIterable<Row[]>, lang: Locale): AsyncGenerator<Cell[][]> {
  const totals = new Totals();
  for await (const page of pages) {
    for (const r of page) totals.add(r);
    yield page.map((r) => COLUMNS.map((c) => klCell(c.cell(r, lang))));
  }
  yield totals.rows(lang);
}
