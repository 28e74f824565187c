import { z } from 'zod';
import { DEFAULT_LOCALE, LOCALES } from './constants.js';
import { optionalText, requiredId, requiredOrBad, requiredText } from './validation.js';

/**
 * How a pick-up slip reaches paper: a network ESC/POS printer that the server prints to, a
 * Bluetooth ESC/POS printer the browser talks to (Web Bluetooth), the system print dialog, or a
 * cloud printer (Star CloudPRNT) that polls the server and pulls its jobs.
 */
export const PRINTER_KINDS = ['network', 'bluetooth', 'system', 'cloud'] as const;
export const printerKind = z.enum(PRINTER_KINDS, { error: requiredOrBad });
export type PrinterKind = z.infer<typeof printerKind>;

/** Paper widths, mm. */
export const PAPER_WIDTHS = [58, 80] as const;
export type PaperWidth = (typeof PAPER_WIDTHS)[number];
export const paperWidth = z.union([z.literal(58), z.literal(80)], { error: 'BAD_REQUEST' });

/** Port of raw ESC/POS over TCP on most network receipt printers. */
export const DEFAULT_PRINTER_PORT = 9100;

/**
 * The raw printing ports the server prints to, and no others: 9100, and 9101 and 9102 for the
 * second and third port of a multi-port print server (JetDirect, p910nd). Any other port would
 * let the server be aimed at services that are not printers.
 */
export const RAW_PRINTER_PORTS: readonly number[] = [9100, 9101, 9102];

/**
 * A MAC address as the server keeps it: six lowercase hex pairs joined by colons. Printers send
 * `00:11:62:AB:CD:EF`; a label may print `00-11-62-AB-CD-EF` or `001162ABCDEF`. Null when it is
 * no MAC (or the all-zeros or broadcast address, which name no printer).
 */
export function normalizeMac(input: string): string | null {
  const hex = input
    .trim()
    .toLowerCase()
    .replace(/[\s:.-]/g, '');
  if (!/^[0-9a-f]{12}$/.test(hex) || /^(?:0{12}|f{12})$/.test(hex)) return null;
  return (hex.match(/../g) as string[]).join(':');
}

const HOST =
  /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const ipv6 = z.ipv6();
/** An IPv6 address, bare or in brackets, with or without a zone (`fe80::1%eth0`). */
const isIpv6Host = (host: string) =>
  ipv6.safeParse(host.replace(/^\[(.*)\]$/, '$1').replace(/%[\w.-]+$/, '')).success;

export const printerInput = z
  .object({
    name: requiredText(),
    kind: printerKind,
    paperWidth: paperWidth.default(58),
    /** Network printers: host name, IPv4 or IPv6 address. */
    host: optionalText(253).refine(
      (h) => h === undefined || HOST.test(h) || isIpv6Host(h),
      'INVALID_HOST',
    ),
    port: z.coerce
      .number({ error: 'INVALID_PORT' })
      .int('INVALID_PORT')
      .min(1, 'INVALID_PORT')
      .max(65_535, 'INVALID_PORT')
      .optional(),
    /** Cloud printers: the printer's MAC address, which it names itself by when it polls. */
    mac: optionalText(32).refine((m) => m === undefined || normalizeMac(m) !== null, 'INVALID_MAC'),
  })
  .refine((p) => p.kind !== 'network' || p.host !== undefined, {
    message: 'REQUIRED_FIELDS',
    path: ['host'],
  })
  .refine((p) => p.kind !== 'cloud' || p.mac !== undefined, {
    message: 'REQUIRED_FIELDS',
    path: ['mac'],
  });
export type PrinterInput = z.input<typeof printerInput>;

/**
 * What a cloud printer's last polls said, as Printer setup shows it: waiting for its first poll,
 * online, offline (no poll for three poll intervals), or online with a condition it reported.
 */
export const CLOUD_PRINTER_STATES = [
  'waiting',
  'online',
  'offline',
  'cover_open',
  'paper_out',
  'error',
  'paper_low',
] as const;
export type CloudPrinterState = (typeof CLOUD_PRINTER_STATES)[number];

export const cloudPrinterStatus = z.object({
  state: z.enum(CLOUD_PRINTER_STATES),
  /** The printer's last poll. */
  lastSeenAt: z.string().nullable(),
  /** The status code of its last poll (`200`, `410` paper out…), for `error`'s details. */
  statusCode: z.string().nullable(),
  /**
   * The path and query of the URL to enter as the printer's CloudPRNT server URL, after this
   * server's own origin: it carries the printer's key, without which its polls get nothing.
   */
  pollPath: z.string(),
});
export type CloudPrinterStatus = z.infer<typeof cloudPrinterStatus>;

export const printer = z.object({
  id: z.string(),
  name: z.string(),
  kind: printerKind,
  paperWidth,
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  mac: z.string().nullable(),
  /** Cloud printers only. */
  cloud: cloudPrinterStatus.nullable(),
  createdAt: z.string(),
});
export type Printer = z.infer<typeof printer>;

export const printerListResponse = z.object({
  items: z.array(printer),
  /**
   * Whether this server prints to network printers at all: only one installed inside the shop's
   * own network, configured for it, can reach a printer there.
   */
  networkPrinting: z.boolean(),
});
export type PrinterList = z.infer<typeof printerListResponse>;

/** The language of a slip's labels; the data (names, items) prints as it was entered. */
export const slipLanguage = z.enum(LOCALES, { error: 'BAD_REQUEST' }).default(DEFAULT_LOCALE);

/**
 * A pick-up slip of an order on a paper width: ESC/POS bytes for the browser to send to a Bluetooth
 * printer, or a PNG for the system print dialog.
 */
export const slipQuery = z.object({
  paperWidth: z.coerce.number().pipe(paperWidth).default(58),
  lang: slipLanguage,
});

/** The test page of a printer the browser prints to: its name goes on the page. */
export const testPageQuery = slipQuery.extend({ name: optionalText() });

/** Print an order's pick-up slip on a network printer, through the server. */
export const printSlipRequest = z.object({ orderId: requiredId(), lang: slipLanguage });

/** Print a network printer's test page, through the server. */
export const testPrintRequest = z.object({ lang: slipLanguage });

/** A job queued for a cloud printer, from queued to printed (or failed). */
export const PRINT_JOB_STATES = ['queued', 'sent', 'printed', 'failed'] as const;
export type PrintJobState = (typeof PRINT_JOB_STATES)[number];
export const PRINT_JOB_KINDS = ['slip', 'test'] as const;

/** Why a job failed, besides a status code the printer reported (`510`, `520`…). */
export const PRINT_JOB_ERRORS = ['not_fetched', 'not_confirmed'] as const;

/** A cloud printer must fetch a queued job within this, or it is withdrawn and reported. */
export const CLOUD_PRINT_FETCH_WINDOW_MS = 3 * 60_000;
/** …and confirm (DELETE) a fetched one within this; else it is reported as not confirmed. */
export const CLOUD_PRINT_CONFIRM_WINDOW_MS = 3 * 60_000;
/** Tries per job when the printer reports an error for it; then it fails. */
export const CLOUD_PRINT_MAX_ATTEMPTS = 3;
/** The polling time the app advises (the default of mC-Print3 and TSP100IV), seconds. */
export const CLOUD_PRINT_POLL_SECONDS = 5;

export const printJob = z.object({
  id: z.string(),
  printerId: z.string(),
  printerName: z.string(),
  kind: z.enum(PRINT_JOB_KINDS),
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  state: z.enum(PRINT_JOB_STATES),
  /** Error reports the printer made for it so far. */
  attempts: z.number().int(),
  /** Why it failed, or the last error it was put back in the queue for. */
  error: z.string().nullable(),
  createdAt: z.string(),
  fetchedAt: z.string().nullable(),
  printedAt: z.string().nullable(),
  failedAt: z.string().nullable(),
});
export type PrintJob = z.infer<typeof printJob>;

/** The merchant's latest cloud print jobs, of one order or one printer if asked. */
export const printJobListQuery = z.object({
  orderId: requiredId().optional(),
  printerId: requiredId().optional(),
});
export const printJobList = z.object({ items: z.array(printJob) });
export type PrintJobList = z.infer<typeof printJobList>;

/** What the server sent to a network printer, or the job it queued for a cloud printer. */
export const printResult = z.union([
  z.object({ ok: z.literal(true), bytes: z.number().int() }),
  z.object({ ok: z.literal(true), job: printJob }),
]);
export type PrintResult = z.infer<typeof printResult>;

// ---------------------------------------------------------------------------------------------
// Star CloudPRNT, the protocol a cloud printer speaks (Star CloudPRNT Developer Guide, rev. 1.4,
// and the Star CloudPRNT Protocol Guide at star-m.jp/products/s_print/sdk/StarCloudPRNT/manual).
// Printers send more than this (barcode readers, scales, displays): unknown fields are ignored.

const cloudText = (max: number) => z.string({ error: 'BAD_REQUEST' }).max(max, 'BAD_REQUEST');

/**
 * The printer's poll (POST), every polling interval and at once on a status change. All fields
 * may be missing or null (the guide says so), even `statusCode`, which every client sends.
 */
export const cloudPrntPoll = z.looseObject({
  /** Its Ethernet MAC address: who it is. */
  printerMAC: cloudText(64).nullish(),
  /** `200 OK`, URL-encoded (`200%20OK`); 2xx online, 4xx printer error, 5xx client error. */
  statusCode: cloudText(256).nullish(),
  /** Star ASB status bytes in hex, space-separated (`23 6 0 0 0 0 0 0 0 `). */
  status: cloudText(256).nullish(),
  /** Firmware 1.4+: printing now, so a job offered would be ignored. */
  printingInProgress: z.boolean({ error: 'BAD_REQUEST' }).nullish(),
  /** Answers to the server's clientAction requests (`GetPollInterval` → seconds). */
  clientAction: z
    .array(z.looseObject({ request: cloudText(64).nullish(), result: z.unknown() }))
    .max(32, 'BAD_REQUEST')
    .nullish(),
});

/** The answer to a poll: whether a job waits, in which media types, and its token. */
export const cloudPrntPollAnswer = z.object({
  jobReady: z.boolean(),
  mediaTypes: z.array(z.string()).optional(),
  /** Firmware that knows it sends it back as `token` with the job's GET and confirmation. */
  jobToken: z.string().optional(),
  clientAction: z.array(z.object({ request: z.string(), options: z.string() })).optional(),
});
export type CloudPrntPollAnswer = z.infer<typeof cloudPrntPollAnswer>;

/**
 * The query of the job's GET (`type`: the media type chosen from the poll's), and of its
 * confirmation: a DELETE with `code`, or a GET with `delete` when the server asked for that.
 * `key` is this server's own: part of the URL the merchant entered in the printer.
 */
export const cloudPrntJobQuery = z.object({
  mac: cloudText(64).optional(),
  key: cloudText(64).optional(),
  type: cloudText(256).optional(),
  token: cloudText(256).optional(),
  code: cloudText(256).optional(),
  delete: cloudText(16).optional(),
});
