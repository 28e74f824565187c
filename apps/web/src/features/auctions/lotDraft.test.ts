import { createAuctionRequest, type LotDetail, type MediaItem } from '@sm/contract';
import { describe, expect, it } from 'vitest';
import {
  duplicateLot,
  emptyLot,
  errorKeyOfPath,
  type LotDraft,
  lotFromDetail,
  reviveDraft,
  validateLots,
} from './lotDraft';

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

const validate = (lots: LotDraft[]) => validateLots(createAuctionRequest, lots);

describe('validateLots with the contract schema', () => {
  it('turns a filled form into the request: kg in tenths, prices in sen', () => {
    const result = validate([filledLot({ buyoutPrice: '20' })]);
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
    const result = validate([emptyLot(), filledLot({ harbor: ' ' })]);
    expect(result).toMatchObject({
      ok: false,
      formError: null,
      errors: {
        '0.boatId': 'REQUIRED_FIELDS',
        '0.harbor': 'REQUIRED_FIELDS',
        '0.freshness': 'REQUIRED_FIELDS',
        '0.name': 'REQUIRED_FIELDS',
        '0.species': 'REQUIRED_FIELDS',
        '0.quantity': 'REQUIRED_FIELDS',
        '0.startPrice': 'REQUIRED_FIELDS',
        '0.photos': 'PHOTO_REQUIRED',
        '1.harbor': 'REQUIRED_FIELDS',
      },
    });
    if (!result.ok) expect(result.errors['1.name']).toBeUndefined();
  });

  it("reports the contract's codes for bad numbers and a buyout not above the start", () => {
    const result = validate([
      filledLot({ quantity: 'lots', startPrice: '12.34' }),
      filledLot({ startPrice: '10', buyoutPrice: '10' }),
    ]);
    expect(result).toMatchObject({
      ok: false,
      errors: {
        '0.quantity': 'INVALID_QUANTITY',
        '0.startPrice': 'PRICE_STEP',
        '1.buyoutPrice': 'BUYOUT_NOT_ABOVE_START',
      },
    });
  });

  it('tells too many photos and a too long description', () => {
    const result = validate([
      filledLot({ photos: [photo, photo, photo, photo], description: 'x'.repeat(501) }),
    ]);
    expect(result).toMatchObject({
      ok: false,
      errors: { '0.photos': 'TOO_MANY_PHOTOS', '0.description': 'TEXT_TOO_LONG' },
    });
  });

  it('reports a form without lots as the form’s error', () => {
    expect(validate([])).toMatchObject({ ok: false, formError: 'REQUIRED_FIELDS' });
  });
});

describe('errorKeyOfPath', () => {
  it("maps the API's field paths to the form's fields", () => {
    expect(errorKeyOfPath('lots.0.buyoutPrice'.split('.'))).toBe('0.buyoutPrice');
    expect(errorKeyOfPath('lots.2.photoIds.1'.split('.'))).toBe('2.photos');
    expect(errorKeyOfPath('lots.1.videoIds'.split('.'))).toBe('1.video');
    expect(errorKeyOfPath('lots.0.notes.icing'.split('.'))).toBe('0.notes.icing');
    expect(errorKeyOfPath(['lots'])).toBeNull();
    expect(errorKeyOfPath('lots.0.somethingElse'.split('.'))).toBeNull();
    expect(errorKeyOfPath(['cursor'])).toBeNull();
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
