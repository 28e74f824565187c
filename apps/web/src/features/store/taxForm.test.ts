import type { StoreTaxDetails } from '@sm/contract';
import { describe, expect, it } from 'vitest';
import { checkTaxDetails } from './taxChecks';
import { isTaxChanged, type TaxValues, taxValuesOf } from './taxForm';

const valid: TaxValues = {
  tin: 'C20880050010',
  registrationNumber: '202001234567',
  sstRegistered: false,
  sstNumber: '',
  msicCode: '46312',
  businessActivity: 'Wholesale of fish and other seafood',
  addressLines: ['Lot 12, Jeti Nelayan', '', ''],
  postcode: '45000',
  city: 'Kuala Selangor',
  stateCode: '10',
};

const empty: StoreTaxDetails = {
  tin: null,
  registrationNumber: null,
  sstNumber: null,
  msicCode: null,
  businessActivity: null,
  addressLines: [],
  postcode: null,
  city: null,
  stateCode: null,
  missing: [
    'tin',
    'registrationNumber',
    'msicCode',
    'businessActivity',
    'addressLines',
    'postcode',
    'city',
    'stateCode',
  ],
  updatedAt: null,
};

describe('checkTaxDetails', () => {
  it('sends valid details as the contract tidies them, SST null when not registered', () => {
    const check = checkTaxDetails({ ...valid, tin: 'c 2088 0050 010', sstNumber: 'W10' });
    expect(check).toEqual({
      ok: true,
      input: {
        tin: 'C20880050010',
        registrationNumber: '202001234567',
        sstNumber: null,
        msicCode: '46312',
        businessActivity: 'Wholesale of fish and other seafood',
        addressLines: ['Lot 12, Jeti Nelayan'],
        postcode: '45000',
        city: 'Kuala Selangor',
        stateCode: '10',
      },
    });
  });

  it('sends the SST number while registered', () => {
    const check = checkTaxDetails({
      ...valid,
      sstRegistered: true,
      sstNumber: 'w10-1808-32000123',
    });
    expect(check.ok && check.input.sstNumber).toBe('W10-1808-32000123');
  });

  it('gives every wrong field its own code at once', () => {
    const check = checkTaxDetails({
      ...valid,
      tin: 'EI00000000010',
      registrationNumber: '12345',
      sstRegistered: true,
      sstNumber: 'nope',
      postcode: '4500',
      city: ' ',
    });
    expect(check).toEqual({
      ok: false,
      errors: {
        tin: 'TIN_INVALID',
        registrationNumber: 'REGISTRATION_INVALID',
        sstNumber: 'SST_INVALID',
        postcode: 'POSTCODE_INVALID',
        city: 'CITY_REQUIRED',
      },
    });
  });

  it('says what an empty form lacks, field by field', () => {
    expect(checkTaxDetails(taxValuesOf(empty))).toEqual({
      ok: false,
      errors: {
        tin: 'TIN_REQUIRED',
        registrationNumber: 'REGISTRATION_REQUIRED',
        msicCode: 'MSIC_REQUIRED',
        businessActivity: 'ACTIVITY_REQUIRED',
        addressLines: 'ADDRESS_REQUIRED',
        postcode: 'POSTCODE_INVALID',
        city: 'CITY_REQUIRED',
        stateCode: 'STATE_REQUIRED',
      },
    });
  });

  it('wants the address to start on line 1', () => {
    const check = checkTaxDetails({ ...valid, addressLines: ['', 'Jeti Nelayan', ''] });
    expect(check).toEqual({ ok: false, errors: { addressLines: 'ADDRESS_REQUIRED' } });
  });

  it('refuses a state outside Malaysia’s sixteen for a store', () => {
    expect(checkTaxDetails({ ...valid, stateCode: '17' })).toEqual({
      ok: false,
      errors: { stateCode: 'STATE_REQUIRED' },
    });
  });
});

describe('taxValuesOf and isTaxChanged', () => {
  it('opens saved details as typed values, and sees no change until one is made', () => {
    const saved: StoreTaxDetails = {
      ...empty,
      tin: 'C20880050010',
      sstNumber: 'W10-1808-32000123',
      addressLines: ['Lot 12', 'Jeti Nelayan'],
      missing: [],
    };
    const values = taxValuesOf(saved);
    expect(values.sstRegistered).toBe(true);
    expect(values.addressLines).toEqual(['Lot 12', 'Jeti Nelayan', '']);
    expect(isTaxChanged(values, taxValuesOf(saved))).toBe(false);
    expect(isTaxChanged({ ...values, addressLines: ['Lot 12', 'Jeti', ''] }, values)).toBe(true);
    expect(isTaxChanged({ ...values, sstRegistered: false }, values)).toBe(true);
  });
});
