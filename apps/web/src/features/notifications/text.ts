import {
  type Locale,
  type NotificationItem,
  type NotificationTextKey,
  notificationText,
} from '@sm/contract';
import type { TFunction } from '../../lib/i18n';
import { formatDateTime } from '../../lib/datetime';

type TextKey = `notifications.text.${NotificationTextKey}.${'title' | 'body'}`;
/**
 * `t` typed for these keys alone: the typed `t` cannot follow interpolation values through a
 * union of keys. text.test.ts checks that every key exists with the values it is given.
 */
type TextT = (key: TextKey, vars?: Record<string, string>) => string;

/** A notification's title and sentence, in the app's language. */
export function notificationLines(t: TFunction, item: NotificationItem) {
  const { key, vars } = notificationText(item.type, item.data);
  const text = t as unknown as TextT;
  return {
    title: text(`notifications.text.${key}.title`),
    body: text(`notifications.text.${key}.body`, vars),
  };
}

const INTL_LOCALE: Record<Locale, string> = { en: 'en-MY', zh: 'zh-CN', my: 'ms-MY' };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago, as a list of news reads it: 'just now', minutes, hours, days within a week, then
 * the date and time. Null for 'just now' (the caller says it in its own words).
 */
export function formatAgo(iso: string, now: number, locale: Locale): string | null {
  const ago = Math.max(0, now - Date.parse(iso));
  if (ago < MINUTE) return null;
  const format = new Intl.RelativeTimeFormat(INTL_LOCALE[locale], { numeric: 'auto' });
  if (ago < HOUR) return format.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return format.format(-Math.floor(ago / HOUR), 'hour');
  if (ago < 7 * DAY) return format.format(-Math.floor(ago / DAY), 'day');
  return formatDateTime(iso, locale);
}
