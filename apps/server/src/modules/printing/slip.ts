import { formatKg, type Locale, type PaperWidth, SPECIES, type Species } from '@sm/contract';
import type Sharp from 'sharp';
import { NOTO_SANS_SC } from '../../lib/fonts.js';
import { klDateTime } from '../../lib/kl-time.js';
import { type Bitmap, PAPER_DOTS, toBitmap } from './escpos.js';

/** What a pick-up slip shows of an order. */
export interface SlipData {
  storeName: string | null;
  orderNumber: string;
  batchNumber: string;
  createdAt: Date;
  itemName: string;
  species: Species;
  /** Tenths of a kg. */
  quantity: number;
  buyerName: string | null;
  buyerMaskedPhone: string;
}

/** What a printer's test page shows. */
export interface TestPageData {
  printerName: string | null;
  printedAt: Date;
}

// Labels only: names, items and numbers print as they were entered. The slip is rendered on the
// server (a network printer has no browser), so its few words live here rather than in the app.
const LABELS = {
  en: {
    title: 'PICK-UP SLIP',
    order: 'Order No.',
    batch: 'Batch',
    created: 'Created',
    item: 'Item',
    weight: 'Weight',
    buyer: 'Buyer',
    phone: 'Phone',
    testTitle: 'TEST PRINT',
    printer: 'Printer',
    paper: 'Paper',
    printed: 'Printed',
    dots: 'dots',
    testOk: 'If you can read this, the printer is ready.',
  },
  zh: {
    title: '取货单',
    order: '订单号',
    batch: '批次',
    created: '下单时间',
    item: '商品',
    weight: '重量',
    buyer: '买家',
    phone: '电话',
    testTitle: '打印测试',
    printer: '打印机',
    paper: '纸宽',
    printed: '打印时间',
    dots: '点',
    testOk: '能看清这一页，打印机就可以用了。',
  },
  my: {
    title: 'SLIP PENGAMBILAN',
    order: 'No. Pesanan',
    batch: 'Kelompok',
    created: 'Dicipta',
    item: 'Barang',
    weight: 'Berat',
    buyer: 'Pembeli',
    phone: 'Telefon',
    testTitle: 'CETAKAN UJIAN',
    printer: 'Pencetak',
    paper: 'Kertas',
    printed: 'Dicetak',
    dots: 'titik',
    testOk: 'Jika anda boleh membaca ini, pencetak sedia digunakan.',
  },
} as const satisfies Record<Locale, Record<string, string>>;

/** Both scripts a Malaysian slip may carry, to see on the test page that each one prints. */
const SAMPLE_ZH = '中文：白鲳 老虎虾 取货单';
const SAMPLE_MY = 'Bahasa Melayu: Ikan Bawal Putih, Udang Harimau';

// Noto Sans SC has the Latin and the Chinese glyphs, so one font draws every line.
const FONT_FAMILY = 'Noto Sans SC';

/** Blank dots left and right of the text: the print head's edges print faintly. */
const MARGIN = 8;

type Align = 'left' | 'centre';
type Block =
  | { kind: 'text'; markup: string; size: number; bold?: boolean; align?: Align }
  | { kind: 'rule'; dashed?: boolean }
  | { kind: 'qr'; text: string; size: number }
  | { kind: 'space'; height: number };

/** Ink coverage, 0 none … 255 full, one byte per dot. */
interface InkImage {
  width: number;
  height: number;
  ink: Uint8Array;
}

/** Pango reads the text as markup: a buyer called "A&B" must not break it. */
const escapeMarkup = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const labelled = (label: string, value: string) =>
  `${escapeMarkup(label)}: <b>${escapeMarkup(value)}</b>`;

const text = (
  markup: string,
  size: number,
  extra: { bold?: boolean; align?: Align } = {},
): Extract<Block, { kind: 'text' }> => ({ kind: 'text', markup, size, ...extra });

// sharp loads on the first slip, as in media.service.ts: it adds ~0.2 s to every start.
let sharpLoad: Promise<typeof Sharp> | undefined;
function loadSharp() {
  sharpLoad ??= import('sharp').then(async ({ default: sharp }) => {
    // libvips adds a font file to its font set for good once it has rendered with it; both
    // faces must be there before any text asks for bold by markup.
    for (const fontfile of Object.values(NOTO_SANS_SC)) {
      await sharp({ text: { text: '.', font: `${FONT_FAMILY} 8`, fontfile } })
        .raw()
        .toBuffer();
    }
    return sharp;
  });
  sharpLoad.catch(() => {
    sharpLoad = undefined;
  });
  return sharpLoad;
}

async function renderText(
  block: Extract<Block, { kind: 'text' }>,
  width: number,
): Promise<InkImage> {
  const sharp = await loadSharp();
  const { data, info } = await sharp({
    text: {
      text: block.markup,
      font: `${FONT_FAMILY}${block.bold ? ' Bold' : ''} ${block.size}`,
      fontfile: block.bold ? NOTO_SANS_SC.bold : NOTO_SANS_SC.regular,
      width,
      // At 72 dpi a point is a dot, so sizes below are in printer dots.
      dpi: 72,
      align: block.align ?? 'left',
      wrap: 'word-char',
      rgba: true,
    },
  })
    .extractChannel(3)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, ink: new Uint8Array(data) };
}

async function renderQr(text: string, size: number): Promise<InkImage> {
  const { default: QRCode } = await import('qrcode');
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  // Whole dots per module keep every module the same size, so a phone reads it at a glance.
  const quiet = 4;
  const scale = Math.max(1, Math.floor(size / (modules.size + 2 * quiet)));
  const side = (modules.size + 2 * quiet) * scale;
  const ink = new Uint8Array(side * side);
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (!modules.get(row, col)) continue;
      const top = (row + quiet) * scale;
      const left = (col + quiet) * scale;
      for (let y = top; y < top + scale; y += 1)
        ink.fill(255, y * side + left, y * side + left + scale);
    }
  }
  return { width: side, height: side, ink };
}

function renderRule(width: number, dashed: boolean): InkImage {
  const height = 2;
  const ink = new Uint8Array(width * height);
  for (let x = 0; x < width; x += 1) {
    if (dashed && x % 12 >= 8) continue;
    for (let y = 0; y < height; y += 1) ink[y * width + x] = 255;
  }
  return { width, height, ink };
}

/** Lays the blocks out top to bottom on a page `dots` wide and answers its 1-bit image. */
async function renderPage(blocks: Block[], dots: number): Promise<Bitmap> {
  const inner = dots - 2 * MARGIN;
  const GAP = 10;
  const placed: { image: InkImage; left: number; top: number }[] = [];
  let top = GAP;
  for (const block of blocks) {
    if (block.kind === 'space') {
      top += block.height;
      continue;
    }
    const image =
      block.kind === 'text'
        ? await renderText(block, inner)
        : block.kind === 'qr'
          ? await renderQr(block.text, block.size)
          : renderRule(inner, block.dashed ?? false);
    const centred = block.kind === 'qr' || (block.kind === 'text' && block.align === 'centre');
    const left = MARGIN + (centred ? Math.max(0, Math.floor((inner - image.width) / 2)) : 0);
    placed.push({ image, left, top });
    top += image.height + GAP;
  }
  const height = top + GAP;
  const grey = new Uint8Array(dots * height).fill(255);
  for (const { image, left, top: y0 } of placed) {
    const width = Math.min(image.width, dots - left);
    for (let y = 0; y < image.height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const at = (y0 + y) * dots + left + x;
        grey[at] = Math.min(grey[at] as number, 255 - (image.ink[y * image.width + x] as number));
      }
    }
  }
  return toBitmap(grey, dots, height);
}

/** Sizes in dots: 80 mm paper gets larger type, not only longer lines. */
const sizesFor = (paperWidth: PaperWidth) => {
  const k = paperWidth === 80 ? 1.25 : 1;
  const s = (n: number) => Math.round(n * k);
  return { small: s(20), body: s(24), large: s(28), title: s(34), qr: s(200) };
};

function slipBlocks(slip: SlipData, paperWidth: PaperWidth, lang: Locale): Block[] {
  const l = LABELS[lang];
  const size = sizesFor(paperWidth);
  const species = SPECIES[slip.species][lang];
  return [
    ...(slip.storeName
      ? [text(escapeMarkup(slip.storeName), size.large, { bold: true, align: 'centre' })]
      : []),
    text(escapeMarkup(l.title), size.title, { bold: true, align: 'centre' }),
    { kind: 'rule' },
    text(escapeMarkup(l.order), size.small),
    text(escapeMarkup(slip.orderNumber), size.title, { bold: true }),
    text(labelled(l.batch, slip.batchNumber), size.body),
    text(labelled(l.created, klDateTime(slip.createdAt)), size.body),
    { kind: 'rule', dashed: true },
    text(labelled(l.item, `${slip.itemName} (${species})`), size.body),
    text(labelled(l.weight, `${formatKg(slip.quantity)} kg`), size.title),
    { kind: 'rule', dashed: true },
    text(labelled(l.buyer, slip.buyerName ?? '—'), size.body),
    // The Chinese font draws '•' full width; receipts hide digits with '*' anyway.
    text(labelled(l.phone, slip.buyerMaskedPhone.replace(/•/g, '*')), size.body),
    { kind: 'qr', text: slip.orderNumber, size: size.qr },
    text(escapeMarkup(slip.orderNumber), size.small, { align: 'centre' }),
  ];
}

function testPageBlocks(page: TestPageData, paperWidth: PaperWidth, lang: Locale): Block[] {
  const l = LABELS[lang];
  const size = sizesFor(paperWidth);
  return [
    text(escapeMarkup(l.testTitle), size.title, { bold: true, align: 'centre' }),
    // Solid from margin to margin: where it fades shows the printable width.
    { kind: 'rule' },
    ...(page.printerName ? [text(labelled(l.printer, page.printerName), size.body)] : []),
    text(labelled(l.paper, `${paperWidth} mm, ${PAPER_DOTS[paperWidth]} ${l.dots}`), size.body),
    text(labelled(l.printed, klDateTime(page.printedAt)), size.body),
    { kind: 'rule', dashed: true },
    text(escapeMarkup(SAMPLE_ZH), size.large),
    text(escapeMarkup(SAMPLE_MY), size.body),
    { kind: 'rule', dashed: true },
    text(escapeMarkup(l.testOk), size.body),
  ];
}

/** An order's pick-up slip as the printer's 1-bit image, `PAPER_DOTS[paperWidth]` wide. */
export const renderSlip = (slip: SlipData, paperWidth: PaperWidth, lang: Locale) =>
  renderPage(slipBlocks(slip, paperWidth, lang), PAPER_DOTS[paperWidth]);

/** A printer's test page: its name and paper, a line each of Chinese and Malay, the time. */
export const renderTestPage = (page: TestPageData, paperWidth: PaperWidth, lang: Locale) =>
  renderPage(testPageBlocks(page, paperWidth, lang), PAPER_DOTS[paperWidth]);

/** The same 1-bit image as a PNG, for the system print dialog: it prints as the printer would. */
export async function bitmapToPng(bitmap: Bitmap): Promise<Buffer> {
  const { width, height, data } = bitmap;
  const bytesPerRow = width / 8;
  const grey = new Uint8Array(width * height).fill(255);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const byte = data[y * bytesPerRow + (x >> 3)] as number;
      if (byte & (0x80 >> (x & 7))) grey[y * width + x] = 0;
    }
  }
  const sharp = await loadSharp();
  return sharp(grey, { raw: { width, height, channels: 1 } })
    .png({ palette: true, colours: 2, compressionLevel: 9 })
    .toBuffer();
}
