import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatDay,
  formatDuration,
  formatTime,
  formatWeekday,
  serverOffset,
} from './datetime';

describe('formatDuration', () => {
  it('counts down in minutes and seconds, rounding up to the next second', () => {
    expect(formatDuration(15 * 60_000)).toBe('15:00');
    expect(formatDuration(61_001)).toBe('1:02');
    expect(formatDuration(999)).toBe('0:01');
  });

  it('adds hours from an hour up and never goes below zero', () => {
    expect(formatDuration(3_600_000 + 5_000)).toBe('1:00:05');
    expect(formatDuration(-5_000)).toBe('0:00');
  });
});

describe('dates in Asia/Kuala_Lumpur', () => {
  it('shows a UTC moment in Malaysian time, whatever the device zone', () => {
    // 16:30 UTC is 00:30 the next day in Kuala Lumpur (UTC+8).
    expect(formatTime('2025-03-01T16:30:05Z', 'en')).toMatch(/12:30:05\sam/i);
    expect(formatDateTime('2025-03-01T16:30:05Z', 'en')).toMatch(/2 Mar 2025/);
    expect(formatDateTime('2025-03-01T16:30:05Z', 'zh')).toMatch(/2025年3月2日/);
  });
});

describe('serverOffset', () => {
  it("is how far the server's clock runs ahead of the device's", () => {
    const arrived = Date.parse('2025-03-01T00:00:00Z');
    expect(serverOffset('2025-03-01T00:00:10Z', arrived)).toBe(10_000);
    expect(serverOffset('2025-02-28T23:59:58Z', arrived)).toBe(-2_000);
  });
});

describe('the formats written without Intl', () => {
  // What Intl writes for each style, in the app's three locales: the app must write the same.
  const INTL = { en: 'en-MY', zh: 'zh-CN', my: 'ms-MY' } as const;
  const KL = 'Asia/Kuala_Lumpur';
  const formats = new Map<string, Intl.DateTimeFormat>();
  const intl = (locale: keyof typeof INTL, options: Intl.DateTimeFormatOptions, at: Date) => {
    const key = `${locale}${JSON.stringify(options)}`;
    let format = formats.get(key);
    if (!format) formats.set(key, (format = new Intl.DateTimeFormat(INTL[locale], options)));
    return format.format(at);
  };
  // Every day of two years, each at a time that moves through the hours (midnight and noon too).
  const moments = Array.from({ length: 731 }, (_, i) => {
    const at = Date.UTC(2026, 0, 1) + i * 86_400_000 + ((i * 3_600_000 + i * 61_000) % 86_400_000);
    return new Date(at);
  });
  moments.push(new Date('2026-12-31T16:00:00Z'), new Date('2027-06-15T04:00:00Z'));

  for (const locale of ['en', 'zh', 'my'] as const) {
    it(`writes ${locale} as Intl does, in Kuala Lumpur time`, () => {
      for (const at of moments) {
        const iso = at.toISOString();
        expect(formatDateTime(iso, locale)).toBe(
          intl(locale, { timeZone: KL, dateStyle: 'medium', timeStyle: 'short' }, at),
        );
        expect(formatTime(iso, locale)).toBe(
          intl(locale, { timeZone: KL, hour: '2-digit', minute: '2-digit', second: '2-digit' }, at),
        );
        expect(formatWeekday(iso, locale)).toBe(
          intl(locale, { timeZone: KL, weekday: 'long' }, at),
        );
        const day = iso.slice(0, 10);
        expect(formatDay(day, locale)).toBe(
          intl(locale, { timeZone: 'UTC', dateStyle: 'medium' }, new Date(day)),
        );
      }
    });
  }
});
