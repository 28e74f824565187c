import { type Locale, TIME_ZONE } from '@sm/contract';
import { currentLocale } from './i18n';

/** Region-aware tags for Intl: Malaysian English and Malay, simplified Chinese. */
const INTL_LOCALE: Record<Locale, string> = { en: 'en-MY', zh: 'zh-CN', my: 'ms-MY' };

const STYLES = {
  dateTime: { timeZone: TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' },
  time: { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', second: '2-digit' },
  localDateTime: { dateStyle: 'medium', timeStyle: 'short' },
  // A calendar day (YYYY-MM-DD) reads as UTC midnight: shown in UTC, it is that same day.
  day: { dateStyle: 'medium', timeZone: 'UTC' },
  weekday: { weekday: 'long', timeZone: TIME_ZONE },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(locale: Locale, style: keyof typeof STYLES): Intl.DateTimeFormat {
  const key = `${locale}:${style}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(INTL_LOCALE[locale], STYLES[style]);
    formatters.set(key, formatter);
  }
  return formatter;
}

const format = (iso: string, locale: Locale, style: keyof typeof STYLES) =>
  formatterOf(locale, style).format(new Date(iso));

/**
 * Builds the formatter of the signed-in pages' lists ahead of them. The first Intl.DateTimeFormat
 * loads the browser's locale and time-zone data, some 20 ms on the bench machine and more on a
 * cheap phone: called while a page waits for its data, that is not part of its first render.
 */
export function prepareDateFormats(locale: Locale = currentLocale()): void {
  formatterOf(locale, 'dateTime');
}

/** A moment as merchants read it (PRODUCT.md §2): in Asia/Kuala_Lumpur, whatever the device's zone. */
export const formatDateTime = (iso: string, locale: Locale = currentLocale()) =>
  format(iso, locale, 'dateTime');

/** The time of day in Asia/Kuala_Lumpur, to the second (bids within one lot's 15 minutes). */
export const formatTime = (iso: string, locale: Locale = currentLocale()) =>
  format(iso, locale, 'time');

/**
 * A moment in the device's own zone: what a date picker, which turns the device's wheels, was set
 * to. On a Malaysian phone this reads as formatDateTime does.
 */
export const formatLocalDateTime = (iso: string, locale: Locale = currentLocale()) =>
  format(iso, locale, 'localDateTime');

/** A calendar day, YYYY-MM-DD (a Kuala Lumpur day of the orders filter), as `1 Nov 2026`. */
export const formatDay = (day: string, locale: Locale = currentLocale()) =>
  format(day, locale, 'day');

/** The day of the week in Asia/Kuala_Lumpur: `Monday`, `星期一`, `Isnin`. */
export const formatWeekday = (iso: string, locale: Locale = currentLocale()) =>
  format(iso, locale, 'weekday');

/** A time left as `m:ss`, or `h:mm:ss` from an hour up; never negative. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}`
    : `${minutes}:${seconds}`;
}

/**
 * How far the server's clock is ahead of this device's, from an answer's `serverNow` and the
 * moment it arrived: a phone with a wrong clock still counts down to the server's end.
 */
export const serverOffset = (serverNow: string, receivedAt: number) =>
  Date.parse(serverNow) - receivedAt;

/** A device-local calendar day (what a date picker gives) as YYYY-MM-DD. */
export function toDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** YYYY-MM-DD back to a device-local Date at midnight, for a date picker's value. */
export function fromDay(day: string): Date {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
}
