import type { Locale } from '@sm/contract';
import { currentLocale } from './i18n';

/** Region-aware tags for Intl: Malaysian English and Malay, simplified Chinese. */
const INTL_LOCALE: Record<Locale, string> = { en: 'en-MY', zh: 'zh-CN', my: 'ms-MY' };

/**
 * Kuala Lumpur's offset from UTC. Malaysia has kept UTC+8, with no daylight saving, since 1982:
 * a moment's Malaysian day and time are its UTC ones 8 hours on, with no time-zone data.
 */
const KL_OFFSET_MS = 8 * 3_600_000;

/**
 * What the Intl formats of en-MY, zh-CN and ms-MY write (datetime.test.ts holds every style to
 * Intl's output, day by day): the app writes them itself, because the first Intl.DateTimeFormat
 * a page makes loads the browser's locale and time-zone data, a task of some 30 ms on the bench
 * machine (120 ms on Lighthouse's phone) on every screen that shows a date.
 */
const NAMES: Record<
  Locale,
  {
    weekdays: readonly string[];
    /** Day, short month, year, and a 12-hour clock; without them, 2026年12月6日 01:14. */
    dayMonth?: { months: readonly string[]; am: string; pm: string };
  }
> = {
  en: {
    weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    dayMonth: {
      months: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
      am: 'am',
      pm: 'pm',
    },
  },
  zh: { weekdays: ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'] },
  my: {
    weekdays: ['Ahad', 'Isnin', 'Selasa', 'Rabu', 'Khamis', 'Jumaat', 'Sabtu'],
    dayMonth: {
      months: ['Jan', 'Feb', 'Mac', 'Apr', 'Mei', 'Jun', 'Jul', 'Ogo', 'Sep', 'Okt', 'Nov', 'Dis'],
      am: 'PG',
      pm: 'PTG',
    },
  },
};

const pad2 = (n: number) => String(n).padStart(2, '0');

/** A calendar day as `6 Dec 2026` or `2026年12月6日`, from a Date read in UTC. */
function dayOf(d: Date, locale: Locale): string {
  const [day, month, year] = [d.getUTCDate(), d.getUTCMonth(), d.getUTCFullYear()];
  const names = NAMES[locale].dayMonth;
  return names ? `${day} ${names.months[month]} ${year}` : `${year}年${month + 1}月${day}日`;
}

/** The clock of a Date read in UTC: `1:14 am` (12-hour, as en-MY and ms-MY) or `01:14`. */
function clockOf(d: Date, locale: Locale, seconds: boolean): string {
  const hours = d.getUTCHours();
  const rest = `${pad2(d.getUTCMinutes())}${seconds ? `:${pad2(d.getUTCSeconds())}` : ''}`;
  const names = NAMES[locale].dayMonth;
  if (!names) return `${pad2(hours)}:${rest}`;
  const hour12 = hours % 12 || 12;
  return `${seconds ? pad2(hour12) : hour12}:${rest} ${hours < 12 ? names.am : names.pm}`;
}

const klDate = (iso: string) => new Date(Date.parse(iso) + KL_OFFSET_MS);

let localFormats: { locale: Locale; format: Intl.DateTimeFormat } | null = null;

/** A moment as merchants read it (PRODUCT.md §2): in Asia/Kuala_Lumpur, whatever the device's zone. */
export function formatDateTime(iso: string, locale: Locale = currentLocale()): string {
  const d = klDate(iso);
  const between = NAMES[locale].dayMonth ? ', ' : ' ';
  return `${dayOf(d, locale)}${between}${clockOf(d, locale, false)}`;
}

/** The time of day in Asia/Kuala_Lumpur, to the second (bids within one lot's 15 minutes). */
export const formatTime = (iso: string, locale: Locale = currentLocale()) =>
  clockOf(klDate(iso), locale, true);

/**
 * A moment in the device's own zone: what a date picker, which turns the device's wheels, was set
 * to. On a Malaysian phone this reads as formatDateTime does. The device's zone takes Intl.
 */
export function formatLocalDateTime(iso: string, locale: Locale = currentLocale()): string {
  if (localFormats?.locale !== locale) {
    localFormats = {
      locale,
      format: new Intl.DateTimeFormat(INTL_LOCALE[locale], {
        dateStyle: 'medium',
        timeStyle: 'short',
      }),
    };
  }
  return localFormats.format.format(new Date(iso));
}

/** A calendar day, YYYY-MM-DD (a Kuala Lumpur day of the orders filter), as `1 Nov 2026`. */
export const formatDay = (day: string, locale: Locale = currentLocale()) =>
  dayOf(new Date(day), locale);

/** The day of the week in Asia/Kuala_Lumpur: `Monday`, `星期一`, `Isnin`. */
export const formatWeekday = (iso: string, locale: Locale = currentLocale()) =>
  NAMES[locale].weekdays[klDate(iso).getUTCDay()] ?? '';

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
