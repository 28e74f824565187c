import { describe, expect, it } from 'vitest';
import { formatMalaysianMobile, maskMalaysianMobile, normalizeMalaysianMobile } from './phone.js';

describe('Malaysian mobile numbers', () => {
  it.each([
    ['012-345 6789', '+60123456789'],
    ['0123456789', '+60123456789'],
    ['+60 12-345 6789', '+60123456789'],
    ['+60123456789', '+60123456789'],
    ['60123456789', '+60123456789'],
    ['0060 12 345 6789', '+60123456789'],
    ['(012) 345-6789', '+60123456789'],
    ['  012.345.6789 ', '+60123456789'],
    ['011-1234 5678', '+601112345678'],
    ['013-000 0001', '+60130000001'],
    ['010-234 5678', '+60102345678'],
    ['019-876 5432', '+60198765432'],
  ])('accepts %s as %s', (input, e164) => {
    expect(normalizeMalaysianMobile(input)).toBe(e164);
  });

  it.each([
    ['', 'empty'],
    ['12345', 'too short'],
    ['03-1234 5678', 'a landline'],
    ['015-345 6789', 'the 015 non-mobile range'],
    ['012-345 67890', 'too long for 012'],
    ['011-1234 567', 'too short for 011'],
    ['+65 9123 4567', 'a Singapore number'],
    ['+6012345678a', 'letters'],
    ['0123456789#', 'symbols'],
    ['٠١٢٣٤٥٦٧٨٩', 'non-ASCII digits'],
  ])('rejects %s (%s)', (input) => {
    expect(normalizeMalaysianMobile(input)).toBeNull();
  });

  it('formats and masks for display', () => {
    expect(formatMalaysianMobile('+60123456789')).toBe('012-345 6789');
    expect(formatMalaysianMobile('+601112345678')).toBe('011-1234 5678');
    expect(maskMalaysianMobile('+60123456789')).toBe('012-••• ••89');
  });
});
