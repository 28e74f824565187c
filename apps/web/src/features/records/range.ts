import {
  isCalendarDay,
  type Locale,
  periodCount,
  RECORD_DEFAULT_PERIODS,
  RECORD_MAX_PERIODS,
  RECORD_PERIODS,
  type RecordPeriod,
  recentRecordRange,
} from '@sm/contract';

/**
 * What the Business records page shows: a period (day, week, month) and a range, either one of
 * the presets (the last N periods up to today) or a custom pair of Kuala Lumpur days. It lives in
 * the page's URL, so Back and a reload find the same records.
 */
export type RecordsFilter =
  { period: RecordPeriod; preset: number } | { period: RecordPeriod; from: string; to: string };

/** The preset chips per period; the middle one is what the page opens with. */
export const PRESETS: Record<RecordPeriod, readonly number[]> = {
  day: [7, RECORD_DEFAULT_PERIODS.day, 90],
  week: [4, RECORD_DEFAULT_PERIODS.week, 26],
  month: [6, RECORD_DEFAULT_PERIODS.month, 24],
};

export const defaultFilter = (period: RecordPeriod): RecordsFilter => ({
  period,
  preset: RECORD_DEFAULT_PERIODS[period],
});

/** Today in Kuala Lumpur (UTC+8 all year), whatever the device's own zone. */
export function klToday(now: number = Date.now()): string {
  return new Date(now + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** A custom range the API accepts for `period`: real days, in order, not too many periods. */
export const isValidRange = (period: RecordPeriod, from: string, to: string) =>
  isCalendarDay(from) &&
  isCalendarDay(to) &&
  from <= to &&
  periodCount(period, from, to) <= RECORD_MAX_PERIODS[period];

/** The filter a page's query says; anything unknown or out of range reads as the default. */
export function readFilter(query: Record<string, string | undefined>): RecordsFilter {
  const period = RECORD_PERIODS.find((p) => p === query.period) ?? 'day';
  const { from, to } = query;
  if (from !== undefined && to !== undefined && isValidRange(period, from, to)) {
    return { period, from, to };
  }
  const preset = Number(query.last);
  if (PRESETS[period].includes(preset)) return { period, preset };
  return defaultFilter(period);
}

/** The filter as the page's query: a plain visit has a plain URL. */
export function filterParams(filter: RecordsFilter): Record<string, string> {
  const params: Record<string, string> = {};
  if (filter.period !== 'day') params.period = filter.period;
  if ('from' in filter) {
    params.from = filter.from;
    params.to = filter.to;
  } else if (filter.preset !== RECORD_DEFAULT_PERIODS[filter.period]) {
    params.last = String(filter.preset);
  }
  return params;
}

/** The days to ask the API for: a preset ends today in Kuala Lumpur. */
export function rangeOf(filter: RecordsFilter, today: string = klToday()) {
  return 'from' in filter
    ? { from: filter.from, to: filter.to }
    : recentRecordRange(filter.period, today, filter.preset);
}

/** Region-aware tags for Intl, as lib/datetime has them: Malay is ms, Chinese simplified. */
const INTL_LOCALE: Record<Locale, string> = { en: 'en-MY', zh: 'zh-CN', my: 'ms-MY' };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatDayWith(day: string, locale: Locale, options: Intl.DateTimeFormatOptions): string {
  const key = `${locale}:${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    // A calendar day reads as UTC midnight: shown in UTC, it is that same day.
    formatter = new Intl.DateTimeFormat(INTL_LOCALE[locale], { ...options, timeZone: 'UTC' });
    formatters.set(key, formatter);
  }
  return formatter.format(new Date(`${day}T00:00:00Z`));
}

const DAY = { day: 'numeric', month: 'short', year: 'numeric' } as const;
const SHORT_DAY = { day: 'numeric', month: 'short' } as const;
const MONTH = { month: 'long', year: 'numeric' } as const;

/** A period as merchants read it: `18 Jan 2026`, `12 Jan – 18 Jan 2026`, `January 2026`. */
export function periodLabel(
  period: RecordPeriod,
  row: { from: string; to: string },
  locale: Locale,
): string {
  if (period === 'day') return formatDayWith(row.from, locale, DAY);
  if (period === 'month') return formatDayWith(row.from, locale, MONTH);
  const sameYear = row.from.slice(0, 4) === row.to.slice(0, 4);
  const start = formatDayWith(row.from, locale, sameYear ? SHORT_DAY : DAY);
  return `${start} – ${formatDayWith(row.to, locale, DAY)}`;
}

/** A chart axis tick: `18 Jan` for days and weeks (their Monday), `Jan 26` for months. */
export function tickLabel(period: RecordPeriod, from: string, locale: Locale): string {
  return period === 'month'
    ? formatDayWith(from, locale, { month: 'short', year: '2-digit' })
    : formatDayWith(from, locale, SHORT_DAY);
}

/** A range as merchants read it: `3 Jan 2026 – 1 Feb 2026`, or one day alone. */
export function rangeLabel(from: string, to: string, locale: Locale): string {
  return from === to
    ? formatDayWith(from, locale, DAY)
    : `${formatDayWith(from, locale, DAY)} – ${formatDayWith(to, locale, DAY)}`;
}
