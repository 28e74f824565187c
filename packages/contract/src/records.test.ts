import { describe, expect, it } from 'vitest';
import {
  businessRecordsQuery,
  recentRecordRange,
  isCalendarDay,
  periodCount,
  periodsOf,
  periodStart,
} from './records.js';

describe('record periods', () => {
  it('starts a week on its Monday and a month on its 1st', () => {
    expect(periodStart('week', '2026-01-12')).toBe('2026-01-12'); // Monday
    expect(periodStart('week', '2026-01-18')).toBe('2026-01-12'); // Sunday
    expect(periodStart('week', '2026-01-01')).toBe('2025-12-29'); // across a year
    expect(periodStart('month', '2024-02-29')).toBe('2024-02-01');
    expect(periodStart('day', '2026-03-04')).toBe('2026-03-04');
  });

  it('lists every period of a range with its last day, leap years included', () => {
    expect(periodsOf('month', '2024-01-31', '2024-03-01')).toEqual([
      { from: '2024-01-01', to: '2024-01-31' },
      { from: '2024-02-01', to: '2024-02-29' },
      { from: '2024-03-01', to: '2024-03-31' },
    ]);
    expect(periodsOf('week', '2026-01-14', '2026-01-19')).toEqual([
      { from: '2026-01-12', to: '2026-01-18' },
      { from: '2026-01-19', to: '2026-01-25' },
    ]);
    expect(periodsOf('day', '2026-02-28', '2026-03-01')).toHaveLength(2);
  });

  it('counts periods as periodsOf lists them', () => {
    for (const [period, from, to] of [
      ['day', '2025-01-01', '2026-01-01'],
      ['week', '2024-01-03', '2026-01-01'],
      ['month', '2021-02-15', '2026-01-02'],
    ] as const) {
      expect(periodCount(period, from, to)).toBe(periodsOf(period, from, to).length);
    }
  });

  it('opens on the last 30 days, 12 weeks or 12 months', () => {
    expect(recentRecordRange('day', '2026-03-01')).toEqual({
      from: '2026-01-31',
      to: '2026-03-01',
    });
    expect(recentRecordRange('week', '2026-01-14')).toEqual({
      from: '2025-10-27',
      to: '2026-01-14',
    });
    expect(recentRecordRange('month', '2026-01-14')).toEqual({
      from: '2025-02-01',
      to: '2026-01-14',
    });
  });

  it('takes only real calendar days', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-1-05')).toBe(false);
    expect(isCalendarDay('1999-12-31')).toBe(false);
  });

  it('reports the range rules with codes', () => {
    const code = (query: object) =>
      businessRecordsQuery.safeParse(query).error?.issues[0]?.message ?? null;
    expect(code({ period: 'week', from: '2026-01-01', to: '2026-01-01' })).toBeNull();
    expect(code({ from: '2026-01-02', to: '2026-01-01' })).toBe('INVALID_DATE_RANGE');
    expect(code({ from: '2026-01-02' })).toBe('INVALID_DATE');
    // Two days that are no days: reported, not thrown on by the range check.
    expect(code({ period: 'week', from: '6BLM', to: 'lJz(2D' })).toBe('INVALID_DATE');
    expect(code({ period: 'day', from: '2025-01-01', to: '2026-01-02' })).toBe(
      'RECORDS_RANGE_TOO_LONG',
    );
  });
});
