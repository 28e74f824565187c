import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTER,
  exportUrl,
  fileNameOf,
  filterParams,
  filterQuery,
  formatRange,
  isValidRange,
  periodQuery,
  readFilter,
} from './filter';
import { fromDay, toDay } from '../../lib/datetime';

describe('readFilter', () => {
  it('reads tab, period, range and search from the page query', () => {
    expect(
      readFilter({
        tab: 'to_ship',
        period: 'custom',
        from: '2026-11-01',
        to: '2026-11-21',
        q: ' SO26 ',
      }),
    ).toEqual({
      tab: 'to_ship',
      period: 'custom',
      from: '2026-11-01',
      to: '2026-11-21',
      q: 'SO26',
    });
    expect(readFilter({ period: '7d' })).toEqual({ tab: 'all', period: '7d', q: '' });
  });

  it('reads anything unknown as the default', () => {
    expect(readFilter({})).toEqual(DEFAULT_FILTER);
    expect(readFilter({ tab: 'shipped', period: 'week' })).toEqual(DEFAULT_FILTER);
  });

  it('drops a custom period without a valid range, and the range of any other period', () => {
    for (const range of [
      { from: '2026-11-21' },
      { from: '2026-11-21', to: '2026-11-01' },
      { from: '2026-02-30', to: '2026-03-01' },
      { from: '2024-01-01', to: '2026-01-01' },
      { from: '21/11/2026', to: '22/11/2026' },
    ])
      expect(readFilter({ period: 'custom', ...range }), JSON.stringify(range)).toEqual(
        DEFAULT_FILTER,
      );
    expect(readFilter({ period: 'today', from: '2026-11-01', to: '2026-11-02' })).toEqual({
      tab: 'all',
      period: 'today',
      q: '',
    });
  });

  it('round-trips through the URL, leaving defaults out', () => {
    const filter = {
      tab: 'paid',
      period: 'custom',
      from: '2026-01-01',
      to: '2026-01-31',
      q: '陈',
    } as const;
    const params = filterParams(filter);
    expect(readFilter(Object.fromEntries(params))).toEqual(filter);
    expect(filterParams(DEFAULT_FILTER).toString()).toBe('');
    expect(filterParams({ tab: 'all', period: '30d', q: '' }).toString()).toBe('period=30d');
  });
});

describe('isValidRange', () => {
  it('takes days in order at most a year apart, as the API does', () => {
    expect(isValidRange('2026-11-21', '2026-11-21')).toBe(true);
    expect(isValidRange('2025-01-01', '2026-01-01')).toBe(true);
    expect(isValidRange('2024-01-01', '2025-01-01')).toBe(true); // 366 days: a leap year
    expect(isValidRange('2024-01-01', '2025-01-02')).toBe(false);
    expect(isValidRange('2025-01-01', '2026-01-03')).toBe(false);
    expect(isValidRange('2026-11-22', '2026-11-21')).toBe(false);
  });
});

describe('API queries', () => {
  const custom = {
    tab: 'canceled',
    period: 'custom',
    from: '2026-11-01',
    to: '2026-11-02',
    q: 'Ahmad',
  } as const;

  it('asks the counts without the tab, and the list with it', () => {
    expect(periodQuery(custom)).toEqual({
      period: 'custom',
      from: '2026-11-01',
      to: '2026-11-02',
      q: 'Ahmad',
    });
    expect(filterQuery(custom)).toEqual({ tab: 'canceled', ...periodQuery(custom) });
    expect(filterQuery(DEFAULT_FILTER)).toEqual({
      tab: 'all',
      period: 'all',
      from: undefined,
      to: undefined,
      q: undefined,
    });
  });

  it('exports exactly the filter shown', () => {
    const url = new URL(exportUrl(custom, 'xlsx', 'zh'), 'http://x');
    expect(url.pathname).toBe('/api/orders/export');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      format: 'xlsx',
      lang: 'zh',
      tab: 'canceled',
      period: 'custom',
      from: '2026-11-01',
      to: '2026-11-02',
      q: 'Ahmad',
    });
    expect(exportUrl({ tab: 'all', period: 'today', q: 'a&b' }, 'csv')).toBe(
      '/api/orders/export?format=csv&lang=en&tab=all&period=today&q=a%26b',
    );
  });
});

describe('days', () => {
  it('turns a picked local date into YYYY-MM-DD and back', () => {
    expect(toDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(toDay(fromDay('2026-12-31'))).toBe('2026-12-31');
  });

  it('formats a range in each language, one day alone', () => {
    expect(formatRange('2026-11-01', '2026-11-21', 'en')).toBe('1 Nov 2026 – 21 Nov 2026');
    expect(formatRange('2026-11-21', '2026-11-21', 'en')).toBe('21 Nov 2026');
    expect(formatRange('2026-11-01', '2026-11-21', 'zh')).toBe('2026年11月1日 – 2026年11月21日');
    expect(formatRange('2026-11-01', '2026-11-01', 'my')).toMatch(/^1 Nov 2026$/);
  });
});

describe('fileNameOf', () => {
  it('reads the name a download is saved under', () => {
    expect(fileNameOf('attachment; filename="orders-20261121.csv"', 'x')).toBe(
      'orders-20261121.csv',
    );
    expect(fileNameOf('attachment; filename=orders.xlsx', 'x')).toBe('orders.xlsx');
    expect(
      fileNameOf(`attachment; filename="orders.csv"; filename*=UTF-8''%E8%AE%A2%E5%8D%95.csv`, 'x'),
    ).toBe('订单.csv');
  });

  it('falls back when there is no usable name, and never keeps a path', () => {
    expect(fileNameOf(null, 'orders.csv')).toBe('orders.csv');
    expect(fileNameOf('attachment', 'orders.csv')).toBe('orders.csv');
    expect(fileNameOf('attachment; filename="../../etc/passwd"', 'x')).toBe('passwd');
  });
});
