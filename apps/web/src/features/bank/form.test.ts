import type { BankAccount } from '@sm/contract';
import { describe, expect, it } from 'vitest';
import { checkBankValues, groupDigits, isChanged, searchBanks, valuesOf } from './form';

const saved: BankAccount = {
  bankCode: 'MBB',
  bankName: 'Maybank',
  holderName: 'Ikan Segar Sdn Bhd',
  accountNumber: '514123456789',
  status: 'verified',
  rejectReason: null,
  updatedAt: '2026-11-21T02:00:00Z',
  reviewedAt: '2026-11-21T03:00:00Z',
};

describe('checkBankValues', () => {
  it('sends the account number as digits and the name trimmed', () => {
    expect(
      checkBankValues({
        bankCode: 'CIMB',
        holderName: '  Ikan Segar  ',
        accountNumber: '8001-2345 6789',
      }),
    ).toEqual({
      ok: true,
      input: { bankCode: 'CIMB', holderName: 'Ikan Segar', accountNumber: '800123456789' },
    });
  });

  it('marks each field with the contract’s code', () => {
    expect(checkBankValues({ bankCode: '', holderName: ' ', accountNumber: '' })).toEqual({
      ok: false,
      errors: {
        bankCode: 'BANK_REQUIRED',
        holderName: 'REQUIRED_FIELDS',
        accountNumber: 'REQUIRED_FIELDS',
      },
    });
    for (const accountNumber of ['12345', '1234 5678 9012 3456 7', '12345678901x', '1234.567890'])
      expect(
        checkBankValues({ bankCode: 'MBB', holderName: 'Ali', accountNumber }),
        accountNumber,
      ).toEqual({ ok: false, errors: { accountNumber: 'INVALID_ACCOUNT_NUMBER' } });
  });
});

describe('isChanged', () => {
  it('ignores how the same number is typed', () => {
    expect(isChanged(valuesOf(saved), saved)).toBe(false);
    expect(isChanged({ ...valuesOf(saved), accountNumber: '5141-2345 6789' }, saved)).toBe(false);
    expect(isChanged({ ...valuesOf(saved), holderName: ' Ikan Segar Sdn Bhd ' }, saved)).toBe(
      false,
    );
  });

  it('sees a new bank, name or number, and any first account', () => {
    expect(isChanged({ ...valuesOf(saved), bankCode: 'CIMB' }, saved)).toBe(true);
    expect(isChanged({ ...valuesOf(saved), holderName: 'Ikan Segar' }, saved)).toBe(true);
    expect(isChanged({ ...valuesOf(saved), accountNumber: '514123456780' }, saved)).toBe(true);
    expect(isChanged(valuesOf(null), null)).toBe(true);
  });
});

describe('searchBanks', () => {
  it('finds a bank by part of its name or its code, ignoring case and spaces', () => {
    expect(searchBanks('may').map((b) => b.code)).toEqual(['MBB']);
    expect(searchBanks('hong leong').map((b) => b.code)).toEqual(['HLB']);
    expect(searchBanks('BSN').map((b) => b.code)).toEqual(['BSN']);
    expect(searchBanks('islam').map((b) => b.code)).toContain('BIMB');
    expect(searchBanks('nothing like it')).toEqual([]);
    expect(searchBanks('  ')).toHaveLength(32);
  });
});

it('groups digits in fours', () => {
  expect(groupDigits('514123456789')).toBe('5141 2345 6789');
  expect(groupDigits('1234567890')).toBe('1234 5678 90');
});
