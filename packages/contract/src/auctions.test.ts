import { describe, expect, it } from 'vitest';
import { landingProblem, lotInput } from './auctions.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('landingProblem', () => {
  const now = new Date('2026-11-25T06:00:00.000Z');
  const at = (offset: number) => new Date(now.getTime() + offset);

  it('takes a landing from now back to 7 days, with an hour of clock drift ahead', () => {
    for (const offset of [0, -HOUR, -7 * DAY, HOUR])
      expect(landingProblem(at(offset), now)).toBeNull();
  });

  it('refuses a landing in the future or older than 7 days (1926 included)', () => {
    expect(landingProblem(at(HOUR + 60_000), now)).toBe('LANDING_IN_FUTURE');
    expect(landingProblem(at(-7 * DAY - 60_000), now)).toBe('LANDING_TOO_OLD');
    expect(landingProblem(new Date('1926-05-01T06:00:00.000Z'), now)).toBe('LANDING_TOO_OLD');
  });
});

describe('lotInput', () => {
  const lot = {
    boatId: '5b0f7c43-8a7c-4f77-9a43-0e4c6f1d2a10',
    harbor: 'Kuala Selangor',
    freshness: 'fresh',
    landedAt: '2026-11-25T05:00:00.000Z',
    name: 'Morning catch',
    species: 'kerapu',
    quantity: 1000,
    startPrice: 1200,
    photoIds: ['0d8a3f0e-2f9b-4a57-8c53-1f6f2e7d9b01'],
  };
  const codeOf = (change: Record<string, unknown>) =>
    lotInput.safeParse({ ...lot, ...change }).error?.issues.map((issue) => issue.message);

  it('names what is wrong with the numbers and the name', () => {
    expect(codeOf({})).toBeUndefined();
    expect(codeOf({ quantity: 105.5 })).toEqual(['QUANTITY_DECIMALS']);
    expect(codeOf({ startPrice: 1200.5 })).toEqual(['PRICE_STEP']);
    expect(codeOf({ name: 'x'.repeat(141) })).toEqual(['LOT_NAME_TOO_LONG']);
    expect(codeOf({ buyoutPrice: 1200 })).toEqual(['BUYOUT_NOT_ABOVE_START']);
    // Told even while the rest of the lot is still empty.
    expect(
      lotInput.safeParse({ startPrice: 1200, buyoutPrice: 1100 }).error?.issues,
    ).toContainEqual(
      expect.objectContaining({ message: 'BUYOUT_NOT_ABOVE_START', path: ['buyoutPrice'] }),
    );
  });
});
