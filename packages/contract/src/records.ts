import { z } from 'zod';
import { type OrderStatus, PAID_STATUSES } from './order-fields.js';

/**
 * Business records (spec §2, #/pages/profile/business-records): the merchant's sales per Kuala
 * Lumpur day, ISO week (Monday to Sunday) or calendar month.
 *
 * What counts as a sale: an order the buyer has paid and that kept its money, i.e. Paid, Ready for
 * Pickup, In Transit and Completed. Pending Payment is not money yet; Canceled was never paid and
 * Canceled & Refunded gave the money back. An order counts on the Kuala Lumpur day it was created
 * (when its lot ended), the same day the orders list files it under, so a day here and the same
 * day in the orders list (Paid to Completed tabs) show the same orders.
 */
export const RECORD_STATUSES: readonly OrderStatus[] = PAID_STATUSES;

export const RECORD_PERIODS = ['day', 'week', 'month'] as const;
export const recordPeriod = z.enum(RECORD_PERIODS, { error: 'BAD_REQUEST' });
export type RecordPeriod = z.infer<typeof recordPeriod>;

/**
 * Most periods one range may hold: a year of days, two years of weeks, five years of months. More
 * would not read as a chart on a phone, and each is one row of the table.
 */
export const RECORD_MAX_PERIODS: Record<RecordPeriod, number> = { day: 366, week: 104, month: 60 };
/** What a range without from/to shows: the last 30 days, 12 weeks or 12 months, up to today. */
export const RECORD_DEFAULT_PERIODS: Record<RecordPeriod, number> = {
  day: 30,
  week: 12,
  month: 12,
};

const DAY = /^(\d{4})-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
const timeOf = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** A real calendar day as YYYY-MM-DD (not 2026-02-30, which Date.parse rolls into March). */
export function isCalendarDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const time = timeOf(value);
  return year >= 2000 && year <= 2100 && !Number.isNaN(time) && dayOf(time) === value;
}

/** `day` moved by whole days. */
export const addDays = (day: string, days: number): string => dayOf(timeOf(day) + days * DAY_MS);

/** The first day of the period that holds `day`: itself, its week's Monday, its month's 1st. */
export function periodStart(period: RecordPeriod, day: string): string {
  if (period === 'day') return day;
  if (period === 'month') return `${day.slice(0, 7)}-01`;
  const weekday = new Date(timeOf(day)).getUTCDay(); // 0 is Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** The first day of the period after the one starting on `start`. */
export function nextPeriodStart(period: RecordPeriod, start: string): string {
  if (period === 'day') return addDays(start, 1);
  if (period === 'week') return addDays(start, 7);
  const date = new Date(timeOf(start));
  return dayOf(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));
}

/** How many periods the range from..to (inclusive days) touches. */
export function periodCount(period: RecordPeriod, from: string, to: string): number {
  if (period === 'month') {
    const months = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7));
    return months(to) - months(from) + 1;
  }
  const days = (timeOf(periodStart(period, to)) - timeOf(periodStart(period, from))) / DAY_MS;
  return Math.round(days / (period === 'week' ? 7 : 1)) + 1;
}

/** Every period of from..to, oldest first, each with its first and last day (inclusive). */
export function periodsOf(
  period: RecordPeriod,
  from: string,
  to: string,
): { from: string; to: string }[] {
  const out: { from: string; to: string }[] = [];
  for (let start = periodStart(period, from); start <= to;) {
    const next = nextPeriodStart(period, start);
    out.push({ from: start, to: addDays(next, -1) });
    start = next;
  }
  return out;
}

/**
 * The last `count` periods up to `today`, the current one last: what a page opens with
 * (RECORD_DEFAULT_PERIODS), and the app's presets.
 */
export function recentRecordRange(
  period: RecordPeriod,
  today: string,
  count: number = RECORD_DEFAULT_PERIODS[period],
): { from: string; to: string } {
  let from = periodStart(period, today);
  for (let i = 1; i < count; i++) from = periodStart(period, addDays(from, -1));
  return { from, to: today };
}

const calendarDay = () =>
  z.string({ error: 'INVALID_DATE' }).refine(isCalendarDay, { error: 'INVALID_DATE' });

/**
 * GET /api/business-records and its export. `from` and `to` are Kuala Lumpur days, inclusive, and
 * come together or not at all; the range widens to whole weeks or months.
 */
export const businessRecordsQuery = z
  .object({
    period: recordPeriod.default('day'),
    from: calendarDay().optional(),
    to: calendarDay().optional(),
  })
  .superRefine((q, ctx) => {
    if ((q.from === undefined) !== (q.to === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'INVALID_DATE', path: [q.from ? 'to' : 'from'] });
    } else if (q.from !== undefined && q.to !== undefined) {
      // Zod runs this even when a day failed its own check, which reported it: no range then.
      if (!isCalendarDay(q.from) || !isCalendarDay(q.to)) return;
      if (q.from > q.to) {
        ctx.addIssue({ code: 'custom', message: 'INVALID_DATE_RANGE', path: ['to'] });
      } else if (periodCount(q.period, q.from, q.to) > RECORD_MAX_PERIODS[q.period]) {
        ctx.addIssue({ code: 'custom', message: 'RECORDS_RANGE_TOO_LONG', path: ['to'] });
      }
    }
  });
export type BusinessRecordsQuery = z.input<typeof businessRecordsQuery>;

/** Sums of sales. Money in sen, quantities in tenths of a kg. */
export const recordSums = z.object({
  orders: z.number().int(),
  /** Tenths of a kg sold. */
  quantity: z.number().int(),
  /** Items subtotal: what buyers paid for the fish. */
  gross: z.number().int(),
  /** The marketplace's service fees. */
  fees: z.number().int(),
  /** gross − fees: what the merchant is paid out. */
  net: z.number().int(),
});
export type RecordSums = z.infer<typeof recordSums>;

/** One period: its first and last day (inclusive, YYYY-MM-DD) and its sums; zero when nothing sold. */
export const recordRow = recordSums.extend({ from: z.string(), to: z.string() });
export type RecordRow = z.infer<typeof recordRow>;

export const businessRecordsResponse = z.object({
  period: recordPeriod,
  /** The range shown, widened to whole periods. */
  from: z.string(),
  to: z.string(),
  /** Every period of the range, oldest first, empty ones included. */
  rows: z.array(recordRow),
  /** Sales: orders Paid or later and not canceled (PRODUCT.md §4a). */
  totals: recordSums,
  /** Orders of the range still awaiting payment, sen: apart from sales until they are paid. */
  awaitingPayment: z.number().int(),
});
export type BusinessRecords = z.infer<typeof businessRecordsResponse>;
