import { z } from 'zod';
import { DEFAULT_LOCALE, LOCALES } from './constants.js';
import { optionalText, requiredId, requiredOrBad, requiredText } from './validation.js';

/**
 * How a pick-up slip reaches paper: a network ESC/POS printer that the server prints to, a
 * Bluetooth ESC/POS printer the browser talks to (Web Bluetooth), or the system print dialog.
 */
export const PRINTER_KINDS = ['network', 'bluetooth', 'system'] as const;
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
  })
  .refine((p) => p.kind !== 'network' || p.host !== undefined, {
    message: 'REQUIRED_FIELDS',
    path: ['host'],
  });
export type PrinterInput = z.input<typeof printerInput>;

export const printer = z.object({
  id: z.string(),
  name: z.string(),
  kind: printerKind,
  paperWidth,
  host: z.string().nullable(),
  port: z.number().int().nullable(),
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

/** What the server sent to a network printer. */
export const printResult = z.object({ ok: z.literal(true), bytes: z.number().int() });
export type PrintResult = z.infer<typeof printResult>;
