import { describe, expect, it } from 'vitest';
import { MSIC_CODES, msicDescription } from './msic.js';
import { ID_TYPES, LHDN_STATES, SELLER_STATE_CODES, STATE_CODES, stateName } from './tax-codes.js';

/** MSIC 2008 sections by two-digit division. */
const SECTION_DIVISIONS: Record<string, [number, number]> = {
  A: [1, 3],
  B: [5, 9],
  C: [10, 33],
  D: [35, 35],
  E: [36, 39],
  F: [41, 43],
  G: [45, 47],
  H: [49, 53],
  I: [55, 56],
  J: [58, 63],
  K: [64, 66],
  L: [68, 68],
  M: [69, 75],
  N: [77, 82],
  O: [84, 84],
  P: [85, 85],
  Q: [86, 88],
  R: [90, 93],
  S: [94, 96],
  T: [97, 98],
  U: [99, 99],
};

describe('MSIC codes', () => {
  const codes = MSIC_CODES.map(([code]) => code);

  it("holds LHDN's whole table: 5-digit codes, unique, ascending", () => {
    expect(MSIC_CODES).toHaveLength(1174);
    for (const code of codes) expect(code).toMatch(/^\d{5}$/);
    expect(new Set(codes).size).toBe(codes.length);
    for (let i = 1; i < codes.length; i++) expect(codes[i]! > codes[i - 1]!).toBe(true);
  });

  it('gives every code a description and the section of its division', () => {
    for (const [code, description, section] of MSIC_CODES) {
      expect(description.trim()).not.toBe('');
      if (code === '00000') {
        expect(section).toBe('');
        continue;
      }
      const [from, to] = SECTION_DIVISIONS[section] ?? [-1, -1];
      const division = Number(code.slice(0, 2));
      expect(division >= from && division <= to, `${code} in ${section}`).toBe(true);
    }
    expect(new Set(MSIC_CODES.map(([, , section]) => section)).size).toBe(22); // A–U and ''
  });

  it("keeps LHDN's descriptions verbatim", () => {
    const known: [string, string, string][] = [
      ['00000', 'NOT APPLICABLE', ''],
      ['01111', 'Growing of maize', 'A'],
      ['01112', 'Growing of leguminous crops', 'A'],
      ['01291', 'Growing  of rubber trees (estate)', 'A'],
      ['03111', 'Fishing on a commercial basis in ocean and coastal waters', 'A'],
      ['03113', 'Taking of aquatic animals: sea squirts, tunicates, sea urchins', 'A'],
      ['03211', 'Fish farming in sea water', 'A'],
      ['10202', 'Processing, curing and preserving of fish, crustacean and molluscs', 'C'],
      ['46312', 'Wholesale of fish and other seafood', 'G'],
      ['46323', 'Wholesale of confectionary', 'G'],
      ['47215', 'Retail sale of fish, other seafood and products thereof', 'G'],
      ['47891', 'Retail sale of books via stalls or markets', 'G'],
      ['47914', 'Internet retail auctions', 'G'],
      ['56101', 'Restaurants and restaurant cum night clubs', 'I'],
      ['56102', 'Cafeterias/canteens ', 'I'],
      ['93297', 'Cyber Café/Internet Centre', 'R'],
      ['99000', 'Activities of extraterritorial organization and bodies', 'U'],
    ];
    for (const entry of known) expect(MSIC_CODES).toContainEqual(entry);
  });

  it('looks a description up by code', () => {
    expect(msicDescription('00000')).toBe('NOT APPLICABLE');
    expect(msicDescription('99000')).toBe('Activities of extraterritorial organization and bodies');
    expect(msicDescription('46312')).toBe('Wholesale of fish and other seafood');
    for (const [code, description] of MSIC_CODES) expect(msicDescription(code)).toBe(description);
    for (const missing of ['', '0', '00001', '16221', '99999', '3111', '031110', 'A0311']) {
      expect(msicDescription(missing)).toBeNull();
    }
  });
});

describe('LHDN states and identification types', () => {
  it('lists states 01–17 once each, in order', () => {
    expect(STATE_CODES).toEqual(
      Array.from({ length: 17 }, (_, i) => String(i + 1).padStart(2, '0')),
    );
    expect(new Set(LHDN_STATES.map((state) => state.name)).size).toBe(17);
    expect(stateName('01')).toBe('Johor');
    expect(stateName('07')).toBe('Pulau Pinang');
    expect(stateName('14')).toBe('Wilayah Persekutuan Kuala Lumpur');
    expect(stateName('17')).toBe('Not Applicable');
    expect(stateName('00')).toBeNull();
    expect(stateName('18')).toBeNull();
  });

  it('lets a store be in 01–16 only', () => {
    expect(SELLER_STATE_CODES).toEqual(STATE_CODES.slice(0, 16));
    expect(SELLER_STATE_CODES).not.toContain('17');
  });

  it("takes LHDN's four identification types", () => {
    expect(ID_TYPES).toEqual(['BRN', 'NRIC', 'PASSPORT', 'ARMY']);
  });
});
