import {
  type BusinessRecords,
  type businessRecordsQuery,
  recentRecordRange,
  periodsOf,
  periodStart,
  RECORD_STATUSES,
  type RecordSums,
  senToInput,
  tenthsToInput,
} from '@sm/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { klDate, klDayStart } from '../../lib/kl-time.js';
import * as repo from './records.repo.js';

type RecordsQuery = z.output<typeof businessRecordsQuery>;

const ZERO: RecordSums = { orders: 0, quantity: 0, gross: 0, fees: 0, net: 0 };

function add(a: RecordSums, b: RecordSums): RecordSums {
  return {
    orders: a.orders + b.orders,
    quantity: a.quantity + b.quantity,
    gross: a.gross + b.gross,
    fees: a.fees + b.fees,
    net: a.net + b.net,
  };
}

/**
 * English headers, like the orders export: the file is read by spreadsheets and accountants more
 * than by the app, and fixed column names keep formulas and imports working whatever language the
 * merchant's phone is in. Days and numbers are language-neutral (YYYY-MM-DD, plain decimals).
 */
const CSV_HEADER = [
  'Period start',
  'Period end',
  'Orders',
  'Kg sold',
  'Gross sales (RM)',
  'Service fees (RM)',
  'Net (RM)',
];

/** Sales per day, week or month (spec §2 business records). */
export function createRecordsService({ db, clock }: { db: Db; clock: Clock }) {
  async function records(merchantId: string, query: RecordsQuery): Promise<BusinessRecords> {
    const { period } = query;
    const asked =
      query.from !== undefined && query.to !== undefined
        ? { from: query.from, to: query.to }
        : recentRecordRange(period, klDate(clock.now()));
    const periods = periodsOf(period, asked.from, asked.to);
    const first = periods[0]?.from ?? periodStart(period, asked.from);
    const last = periods.at(-1)?.to ?? asked.to;
    const [sums, awaitingPayment] = await Promise.all([
      repo.salesByPeriod(
        db,
        merchantId,
        period,
        RECORD_STATUSES,
        klDayStart(first),
        klDayStart(last, 1),
      ),
      repo.awaitingPaymentIn(db, merchantId, klDayStart(first), klDayStart(last, 1)),
    ]);
    const byStart = new Map(sums.map((s) => [s.start, s]));
    // Every period of the range, sold or not, so the chart and the table have no gaps.
    const rows = periods.map(({ from, to }) => {
      const s = byStart.get(from);
      if (!s) return { from, to, ...ZERO };
      const { orders, quantity, gross, fees } = s;
      return { from, to, orders, quantity, gross, fees, net: gross - fees };
    });
    return {
      period,
      from: first,
      to: last,
      rows,
      totals: rows.reduce<RecordSums>(add, ZERO),
      awaitingPayment,
    };
  }

  return {
    records,

    /** The same records as a CSV file (UTF-8 with a byte-order mark, so Excel reads it as UTF-8). */
    async exportCsv(merchantId: string, query: RecordsQuery) {
      const result = await records(merchantId, query);
      const lines = [
        CSV_HEADER,
        ...result.rows.map((r) => [
          r.from,
          r.to,
          String(r.orders),
          tenthsToInput(r.quantity),
          senToInput(r.gross),
          senToInput(r.fees),
          senToInput(r.net),
        ]),
      ];
      return {
        fileName: `business-records-${result.period}-${result.from}-${result.to}.csv`,
        body: `\uFEFF${lines.map((cells) => cells.join(',')).join('\r\n')}\r\n`,
      };
    },
  };
}

export type RecordsService = ReturnType<typeof createRecordsService>;
