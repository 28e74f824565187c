import type { StoreProfile } from '@sm/contract';
import { describe, expect, it } from 'vitest';
import { basicInfoValuesOf, locationOf, profileErrorsOf, profileValuesOf } from './form';
import { cropAt } from './photo';
import { checkBasicInfo, checkProfile } from './storeChecks';

const store: StoreProfile = {
  name: 'Ikan Segar Jeti',
  address: null,
  latitude: 3.3412345,
  longitude: 101.2498765,
  logo: null,
  description: null,
  announcements: [],
  carousel: [],
  hasColdRoom: false,
  businessStatus: 'unverified',
  businessRejectReason: null,
  ssmDocument: null,
  mapTiles: { url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: 'OSM' },
};

describe('checkBasicInfo', () => {
  it('sends trimmed texts and coordinates as numbers; empty coordinates are no location', () => {
    const values = { ...basicInfoValuesOf(store), name: '  Ikan Segar  ', address: '  ' };
    expect(checkBasicInfo(values)).toEqual({
      ok: true,
      input: {
        name: 'Ikan Segar',
        address: null,
        latitude: 3.341235,
        longitude: 101.249877,
        logoMediaId: null,
      },
    });
    const nowhere = { ...values, latitude: ' ', longitude: '' };
    expect(checkBasicInfo(nowhere)).toMatchObject({ ok: true, input: { latitude: null } });
  });

  it('marks each field with the contract’s code, keeping what was typed', () => {
    const values = {
      name: ' ',
      address: 'x'.repeat(201),
      latitude: 'north',
      longitude: '181',
      logo: null,
    };
    expect(checkBasicInfo(values)).toEqual({
      ok: false,
      errors: {
        name: 'STORE_NAME_REQUIRED',
        address: 'STORE_ADDRESS_TOO_LONG',
        latitude: 'INVALID_LATITUDE',
        longitude: 'INVALID_LONGITUDE',
      },
    });
    expect(values.latitude).toBe('north');
    expect(
      checkBasicInfo({ ...values, name: 'a', address: '', latitude: '3.1', longitude: '' }),
    ).toEqual({ ok: false, errors: { longitude: 'LOCATION_INCOMPLETE' } });
  });

  it('finds a location for the map and the links only in two valid coordinates', () => {
    expect(locationOf({ latitude: '3.1', longitude: '101.6' })).toEqual({
      latitude: 3.1,
      longitude: 101.6,
    });
    expect(locationOf({ latitude: '3.1', longitude: '' })).toBeNull();
    expect(locationOf({ latitude: '91', longitude: '101.6' })).toBeNull();
  });
});

describe('checkProfile', () => {
  it('starts with one empty announcement row and sends no blank rows', () => {
    expect(profileValuesOf(store)).toEqual({ description: '', announcements: [''] });
    expect(
      checkProfile({ description: ' Fresh ', announcements: ['', ' Closed Friday ', '  '] }),
    ).toEqual({ ok: true, input: { description: 'Fresh', announcements: ['Closed Friday'] } });
  });

  it('marks a refused announcement at the row it was typed in', () => {
    const long = 'x'.repeat(141);
    expect(checkProfile({ description: '', announcements: ['', 'ok', long] })).toEqual({
      ok: false,
      errors: { 'announcements.2': 'ANNOUNCEMENT_TOO_LONG' },
    });
    expect(
      checkProfile({ description: 'x'.repeat(501), announcements: ['a', 'b', 'c', 'd', 'e', 'f'] }),
    ).toEqual({
      ok: false,
      errors: {
        description: 'STORE_DESCRIPTION_TOO_LONG',
        announcements: 'TOO_MANY_ANNOUNCEMENTS',
      },
    });
    // The API's `field` of what was sent maps back the same way.
    const problem = { path: ['announcements', 0], code: 'ANNOUNCEMENT_EMPTY' } as const;
    expect(profileErrorsOf([problem], [3])).toEqual({ 'announcements.3': 'ANNOUNCEMENT_EMPTY' });
  });
});

describe('cropAt', () => {
  it('is the largest centred square at zoom 1, and stays inside the photo when moved', () => {
    expect(cropAt(1200, 800, 1, { cx: 600, cy: 400 })).toEqual({ cx: 600, cy: 400, side: 800 });
    expect(cropAt(1200, 800, 2, { cx: 0, cy: 10_000 })).toEqual({ cx: 200, cy: 600, side: 400 });
    expect(cropAt(1200, 800, 1, { cx: 1200, cy: 0 })).toEqual({ cx: 800, cy: 400, side: 800 });
  });
});
