import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDuration, formatTime, serverOffset } from './datetime';

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
