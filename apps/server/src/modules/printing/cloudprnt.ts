/**
 * Star CloudPRNT, the protocol of printers that pull their jobs: what its messages mean, as pure
 * functions. Sources, all Star Micronics':
 * - Star CloudPRNT Developer Guide, rev. 1.4 (IFBD-HI01X/HI02X): §3 poll (POST), §4 job request
 *   (GET), §5 confirmation (DELETE, or GET with `delete`), §6 media types, §7 printer status
 *   codes, §9 timeouts.
 * - Star CloudPRNT Protocol Guide (star-m.jp/products/s_print/sdk/StarCloudPRNT/manual/en/):
 *   protocol-reference/http-method-reference/server-polling-post/json-request.html and
 *   json-response.html (`jobToken`), job-request-get/get-request.html (`token`),
 *   job-confirmation-delete, common-spec-reference/printer-status-code and content-mediatypes.
 * - The ASB (Automatic Status Back) bytes of the poll's `status`, as Star's line mode command
 *   specification lays them out (also decoded so by the star_ethernet gem's StatusItem).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CloudPrinterState } from '@sm/contract';
import { CLOUD_PRINT_POLL_SECONDS } from '@sm/contract';
import { cloudPrntApi } from '@sm/contract/routes';

/**
 * The media types the server offers a job in. A slip is a 1-bit image drawn on the server (its
 * Chinese has no printer font), and every CloudPRNT client takes `image/png`, printed pixel for
 * pixel (guide §6): HI01X/HI02X, mC-Print2/3, TSP100IV, mC-Label3. The server's ESC/POS raster
 * is no CloudPRNT type (Star printers run StarPRNT or Star Line emulation, and the guide advises
 * against raw `application/octet-stream`), so it is not offered.
 */
export const CLOUDPRNT_MEDIA_TYPES = ['image/png'] as const;

/**
 * Response headers for image jobs (job-request-get/get-response.html): the slip is 1-bit already,
 * so no dithering; a partial cut after a feed, as the ESC/POS job does.
 */
export const CLOUDPRNT_IMAGE_HEADERS = {
  'x-star-cut': 'partial; feed=true',
  'x-star-imagedithernpattern': 'none',
} as const;

/** Poll intervals outside this are not believed (a printer's setting is 1 s to a few minutes). */
const POLL_SECONDS_RANGE = { min: 1, max: 3600 };

/** The media type of a GET's `type`, without parameters (`image/vnd.star.png; mono_len=…`). */
export const mediaTypeOf = (type: string) => (type.split(';')[0] ?? '').trim().toLowerCase();

/**
 * A status code as the printer sent it (`200%20OK`, `410 Out of paper`, `2xx`): its 3 or 4
 * digits, or null. Codes are URL-encoded because they also travel in a URL (guide §3).
 */
export function statusCodeOf(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let text = raw;
  try {
    text = decodeURIComponent(raw);
  } catch {
    // Not encoded after all (a bare `%`): read as it came.
  }
  return /^\s*(\d{3,4})(?!\d)/.exec(text)?.[1] ?? null;
}

/** A confirmation's `code`: the job printed (`200 OK`, `OK`), or the error the printer gives. */
export function confirmationOf(raw: string | undefined): { printed: boolean; code: string } {
  const code = statusCodeOf(raw);
  if (code) return { printed: code.startsWith('2'), code };
  // The guide's first edition confirms success with a bare "OK".
  return { printed: /^\s*ok\b/i.test(raw ?? ''), code: 'unknown' };
}

/**
 * Codes of a confirmation that another try cannot change (guide §7): the client cannot take the
 * media type (510) or its version (512), or the job is too large for it (521). Any other error
 * (a decoding error, a download time-out, a printer error) is tried again.
 */
const FINAL_CODES = new Set(['510', '512', '521']);
export const isFinalError = (code: string) => FINAL_CODES.has(code) || code === 'unknown';

/** A printer error (4xx): the print did not happen because of the printer (paper, cover). */
export const isPrinterError = (code: string | null) => code?.startsWith('4') ?? false;

/** What the ASB status bytes say of the printer. */
export interface AsbStatus {
  offline: boolean;
  coverOpen: boolean;
  paperEmpty: boolean;
  paperNearEmpty: boolean;
  /** Mechanical, cutter, head temperature or unrecoverable error. */
  error: boolean;
}

/**
 * The poll's `status`: ASB bytes in hex, space-separated (`23 6 0 0 0 0 0 0 0 `, guide §3), or
 * run together. Kept as canonical two-digit pairs, at most 32 bytes; null when it is no such text.
 */
export function normalizeAsb(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const text = raw.trim();
  let bytes: string[];
  if (/^[0-9a-f]{1,2}(?:\s+[0-9a-f]{1,2})*$/i.test(text)) bytes = text.split(/\s+/);
  else if (/^(?:[0-9a-f]{2})+$/i.test(text)) bytes = text.match(/../g) as string[];
  else return null;
  return bytes
    .slice(0, 32)
    .map((b) => b.toLowerCase().padStart(2, '0'))
    .join(' ');
}

/**
 * Decodes ASB bytes: 1 and 2 are headers; byte 3 (printer status 1) has the offline bit 3 and the
 * cover-open bit 5; byte 4 (status 2) the head-temperature stop (bit 6), unrecoverable (5),
 * cutter (3) and mechanical (2) errors; byte 6 (status 4) paper empty (bit 3) and near empty
 * (bits 2 and 1, inside and outside sensors).
 */
export function decodeAsb(asb: string | null): AsbStatus | null {
  if (!asb) return null;
  const bytes = asb.split(' ').map((b) => Number.parseInt(b, 16));
  if (bytes.length < 6) return null;
  const [, , status1 = 0, status2 = 0, , status4 = 0] = bytes;
  return {
    offline: (status1 & 0x08) !== 0,
    coverOpen: (status1 & 0x20) !== 0,
    error: (status2 & 0b0110_1100) !== 0,
    paperEmpty: (status4 & 0x08) !== 0,
    paperNearEmpty: (status4 & 0x06) !== 0,
  };
}

/** What Printer setup shows of a cloud printer, from its last poll. */
export interface CloudSeen {
  seenAt: Date | null;
  statusCode: string | null;
  asb: string | null;
  pollSeconds: number | null;
}

/** A printer that polled within three of its polling intervals is online (guide §9 advises 2 × + 5 s). */
export function onlineWindowMs(pollSeconds: number | null): number {
  return 3 * Math.max(pollSeconds ?? CLOUD_PRINT_POLL_SECONDS, CLOUD_PRINT_POLL_SECONDS) * 1000;
}

/**
 * The printer's state: waiting for its first poll, offline, or online with the worst condition its
 * last poll reported (cover open before paper out before other errors before paper low). The
 * status code says it (410 paper out, 42x cover open, 21x paper low, other 4xx/5xx an error);
 * the ASB bytes, when sent, say more.
 */
export function cloudStateOf(seen: CloudSeen, now: Date): CloudPrinterState {
  if (!seen.seenAt) return 'waiting';
  if (now.getTime() - seen.seenAt.getTime() > onlineWindowMs(seen.pollSeconds)) return 'offline';
  const code = seen.statusCode ?? '200';
  const asb = decodeAsb(seen.asb);
  if (asb?.coverOpen || code.startsWith('42')) return 'cover_open';
  if (asb?.paperEmpty || code === '410') return 'paper_out';
  if (asb?.error || asb?.offline || code.startsWith('4') || code.startsWith('5')) return 'error';
  if (asb?.paperNearEmpty || code.startsWith('21')) return 'paper_low';
  return 'online';
}

/** The polling interval a poll reports in answer to `GetPollInterval`, if it does. */
export function reportedPollSeconds(
  actions: readonly { request?: string | null; result?: unknown }[] | null | undefined,
): number | null {
  const answer = actions?.find((a) => a.request === 'GetPollInterval');
  const seconds = Number(answer?.result);
  return Number.isInteger(seconds) &&
    seconds >= POLL_SECONDS_RANGE.min &&
    seconds <= POLL_SECONDS_RANGE.max
    ? seconds
    : null;
}

/**
 * A cloud printer's key: in the query of the URL the merchant enters in the printer, so that a
 * poll naming a registered MAC (printed on the printer, sent on the shop's network) gets nothing
 * without it. Derived from the app secret and the printer's id: nothing to store or leak.
 */
export const printerKey = (secret: string, printerId: string) =>
  createHmac('sha256', secret).update(`cloudprnt:${printerId}`).digest('base64url').slice(0, 22);

export function keyMatches(secret: string, printerId: string, key: string | undefined) {
  const expected = Buffer.from(printerKey(secret, printerId));
  const given = Buffer.from(key ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Where the printer polls, after this server's origin. */
export const CLOUDPRNT_PATH = cloudPrntApi.poll.path;
export const pollPathOf = (key: string) => `${CLOUDPRNT_PATH}?key=${key}`;
