import { readFile } from 'node:fs/promises';
import {
  formatKg,
  formatMalaysianMobile,
  formatRM,
  type Freshness,
  SPECIES,
  type Species,
  type TaxDocumentKind,
} from '@sm/contract';
import type PDFDocumentClass from 'pdfkit';
import { NOTO_SANS_SC } from '../../lib/fonts.js';
import { klDate, klDateTime } from '../../lib/kl-time.js';

/**
 * What an invoice or a credit note shows; money in sen, quantities in tenths of a kg. What the
 * buyer paid, and nothing of the merchant's fee or payout (PRODUCT.md §5a): those are on the
 * merchant's statement.
 */
export interface InvoicePdfData {
  kind: TaxDocumentKind;
  number: string;
  issuedAt: Date;
  /** A credit note's invoice number. */
  originalNumber?: string | null;
  orderNumber: string;
  batchNumber: string;
  seller: {
    name: string;
    address: string | null;
    tin: string | null;
    registrationNumber: string | null;
    /** E.164. */
    phone: string;
  };
  buyer: { name: string | null; phone: string };
  item: {
    name: string;
    species: string;
    freshness: Freshness;
    harbor: string;
    boatNumber: string;
    landedAt: Date;
    quantity: number;
    price: number;
    amount: number;
  };
  subtotal: number;
  /** What the buyer paid, or what a credit note gives back. */
  amount: number;
}

/** A Valid e-invoice, drawn as its long ID and its validation link's QR. */
export interface ValidatedEInvoice {
  uuid: string;
  longId: string;
  validationUrl: string;
  validatedAt: Date;
}

/** The data as kept in the database (JSON), and back: dates travel as ISO strings. */
export const pdfFactsOf = (data: InvoicePdfData): unknown => JSON.parse(JSON.stringify(data));
export function pdfDataOf(stored: unknown): InvoicePdfData {
  const data = stored as InvoicePdfData & { issuedAt: string; item: { landedAt: string } };
  return {
    ...data,
    issuedAt: new Date(data.issuedAt),
    item: { ...data.item, landedAt: new Date(data.item.landedAt) },
  };
}

type Pdf = PDFKit.PDFDocument;

interface Toolkit {
  PDFDocument: typeof PDFDocumentClass;
  regular: Buffer;
  bold: Buffer;
}

let toolkit: Promise<Toolkit> | undefined;

/**
 * pdfkit and the two 10 MB fonts load on the first invoice, not at start-up: most server starts
 * never render one, and start-up has a 2 s budget.
 */
function loadToolkit(): Promise<Toolkit> {
  toolkit ??= (async () => {
    const [pdfkit, regular, bold] = await Promise.all([
      import('pdfkit'),
      readFile(NOTO_SANS_SC.regular),
      readFile(NOTO_SANS_SC.bold),
    ]);
    return { PDFDocument: pdfkit.default, regular, bold };
  })().catch((err: unknown) => {
    toolkit = undefined;
    throw err;
  });
  return toolkit;
}

// A4 in points, and the layout's grid.
const PAGE_WIDTH = 595.28;
const MARGIN = 48;
const CONTENT = PAGE_WIDTH - 2 * MARGIN;
const RIGHT = PAGE_WIDTH - MARGIN;
const INK = '#1f2933';
const MUTED = '#616e7c';
const RULE = '#cbd2d9';
const BAND = '#f0f4f8';
const ACCENT = '#0b6e99';

const FRESHNESS: Record<Freshness, string> = { fresh: 'Fresh', frozen: 'Frozen' };

function speciesName(code: string): string {
  const s = SPECIES[code as Species];
  if (!s) return code;
  return `${s.en} · ${s.my} · ${s.zh}`;
}

function rule(doc: Pdf, y: number, color = RULE) {
  doc.moveTo(MARGIN, y).lineTo(RIGHT, y).lineWidth(0.75).strokeColor(color).stroke();
}

/** Label and value rows, right-aligned at the page edge; returns the y below the last row. */
function facts(doc: Pdf, rows: [string, string][], x: number, y: number, width: number): number {
  const labelWidth = 78;
  for (const [label, value] of rows) {
    doc.font('regular').fontSize(9).fillColor(MUTED).text(label, x, y, { width: labelWidth });
    doc
      .font('bold')
      .fontSize(9.5)
      .fillColor(INK)
      .text(value, x + labelWidth, y - 0.5, { width: width - labelWidth, align: 'right' });
    y += 16;
  }
  return y;
}

function draw(doc: Pdf, d: InvoicePdfData, validated: { e: ValidatedEInvoice; qr: Buffer } | null) {
  const { seller, buyer, item } = d;
  const credit = d.kind === 'credit_note';

  // Header: the seller on the left, the document's own facts on the right.
  const leftWidth = CONTENT * 0.55;
  const rightX = MARGIN + CONTENT * 0.6;
  const rightWidth = RIGHT - rightX;
  doc
    .font('bold')
    .fontSize(26)
    .fillColor(ACCENT)
    .text(credit ? 'CREDIT NOTE' : 'INVOICE', rightX, MARGIN - 4, {
      width: rightWidth,
      align: 'right',
    });
  const rightBottom = facts(
    doc,
    [
      [credit ? 'Credit note No.' : 'Invoice No.', d.number],
      ...(credit && d.originalNumber
        ? [['For invoice', d.originalNumber] as [string, string]]
        : []),
      ['Issue date', klDate(d.issuedAt)],
      ['Order No.', d.orderNumber],
      ['Batch No.', d.batchNumber],
    ],
    rightX,
    MARGIN + 36,
    rightWidth,
  );

  doc.font('bold').fontSize(15).fillColor(INK).text(seller.name, MARGIN, MARGIN, {
    width: leftWidth,
  });
  doc.moveDown(0.3).font('regular').fontSize(9).fillColor(MUTED);
  const sellerLines = [
    seller.address,
    seller.tin ? `TIN: ${seller.tin}` : null,
    seller.registrationNumber ? `Registration No.: ${seller.registrationNumber}` : null,
    `Phone: ${formatMalaysianMobile(seller.phone)}`,
  ].filter((l): l is string => !!l);
  for (const line of sellerLines) doc.text(line, MARGIN, doc.y, { width: leftWidth });

  let y = Math.max(doc.y, rightBottom) + 14;
  rule(doc, y);

  // The buyer.
  y += 14;
  doc.font('bold').fontSize(8).fillColor(MUTED).text('BILL TO', MARGIN, y, { characterSpacing: 1 });
  doc
    .font('bold')
    .fontSize(12)
    .fillColor(INK)
    .text(buyer.name ?? formatMalaysianMobile(buyer.phone), MARGIN, y + 13, { width: CONTENT });
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(MUTED)
    .text(`Phone: ${formatMalaysianMobile(buyer.phone)}`, MARGIN, doc.y + 1);

  // The item table.
  y = doc.y + 22;
  const cols = {
    item: { x: MARGIN + 8, width: 232 },
    qty: { x: MARGIN + 248, width: 70 },
    price: { x: MARGIN + 322, width: 82 },
    amount: { x: MARGIN + 408, width: CONTENT - 416 },
  };
  doc.rect(MARGIN, y, CONTENT, 22).fill(BAND);
  doc.font('bold').fontSize(8.5).fillColor(MUTED);
  doc.text('ITEM', cols.item.x, y + 7, { width: cols.item.width, characterSpacing: 0.5 });
  doc.text('QTY (KG)', cols.qty.x, y + 7, { width: cols.qty.width, align: 'right' });
  doc.text('PRICE / KG', cols.price.x, y + 7, { width: cols.price.width, align: 'right' });
  doc.text('AMOUNT', cols.amount.x, y + 7, { width: cols.amount.width, align: 'right' });

  y += 32;
  doc.font('regular').fontSize(10).fillColor(INK);
  doc.text(formatKg(item.quantity), cols.qty.x, y, { width: cols.qty.width, align: 'right' });
  doc.text(formatRM(item.price), cols.price.x, y, { width: cols.price.width, align: 'right' });
  doc
    .font('bold')
    .text(formatRM(item.amount), cols.amount.x, y, { width: cols.amount.width, align: 'right' });
  doc.font('bold').fontSize(10.5).text(item.name, cols.item.x, y, { width: cols.item.width });
  doc
    .font('regular')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(speciesName(item.species), cols.item.x, doc.y + 2, { width: cols.item.width });
  const details = [
    `${FRESHNESS[item.freshness]} · Harbor: ${item.harbor}`,
    `Boat: ${item.boatNumber} · Landed: ${klDateTime(item.landedAt)}`,
  ];
  for (const line of details) doc.text(line, cols.item.x, doc.y + 1, { width: cols.item.width });

  y = doc.y + 12;
  rule(doc, y);

  // Totals, under the money columns.
  const totalsX = cols.price.x - 60;
  const totalsWidth = RIGHT - 8 - totalsX;
  y += 12;
  doc.font('regular').fontSize(10).fillColor(MUTED).text('Items subtotal', totalsX, y);
  doc.fillColor(INK).text(formatRM(d.subtotal), totalsX, y, { width: totalsWidth, align: 'right' });
  y += 22;
  doc.rect(totalsX - 8, y - 7, RIGHT - totalsX + 8, 28).fill(BAND);
  doc
    .font('bold')
    .fontSize(11)
    .fillColor(INK)
    .text(credit ? 'Total credited to buyer' : 'Total paid by buyer', totalsX, y);
  doc
    .fontSize(12)
    .fillColor(ACCENT)
    .text(formatRM(d.amount), totalsX, y - 1, { width: totalsWidth, align: 'right' });
  y += 46;
  if (credit) {
    doc
      .font('regular')
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(
        `The order was canceled and refunded in full: this credit note cancels invoice ${d.originalNumber ?? ''}.`,
        MARGIN,
        y,
        { width: CONTENT },
      );
    y = doc.y + 16;
  }

  // LHDN: a validated e-invoice carries its validation link as a QR code.
  if (validated) {
    const size = 96;
    doc.image(validated.qr, MARGIN, y, { width: size, height: size });
    const x = MARGIN + size + 14;
    const width = CONTENT - size - 14;
    doc
      .font('bold')
      .fontSize(9)
      .fillColor(INK)
      .text('Validated e-invoice (LHDN MyInvois)', x, y + 4, { width });
    doc.font('regular').fontSize(8).fillColor(MUTED);
    doc.text(`UUID: ${validated.e.uuid}`, x, doc.y + 3, { width });
    doc.text(`Long ID: ${validated.e.longId}`, x, doc.y + 1, { width });
    doc.text(`Validated: ${klDateTime(validated.e.validatedAt)}`, x, doc.y + 1, { width });
    doc.fillColor(ACCENT).text(validated.e.validationUrl, x, doc.y + 1, {
      width,
      link: validated.e.validationUrl,
    });
  }

  // Footer, inside the bottom margin's edge so it never starts a second page.
  const footerY = doc.page.height - MARGIN - 12;
  rule(doc, footerY - 8);
  doc
    .font('regular')
    .fontSize(7.5)
    .fillColor(MUTED)
    .text(`${d.number} · Amounts in Malaysian ringgit (MYR)`, MARGIN, footerY, {
      width: CONTENT,
      align: 'center',
      lineBreak: false,
    });
}

/** The invoice or credit note as A4 PDF bytes; with `einvoice`, its validated copy. */
export async function renderInvoicePdf(
  data: InvoicePdfData,
  einvoice: ValidatedEInvoice | null = null,
): Promise<Buffer> {
  const { PDFDocument, regular, bold } = await loadToolkit();
  const validated = einvoice && {
    e: einvoice,
    qr: await (
      await import('qrcode')
    ).default.toBuffer(einvoice.validationUrl, {
      errorCorrectionLevel: 'M',
      margin: 1,
      scale: 6,
    }),
  };
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `${data.kind === 'credit_note' ? 'Credit note' : 'Invoice'} ${data.number}`,
      Author: data.seller.name,
      CreationDate: data.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  draw(doc, data, validated);
  doc.end();
  return done;
}
