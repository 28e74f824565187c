import type { LotDetail, MediaItem } from '@sm/contract';
import { describe, expect, it } from 'vitest';
import { fieldCode, validateLots as validateAt } from './lotChecks';
import {
  duplicateLot,
  emptyLot,
  errorAfter,
  fieldOfPath,
  formContent,
  type LotDraft,
  lotFromDetail,
  nextLot,
  reviveDraft,
} from './lotDraft';

/** The clock the tests' lots are judged on: six hours after they landed. */
const NOW = new Date('2025-03-01T06:00:00Z');
const validateLots = (lots: LotDraft[]) => validateAt(lots, NOW);

const BOAT = '5b0f7c43-8a7c-4f77-9a43-0e4c6f1d2a10';
const photo: MediaItem = {
  id: '0d8a3f0e-2f9b-4a57-8c53-1f6f2e7d9b01',
  kind: 'photo',
  url: '/media/a.webp',
  thumbUrl: '/media/a-thumb.webp',
  width: 1600,
  height: 1200,
  size: 120_000,
};

function filledLot(change: Partial<LotDraft> = {}): LotDraft {
  return {
    ...emptyLot(new Date('2025-03-01T00:00:00Z')),
    boatId: BOAT,
    harbor: 'Pelabuhan Klang',
    freshness: 'fresh',
    name: 'Morning catch',
    species: 'kerapu',
    quantity: '120.5',
    startPrice: '12.30',
    photos: [photo],
    ...change,
  };
}

describe('validateLots with the contract schema', () => {
  it('turns a filled form into the request: kg in tenths, prices in sen', () => {
    const result = validateLots([filledLot({ buyoutPrice: '20' })]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.lots[0]).toMatchObject({
      boatId: BOAT,
      quantity: 1205,
      startPrice: 1230,
      buyoutPrice: 2000,
      photoIds: [photo.id],
      videoIds: [],
    });
  });

  it('puts every problem at its own field, in every lot', () => {
    const lots = [emptyLot(), filledLot({ harbor: ' ' })];
    const [a, b] = lots.map((lot) => lot.key);
    const result = validateLots(lots);
    expect(result).toMatchObject({
      ok: false,
      formError: 'REQUIRED_FIELDS',
      errors: {
        [`${a}.boatId`]: 'REQUIRED_FIELDS',
        [`${a}.harbor`]: 'REQUIRED_FIELDS',
        [`${a}.freshness`]: 'REQUIRED_FIELDS',
        [`${a}.name`]: 'REQUIRED_FIELDS',
        [`${a}.species`]: 'REQUIRED_FIELDS',
        [`${a}.quantity`]: 'REQUIRED_FIELDS',
        [`${a}.startPrice`]: 'REQUIRED_FIELDS',
        [`${a}.photos`]: 'PHOTO_REQUIRED',
        [`${b}.harbor`]: 'REQUIRED_FIELDS',
      },
    });
    if (!result.ok) expect(result.errors[`${b}.name`]).toBeUndefined();
  });

  it("reports the contract's codes for bad numbers and a buyout not above the start", () => {
    const lots = [
      filledLot({ quantity: 'lots', startPrice: '12.34' }),
      filledLot({ startPrice: '10', buyoutPrice: '10' }),
    ];
    const [a, b] = lots.map((lot) => lot.key);
    expect(validateLots(lots)).toMatchObject({
      ok: false,
      formError: 'INVALID_QUANTITY',
      errors: {
        [`${a}.quantity`]: 'INVALID_QUANTITY',
        [`${a}.startPrice`]: 'PRICE_STEP',
        [`${b}.buyoutPrice`]: 'BUYOUT_NOT_ABOVE_START',
      },
    });
  });

  it('tells too many photos and a too long description', () => {
    const lot = filledLot({ photos: [photo, photo, photo, photo], description: 'x'.repeat(501) });
    expect(validateLots([lot])).toMatchObject({
      ok: false,
      errors: {
        [`${lot.key}.photos`]: 'TOO_MANY_PHOTOS',
        [`${lot.key}.description`]: 'TEXT_TOO_LONG',
      },
    });
  });

  it('reports a form without lots as the form’s error', () => {
    expect(validateLots([])).toMatchObject({ ok: false, formError: 'REQUIRED_FIELDS' });
  });

  it('says why a typed number is not read, instead of misreading it', () => {
    const lot = filledLot({ quantity: '10.55', startPrice: '12,50', buyoutPrice: '20.505' });
    expect(validateLots([lot])).toMatchObject({
      ok: false,
      errors: {
        [`${lot.key}.quantity`]: 'QUANTITY_DECIMALS',
        [`${lot.key}.startPrice`]: 'DECIMAL_COMMA',
        [`${lot.key}.buyoutPrice`]: 'PRICE_STEP',
      },
    });
    // Thousands separators are read as such.
    const grouped = validateLots([filledLot({ quantity: '1,250.5', startPrice: '1,200' })]);
    expect(grouped.ok && grouped.data.lots[0]).toMatchObject({
      quantity: 12_505,
      startPrice: 120_000,
    });
  });

  it('refuses a name past 140 characters with its own message', () => {
    const lot = filledLot({ name: 'x'.repeat(141) });
    expect(validateLots([lot])).toMatchObject({
      errors: { [`${lot.key}.name`]: 'LOT_NAME_TOO_LONG' },
    });
    expect(validateLots([filledLot({ name: 'x'.repeat(140) })]).ok).toBe(true);
  });

  it('takes a landing from the last 7 days, not 1926 and not tomorrow', () => {
    const at = (landedAt: string) => {
      const lot = filledLot({ landedAt });
      const result = validateLots([lot]);
      return result.ok ? null : result.errors[`${lot.key}.landedAt`];
    };
    expect(at('2025-02-22T07:00:00Z')).toBeNull();
    expect(at('2025-02-22T05:00:00Z')).toBe('LANDING_TOO_OLD');
    expect(at('1926-03-01T06:00:00Z')).toBe('LANDING_TOO_OLD');
    expect(at('2025-03-02T06:00:00Z')).toBe('LANDING_IN_FUTURE');
  });
});

describe('telling a field at once', () => {
  it('finds one field’s problem by the rules of publishing', () => {
    const lot = filledLot({ startPrice: '10', buyoutPrice: '9.50' });
    expect(fieldCode(lot, 'buyoutPrice', NOW)).toBe('BUYOUT_NOT_ABOVE_START');
    expect(fieldCode(lot, 'startPrice', NOW)).toBeNull();
    expect(fieldCode(filledLot({ quantity: '' }), 'quantity', NOW)).toBe('REQUIRED_FIELDS');
    // The buyout against the start price is judged while the rest is still empty.
    const early = { ...emptyLot(NOW), startPrice: '10', buyoutPrice: '10' };
    expect(fieldCode(early, 'buyoutPrice', NOW)).toBe('BUYOUT_NOT_ABOVE_START');
  });

  it('tells while typing only what more typing cannot mend', () => {
    expect(errorAfter('typing', undefined, 'LOT_NAME_TOO_LONG')).toBe('LOT_NAME_TOO_LONG');
    expect(errorAfter('typing', undefined, 'DECIMAL_COMMA')).toBeUndefined();
    expect(errorAfter('typing', 'REQUIRED_FIELDS', null)).toBeUndefined();
  });

  it('tells on leaving a field, without calling an empty field wrong before Publish', () => {
    expect(errorAfter('leaving', undefined, 'DECIMAL_COMMA')).toBe('DECIMAL_COMMA');
    expect(errorAfter('leaving', undefined, 'REQUIRED_FIELDS')).toBeUndefined();
    expect(errorAfter('leaving', 'REQUIRED_FIELDS', 'REQUIRED_FIELDS')).toBe('REQUIRED_FIELDS');
    expect(errorAfter('picking', 'LANDING_TOO_OLD', null)).toBeUndefined();
    expect(errorAfter('picking', undefined, 'LANDING_TOO_OLD')).toBe('LANDING_TOO_OLD');
  });
});

describe('fieldOfPath', () => {
  it("maps the API's field paths to the form's fields", () => {
    const at = (path: string) => fieldOfPath(path.split('.'));
    expect(at('lots.0.buyoutPrice')).toEqual({ index: 0, field: 'buyoutPrice' });
    expect(at('lots.2.photoIds.1')).toEqual({ index: 2, field: 'photos' });
    expect(at('lots.1.videoIds')).toEqual({ index: 1, field: 'video' });
    expect(at('lots.0.notes.icing')).toEqual({ index: 0, field: 'notes.icing' });
    expect(at('lots')).toBeNull();
    expect(at('lots.0.somethingElse')).toBeNull();
    expect(at('cursor')).toBeNull();
  });
});

describe('relist and duplicate', () => {
  const detail = {
    boat: { id: BOAT, boatNumber: 'SLF 4521', ownerName: 'Ahmad' },
    harbor: 'Kuala Kedah',
    freshness: 'frozen',
    landedAt: '2025-03-01T22:15:00.000Z',
    name: 'Grouper',
    species: 'kerapu',
    quantity: 500,
    startPrice: 1500,
    buyoutPrice: null,
    description: null,
    notes: { size: '1 kg', icing: null, packaging: null },
    photos: [photo],
    video: null,
    award: { unsoldQuantity: 125 },
  } as unknown as LotDetail;

  it('relists the unsold kg with the same facts and media', () => {
    expect(lotFromDetail(detail)).toMatchObject({
      boatId: BOAT,
      harbor: 'Kuala Kedah',
      freshness: 'frozen',
      quantity: '12.5',
      startPrice: '15.00',
      buyoutPrice: '',
      description: '',
      notes: { size: '1 kg', icing: '', packaging: '' },
      photos: [photo],
    });
  });

  it('duplicates a lot under a new key', () => {
    const lot = filledLot();
    const copy = duplicateLot(lot);
    expect(copy.key).not.toBe(lot.key);
    expect({ ...copy, key: lot.key }).toEqual(lot);
  });

  it('starts the next lot of the same catch from the facts of the lot above', () => {
    const above = filledLot({
      buyoutPrice: '20',
      description: 'Iced',
      landedAt: '2025-03-01T01:00:00Z',
    });
    expect(nextLot(above)).toMatchObject({
      boatId: BOAT,
      harbor: 'Pelabuhan Klang',
      freshness: 'fresh',
      landedAt: '2025-03-01T01:00:00Z',
      species: 'kerapu',
      name: 'Morning catch',
      quantity: '',
      startPrice: '',
      buyoutPrice: '',
      description: '',
      photos: [],
      video: null,
    });
    expect(nextLot(above).key).not.toBe(above.key);
  });

  it('starts a new lot with the remembered harbour and boat', () => {
    expect(emptyLot(NOW, { boatId: BOAT, harbor: 'Kuala Kedah' })).toMatchObject({
      boatId: BOAT,
      harbor: 'Kuala Kedah',
      landedAt: NOW.toISOString(),
    });
  });
});

describe('formContent', () => {
  it('compares forms by what they hold, not by their React keys', () => {
    const lot = filledLot();
    expect(formContent([lot])).toBe(formContent([duplicateLot(lot)]));
    expect(formContent([lot])).not.toBe(formContent([{ ...lot, quantity: '1' }]));
  });
});

describe('reviveDraft', () => {
  it("keeps this merchant's draft and refuses another's", () => {
    const data = { merchantId: 'm1', savedAt: '2025-03-01T00:00:00Z', lots: [filledLot()] };
    expect(reviveDraft(data, 'm1')?.lots[0]).toMatchObject({ name: 'Morning catch' });
    expect(reviveDraft(data, 'm2')).toBeNull();
  });

  it('repairs what does not fit the form instead of failing on it', () => {
    const data = {
      merchantId: 'm1',
      lots: [{ harbor: 7, freshness: 'salted', species: 'whale', photos: [{ id: 1 }, photo] }],
    };
    expect(reviveDraft(data, 'm1')?.lots[0]).toMatchObject({
      harbor: '',
      freshness: '',
      species: '',
      photos: [photo],
      video: null,
    });
    expect(reviveDraft({ merchantId: 'm1', lots: [] }, 'm1')).toBeNull();
    expect(reviveDraft('nonsense', 'm1')).toBeNull();
  });
});
