import {
  type ExportFormat,
  type Locale,
  MAX_ORDER_RANGE_DAYS,
  ORDER_PERIODS,
  ORDER_TABS,
  type OrderPeriod,
  type OrderTab,
} from '@sm/contract';
import { ordersApi } from '@sm/contract/route-table';
import { pathOf, type QueryOf } from '../../lib/api';
import { formatDay } from '../../lib/datetime';

/**
 * What the Orders page shows: tab, date period and search. It lives in the page's URL, so coming
 * back from an order finds the same list, and the list, the tab counts and the export are all
 * asked with the same values.
 */
export interface OrderListFilter {
  tab: OrderTab;
  period: OrderPeriod;
  /** Custom range, inclusive Kuala Lumpur days (YYYY-MM-DD); set only when period is 'custom'. */
  from?: string;
  to?: string;
  /** Trimmed search text; '' for none. */
  q: string;
}

export const DEFAULT_FILTER: OrderListFilter = { tab: 'all', period: 'all', q: '' };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

const dayTime = (day: string) => Date.parse(`${day}T00:00:00Z`);
/** A real calendar day as YYYY-MM-DD (not 2026-02-30, which Date.parse rolls into March). */
const isDay = (value: unknown): value is string =>
  typeof value === 'string' &&
  DAY.test(value) &&
  !Number.isNaN(dayTime(value)) &&
  new Date(dayTime(value)).toISOString().slice(0, 10) === value;

/** A custom range the API accepts: both days, in order, at most a year apart. */
export const isValidRange = (from: string, to: string) =>
  isDay(from) &&
  isDay(to) &&
  from <= to &&
  dayTime(to) - dayTime(from) <= MAX_ORDER_RANGE_DAYS * DAY_MS;

const oneOf = <T extends string>(
  values: readonly T[],
  value: string | null | undefined,
  fallback: T,
) => (values.includes(value as T) ? (value as T) : fallback);

/** The filter a page's query says; anything unknown or out of range reads as the default. */
export function readFilter(query: Record<string, string | undefined>): OrderListFilter {
  const tab = oneOf(ORDER_TABS, query.tab, 'all');
  let period = oneOf(ORDER_PERIODS, query.period, 'all');
  const q = (query.q ?? '').trim();
  const { from, to } = query;
  if (period === 'custom') {
    if (from !== undefined && to !== undefined && isValidRange(from, to)) {
      return { tab, period, from, to, q };
    }
    period = 'all';
  }
  return { tab, period, q };
}

/** The filter as the page's query: defaults are left out, so a plain visit has a plain URL. */
export function filterParams(filter: OrderListFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.tab !== 'all') params.set('tab', filter.tab);
  if (filter.period !== 'all') params.set('period', filter.period);
  if (filter.period === 'custom' && filter.from && filter.to) {
    params.set('from', filter.from);
    params.set('to', filter.to);
  }
  if (filter.q) params.set('q', filter.q);
  return params;
}

type Query = QueryOf<typeof ordersApi.list>;

/** Period and search as the API takes them: what the counts are asked with (they span every tab). */
export function periodQuery(filter: OrderListFilter): Query {
  const custom = filter.period === 'custom';
  return {
    period: filter.period,
    from: custom ? filter.from : undefined,
    to: custom ? filter.to : undefined,
    q: filter.q || undefined,
  };
}

/** Tab, period and search as the API takes them: the list and the export. */
export const filterQuery = (filter: OrderListFilter): Query => ({
  tab: filter.tab,
  ...periodQuery(filter),
});

/** Where the export of exactly this filter downloads from. */
export function exportUrl(
  filter: OrderListFilter,
  format: ExportFormat,
  lang: Locale = 'en',
): string {
  return pathOf(ordersApi.export, { query: { format, lang, ...filterQuery(filter) } });
}

/** A custom range as merchants read it: `1 Nov 2026 – 21 Nov 2026`, or one day alone. */
export function formatRange(from: string, to: string, locale: Locale): string {
  return from === to
    ? formatDay(from, locale)
    : `${formatDay(from, locale)} – ${formatDay(to, locale)}`;
}

/**
 * The file name a download's Content-Disposition gives (RFC 6266: `filename*` in UTF-8 first,
 * then plain `filename`), or the fallback.
 */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A broken escape: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/.exec(disposition);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  // Never a path: only the last segment, as a browser does.
  return name ? (name.split(/[/\\]/).at(-1) ?? fallback) || fallback : fallback;
}
