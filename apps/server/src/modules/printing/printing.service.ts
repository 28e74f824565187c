import {
  DEFAULT_PRINTER_PORT,
  type Locale,
  LOCALES,
  maskMalaysianMobile,
  normalizeMac,
  type PaperWidth,
  type Printer,
  type printerInput,
  type PrintResult,
  RAW_PRINTER_PORTS,
  type Species,
} from '@sm/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { orderView } from '../orders/index.js';
import { storeNameOf } from '../store/index.js';
import { cloudStatusOf, createCloudPrntService } from './cloudprnt.service.js';
import type { PrintJobRow } from './cloudprnt.repo.js';
import { type Bitmap, printJob } from './escpos.js';
import {
  type LanPrinting,
  lanPrintingOn,
  portAllowed,
  PRINTER_TIMEOUT_MS,
  type PrinterNetwork,
  sendToPrinter,
  systemNetwork,
} from './network-printer.js';
import * as repo from './printing.repo.js';
import type { PrinterRow, PrinterValues } from './printing.repo.js';
import {
  bitmapToPng,
  renderSlip,
  renderTestPage,
  type SlipData,
  type TestPageData,
} from './slip.js';

type PrinterInput = z.output<typeof printerInput>;

export interface PrintingDeps {
  db: Db;
  clock: Clock;
  /** The app secret: cloud printers' keys are derived from it. */
  secret: string;
  /** Which printers the server may reach (config.ts); no networks: none. */
  lan: LanPrinting;
  /** Tests stand in a LAN of their own; the server uses the system's. */
  network?: PrinterNetwork;
  /** Tests shorten it; printers get PRINTER_TIMEOUT_MS. */
  printerTimeoutMs?: number;
}

/**
 * Only a network printer keeps an address and only a cloud printer a MAC; the browser finds a
 * Bluetooth or system one itself.
 */
const valuesOf = (input: PrinterInput): PrinterValues => ({
  name: input.name,
  kind: input.kind,
  paperWidth: input.paperWidth,
  host: input.kind === 'network' ? (input.host ?? null) : null,
  port: input.kind === 'network' ? (input.port ?? DEFAULT_PRINTER_PORT) : null,
  mac: input.kind === 'cloud' && input.mac ? normalizeMac(input.mac) : null,
});

const localeOf = (lang: string): Locale =>
  (LOCALES as readonly string[]).includes(lang) ? (lang as Locale) : 'en';

/** A page as the browser prints it: the whole ESC/POS job (Bluetooth) or a PNG (print dialog). */
const fileOf = async (bitmap: Bitmap, format: 'escpos' | 'png'): Promise<Buffer> =>
  format === 'png' ? bitmapToPng(bitmap) : Buffer.from(printJob(bitmap));

export function createPrintingService({
  db,
  clock,
  secret,
  lan,
  network = systemNetwork,
  printerTimeoutMs = PRINTER_TIMEOUT_MS,
}: PrintingDeps) {
  const networkPrinting = lanPrintingOn(lan);

  const printerOfRow = (row: PrinterRow, now: Date): Printer => ({
    id: row.id,
    name: row.name,
    kind: row.kind,
    paperWidth: row.paperWidth as PaperWidth,
    host: row.host,
    port: row.port,
    mac: row.mac,
    cloud: row.kind === 'cloud' ? cloudStatusOf(row, now, secret) : null,
    createdAt: row.createdAt.toISOString(),
  });

  /**
   * The rules a network printer's address can be told about at once, because they depend on no
   * network: the feature is on here, and the port is a raw printing port.
   */
  function checkNetworkPrinter(port: number) {
    if (!networkPrinting) throw new AppError('LAN_PRINTING_OFF');
    if (!portAllowed(port, lan, RAW_PRINTER_PORTS)) {
      throw new AppError('PRINTER_PORT_NOT_ALLOWED', { field: 'port' });
    }
  }
  const checkInput = (values: PrinterValues) => {
    if (values.kind === 'network') checkNetworkPrinter(values.port ?? DEFAULT_PRINTER_PORT);
    return values;
  };

  // One job at a time per printer address: most raw-port printers take a single connection and
  // refuse the next, so a second tap on Print waits for the first instead of failing.
  const queues = new Map<string, Promise<unknown>>();
  function send(host: string, port: number, bytes: Uint8Array): Promise<void> {
    const key = `${host}:${port}`;
    const previous = queues.get(key) ?? Promise.resolve();
    const job = previous
      .catch(() => {})
      .then(() => sendToPrinter(host, port, bytes, { lan, network, timeoutMs: printerTimeoutMs }));
    queues.set(key, job);
    void job
      .catch(() => {})
      .finally(() => {
        if (queues.get(key) === job) queues.delete(key);
      });
    return job;
  }

  async function ownPrinter(merchantId: string, printerId: string) {
    const row = await repo.printerOf(db, merchantId, printerId);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** The server prints to network printers only; the app prints to the others itself. */
  function networkAddress(row: PrinterRow) {
    if (row.kind !== 'network' || !row.host || !row.port) {
      throw new AppError('BAD_REQUEST', { field: 'kind' });
    }
    // A printer saved before the rules, or while they were other, meets them at each print.
    checkNetworkPrinter(row.port);
    return { host: row.host, port: row.port };
  }

  async function slipOf(merchantId: string, orderId: string): Promise<SlipData> {
    const [row, storeName] = await Promise.all([
      orderView(db, orderId, { merchantId }),
      storeNameOf(db, merchantId),
    ]);
    // Another merchant's order reads exactly as a missing one.
    if (!row) throw new AppError('NOT_FOUND');
    return {
      storeName,
      orderNumber: row.order.number,
      batchNumber: row.order.batchNumber,
      createdAt: row.order.createdAt,
      itemName: row.item.name,
      species: row.item.species as Species,
      quantity: row.item.quantity,
      buyerName: row.buyerName,
      buyerMaskedPhone: maskMalaysianMobile(row.buyerPhone),
    };
  }

  async function printBitmap(
    { host, port }: { host: string; port: number },
    render: () => Promise<Bitmap>,
  ): Promise<PrintResult> {
    const bytes = printJob(await render());
    await send(host, port, bytes);
    return { ok: true, bytes: bytes.length };
  }

  const testPage = (name: string | null, printedAt = clock.now()): TestPageData => ({
    printerName: name,
    printedAt,
  });

  /** A cloud printer's job as the PNG it fetches: drawn then, as the browser's pages are. */
  async function renderJob(job: PrintJobRow): Promise<Buffer> {
    const paper = job.paperWidth as PaperWidth;
    const lang = localeOf(job.lang);
    if (job.kind === 'slip' && job.orderId) {
      return bitmapToPng(await renderSlip(await slipOf(job.merchantId, job.orderId), paper, lang));
    }
    const printer = await repo.printerOf(db, job.merchantId, job.printerId);
    // The time it was asked for: the same page however often the printer fetches it.
    return bitmapToPng(
      await renderTestPage(testPage(printer?.name ?? null, job.createdAt), paper, lang),
    );
  }

  const cloud = createCloudPrntService({ db, clock, secret, render: renderJob });

  /** A printer with this MAC on any account: the unique index refuses it, the merchant is told. */
  async function saved(write: () => Promise<PrinterRow | null>) {
    let row: PrinterRow | null;
    try {
      row = await write();
    } catch (err) {
      if (repo.isUniqueViolation(err)) throw new AppError('PRINTER_MAC_TAKEN', { field: 'mac' });
      throw err;
    }
    if (!row) throw new AppError('NOT_FOUND');
    return printerOfRow(row, clock.now());
  }

  return {
    /** Cloud printing: the printers' polls, their jobs, and the sweep of jobs past their time. */
    cloud,

    async list(merchantId: string) {
      const now = clock.now();
      return {
        items: (await repo.printersOf(db, merchantId)).map((row) => printerOfRow(row, now)),
        networkPrinting,
      };
    },

    async create(merchantId: string, input: PrinterInput) {
      const values = checkInput(valuesOf(input));
      return saved(() => repo.insertPrinter(db, merchantId, values));
    },

    async update(merchantId: string, printerId: string, input: PrinterInput) {
      const values = checkInput(valuesOf(input));
      return saved(() => repo.updatePrinter(db, merchantId, printerId, values));
    },

    async remove(merchantId: string, printerId: string) {
      if (!(await repo.deletePrinter(db, merchantId, printerId))) throw new AppError('NOT_FOUND');
      return { ok: true as const };
    },

    /** The printer's test page, sent to a network printer or queued for a cloud printer. */
    async testPrint(merchantId: string, printerId: string, lang: Locale): Promise<PrintResult> {
      const row = await ownPrinter(merchantId, printerId);
      if (row.kind === 'cloud') {
        return { ok: true, job: await cloud.enqueue(row, { kind: 'test' }, lang) };
      }
      return printBitmap(networkAddress(row), () =>
        renderTestPage(testPage(row.name), row.paperWidth as PaperWidth, lang),
      );
    },

    /** An order's pick-up slip, sent to a network printer or queued for a cloud printer. */
    async printSlip(
      merchantId: string,
      printerId: string,
      orderId: string,
      lang: Locale,
    ): Promise<PrintResult> {
      const row = await ownPrinter(merchantId, printerId);
      if (row.kind === 'cloud') {
        // Another merchant's order reads as a missing one before anything is queued.
        await slipOf(merchantId, orderId);
        return { ok: true, job: await cloud.enqueue(row, { kind: 'slip', orderId }, lang) };
      }
      // Another kind is refused before the order is read and drawn.
      const address = networkAddress(row);
      const slip = await slipOf(merchantId, orderId);
      return printBitmap(address, () => renderSlip(slip, row.paperWidth as PaperWidth, lang));
    },

    /** An order's pick-up slip as a whole ESC/POS job (Web Bluetooth) or a PNG (print dialog). */
    async slip(
      merchantId: string,
      orderId: string,
      paperWidth: PaperWidth,
      lang: Locale,
      format: 'escpos' | 'png',
    ) {
      const slip = await slipOf(merchantId, orderId);
      const data = await fileOf(await renderSlip(slip, paperWidth, lang), format);
      return { orderNumber: slip.orderNumber, data };
    },

    /** A test page for a printer the browser prints to. */
    async testPageFile(
      name: string | null,
      paperWidth: PaperWidth,
      lang: Locale,
      format: 'escpos' | 'png',
    ) {
      return fileOf(await renderTestPage(testPage(name), paperWidth, lang), format);
    },
  };
}

export type PrintingService = ReturnType<typeof createPrintingService>;
