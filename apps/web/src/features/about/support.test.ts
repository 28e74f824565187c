import { afterEach, describe, expect, it, vi } from 'vitest';
import { clockTime, klClock, SUPPORT_LINKS, supportStatus } from './support';

/** A moment given in Kuala Lumpur time (UTC+8). */
const kl = (local: string) => new Date(`${local}+08:00`);

// 2026-11-16 is a Monday.
describe('supportStatus', () => {
  it('is closed at 8:59 on a weekday and opens at 9:00 that day', () => {
    expect(supportStatus(kl('2026-11-16T08:59:59'))).toEqual({
      open: false,
      opensAt: kl('2026-11-16T09:00:00'),
      inDays: 0,
    });
    expect(supportStatus(kl('2026-11-16T09:00:00'))).toEqual({
      open: true,
      closesAt: kl('2026-11-16T18:00:00'),
    });
  });

  it('is open at 17:59 and closed from 18:00 until 9:00 the next weekday', () => {
    expect(supportStatus(kl('2026-11-18T17:59:30'))).toEqual({
      open: true,
      closesAt: kl('2026-11-18T18:00:00'),
    });
    expect(supportStatus(kl('2026-11-18T18:00:00'))).toEqual({
      open: false,
      opensAt: kl('2026-11-19T09:00:00'),
      inDays: 1,
    });
    expect(supportStatus(kl('2026-11-18T23:59:00'))).toMatchObject({ open: false, inDays: 1 });
  });

  it('is closed over the weekend until Monday 9:00', () => {
    expect(supportStatus(kl('2026-11-20T18:00:00'))).toEqual({
      open: false,
      opensAt: kl('2026-11-23T09:00:00'),
      inDays: 3,
    });
    for (const at of ['2026-11-21T10:00:00', '2026-11-22T12:00:00', '2026-11-23T00:00:00'])
      expect(supportStatus(kl(at)), at).toMatchObject({
        open: false,
        opensAt: kl('2026-11-23T09:00:00'),
      });
  });

  it('counts in Kuala Lumpur time, not in the device’s zone or in UTC', () => {
    // Monday 02:00 UTC is Monday 10:00 in Kuala Lumpur: open, though it is 02:00 in London.
    expect(supportStatus(new Date('2026-11-16T02:00:00Z')).open).toBe(true);
    // Friday 20:00 UTC is already Saturday 04:00 in Kuala Lumpur.
    expect(klClock(new Date('2026-11-20T20:00:00Z'))).toEqual({ day: 6, minute: 4 * 60 });
    expect(supportStatus(new Date('2026-11-20T20:00:00Z')).open).toBe(false);
    // Sunday 23:30 UTC is Monday 07:30 in Kuala Lumpur: opens the same (KL) day.
    expect(supportStatus(new Date('2026-11-22T23:30:00Z'))).toEqual({
      open: false,
      opensAt: new Date('2026-11-23T01:00:00Z'),
      inDays: 0,
    });
  });
});

describe('klClock under another device zone', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('reads the same weekday and minute wherever the device is', () => {
    // Intl is given the zone, so the device's own (TZ) makes no difference.
    vi.stubEnv('TZ', 'America/Los_Angeles');
    expect(klClock(kl('2026-11-16T09:00:00'))).toEqual({ day: 1, minute: 540 });
  });
});

describe('support links', () => {
  it('dial, message and mail the support lines', () => {
    expect(SUPPORT_LINKS.phone).toMatch(/^tel:\+60\d{8,10}$/);
    expect(SUPPORT_LINKS.whatsapp).toMatch(/^https:\/\/wa\.me\/60\d{9,10}$/);
    expect(SUPPORT_LINKS.email).toMatch(/^mailto:[^@\s]+@[^@\s]+$/);
    expect([clockTime(540), clockTime(1080), clockTime(5)]).toEqual(['9:00', '18:00', '0:05']);
  });
});
