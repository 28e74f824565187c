import { describe, expect, it } from 'vitest';
import { fileNameOf } from './api';
import {
  filterParams,
  isValidRange,
  klToday,
  periodLabel,
  rangeOf,
  readFilter,
  tickLabel,
} from './range';

describe('records filter', () => {
  it('reads the page query, falling back to the last 30 days', () => {
    expect(readFilter({})).toEqual({ period: 'day', preset: 30 });
    expect(readFilter({ period: 'week', last: '26' })).toEqual({ period: 'week', preset: 26 });
    expect(readFilter({ period: 'week', last: '25' })).toEqual({ period: 'week', preset: 12 });
    expect(readFilter({ period: 'year' })).toEqual({ period: 'day', preset: 30 });
    expect(readFilter({ period: 'month', from: '2026-01-01', to: '2026-03-31' })).toEqual({
      period: 'month',
      from: '2026-01-01',
      to: '2026-03-31',
    });
    // Too many days for a day view, a day that does not exist: the default instead.
    expect(readFilter({ from: '2024-01-01', to: '2026-01-01' })).toEqual({
      period: 'day',
      preset: 30,
    });
    expect(readFilter({ from: '2026-02-30', to: '2026-03-01' }).period).toBe('day');
  });

  it('writes a plain URL for the defaults and round-trips the rest', () => {
    expect(filterParams({ period: 'day', preset: 30 })).toEqual({});
    for (const filter of [
      { period: 'week', preset: 4 },
      { period: 'month', from: '2025-01-01', to: '2025-12-31' },
    ] as const) {
      expect(readFilter(filterParams(filter))).toEqual(filter);
    }
  });

  it('ends presets today in Kuala Lumpur', () => {
    // 16:30 UTC is already the next day in Kuala Lumpur.
    expect(klToday(Date.parse('2026-01-31T16:30:00Z'))).toBe('2026-02-01');
    expect(rangeOf({ period: 'day', preset: 7 }, '2026-02-01')).toEqual({
      from: '2026-01-26',
      to: '2026-02-01',
    });
    expect(rangeOf({ period: 'week', preset: 4 }, '2026-02-01')).toEqual({
      from: '2026-01-05',
      to: '2026-02-01',
    });
    expect(isValidRange('week', '2024-01-08', '2026-01-04')).toBe(true);
    expect(isValidRange('week', '2024-01-01', '2026-01-04')).toBe(false);
  });

  it('labels periods in each language', () => {
    const week = { from: '2026-01-12', to: '2026-01-18' };
    expect(periodLabel('week', week, 'en')).toBe('12 Jan – 18 Jan 2026');
    expect(periodLabel('week', { from: '2025-12-29', to: '2026-01-04' }, 'en')).toBe(
      '29 Dec 2025 – 4 Jan 2026',
    );
    expect(periodLabel('month', week, 'en')).toBe('January 2026');
    expect(periodLabel('month', week, 'zh')).toBe('2026年1月');
    expect(periodLabel('day', week, 'my')).toBe('12 Jan 2026');
    expect(tickLabel('day', '2026-01-12', 'zh')).toBe('1月12日');
  });

  it('takes the file name the server gives', () => {
    expect(
      fileNameOf('attachment; filename="business-records-day-2026-01-01-2026-01-30.csv"', 'x.csv'),
    ).toBe('business-records-day-2026-01-01-2026-01-30.csv');
    expect(fileNameOf(null, 'x.csv')).toBe('x.csv');
  });
});
