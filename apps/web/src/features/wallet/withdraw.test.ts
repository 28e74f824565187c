import type { MerchantWalletResponse } from '@sm/contract';
import { describe, expect, it } from 'vitest';
import {
  attemptKeys,
  checkAmount,
  isAmountError,
  newIdempotencyKey,
  withdrawBlocks,
} from './withdraw';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const wallet = (fields: Partial<MerchantWalletResponse> = {}): MerchantWalletResponse => ({
  balance: 50_000,
  pendingWithdrawal: null,
  nextWithdrawalAt: null,
  bankAccount: {
    bankName: 'Maybank',
    holderName: 'Ikan Segar Sdn Bhd',
    accountNumber: '•••• 9012',
    status: 'verified',
  },
  upcomingPayout: 0,
  ...fields,
});

const pending = {
  id: 'w1',
  amount: 12_050,
  status: 'pending' as const,
  bankName: 'Maybank',
  holderName: 'Ikan Segar Sdn Bhd',
  accountNumber: '•••• 9012',
  requestedAt: '2026-11-21T02:00:00Z',
  reviewedAt: null,
  rejectReason: null,
};

describe('checkAmount', () => {
  it('takes RM with up to two decimals, from RM 10.00 up to the balance, in sen', () => {
    expect(checkAmount('120.50', 50_000)).toEqual({ ok: true, amount: 12_050 });
    expect(checkAmount(' RM 10 ', 50_000)).toEqual({ ok: true, amount: 1_000 });
    expect(checkAmount('500', 50_000)).toEqual({ ok: true, amount: 50_000 });
    expect(checkAmount('1,000.5', 100_050)).toEqual({ ok: true, amount: 100_050 });
  });

  it('answers with the codes the API uses', () => {
    expect(checkAmount('', 50_000)).toEqual({ ok: false, code: 'REQUIRED_FIELDS' });
    expect(checkAmount('   ', 50_000)).toEqual({ ok: false, code: 'REQUIRED_FIELDS' });
    expect(checkAmount('12.345', 50_000)).toEqual({ ok: false, code: 'INVALID_AMOUNT' });
    expect(checkAmount('-20', 50_000)).toEqual({ ok: false, code: 'INVALID_AMOUNT' });
    expect(checkAmount('abc', 50_000)).toEqual({ ok: false, code: 'INVALID_AMOUNT' });
    expect(checkAmount('9.99', 50_000)).toEqual({ ok: false, code: 'WITHDRAWAL_BELOW_MINIMUM' });
    expect(checkAmount('0', 50_000)).toEqual({ ok: false, code: 'WITHDRAWAL_BELOW_MINIMUM' });
    expect(checkAmount('500.01', 50_000)).toEqual({ ok: false, code: 'INSUFFICIENT_BALANCE' });
  });

  it('reports the minimum before the balance, as the contract does', () => {
    expect(checkAmount('5', 300)).toEqual({ ok: false, code: 'WITHDRAWAL_BELOW_MINIMUM' });
  });

  it('tells the amount’s codes from the rest', () => {
    expect(isAmountError('INSUFFICIENT_BALANCE')).toBe(true);
    expect(isAmountError('WITHDRAWAL_PENDING')).toBe(false);
    expect(isAmountError(null)).toBe(false);
  });
});

describe('withdrawBlocks', () => {
  it('lets a merchant with a verified account and nothing pending withdraw', () => {
    expect(withdrawBlocks(wallet())).toEqual([]);
  });

  it('names a pending withdrawal rather than the 24 h that go with it', () => {
    expect(
      withdrawBlocks(
        wallet({ pendingWithdrawal: pending, nextWithdrawalAt: '2026-11-22T02:00:00Z' }),
      ),
    ).toEqual(['WITHDRAWAL_PENDING']);
    expect(withdrawBlocks(wallet({ nextWithdrawalAt: '2026-11-22T02:00:00Z' }))).toEqual([
      'WITHDRAWAL_TOO_SOON',
    ]);
  });

  it('needs a bank account, and a verified one', () => {
    expect(withdrawBlocks(wallet({ bankAccount: null }))).toEqual(['BANK_ACCOUNT_REQUIRED']);
    for (const status of ['unverified', 'rejected'] as const)
      expect(withdrawBlocks(wallet({ bankAccount: { ...wallet().bankAccount!, status } }))).toEqual(
        ['BANK_ACCOUNT_NOT_VERIFIED'],
      );
  });

  it('says when the balance is below the least withdrawal', () => {
    expect(withdrawBlocks(wallet({ balance: 0 }))).toEqual(['WITHDRAWAL_BELOW_MINIMUM']);
    expect(withdrawBlocks(wallet({ balance: 999 }))).toEqual(['WITHDRAWAL_BELOW_MINIMUM']);
    expect(withdrawBlocks(wallet({ balance: 1000 }))).toEqual([]);
  });

  it('lists every rule in the way', () => {
    expect(withdrawBlocks(wallet({ pendingWithdrawal: pending, bankAccount: null }))).toEqual([
      'WITHDRAWAL_PENDING',
      'BANK_ACCOUNT_REQUIRED',
    ]);
  });
});

describe('Idempotency-Key', () => {
  it('is a v4 UUID, also where crypto.randomUUID is missing', () => {
    expect(newIdempotencyKey()).toMatch(UUID);
    const insecure = {
      getRandomValues: (array: Uint8Array) => globalThis.crypto.getRandomValues(array),
    } as unknown as Crypto;
    const key = newIdempotencyKey(insecure);
    expect(key).toMatch(UUID);
    expect(newIdempotencyKey(insecure)).not.toBe(key);
  });

  it('stays the same across retries of one amount, and changes with the amount or once done', () => {
    let n = 0;
    const keys = attemptKeys(() => `key-${++n}`);
    expect(keys.keyFor(12_050)).toBe('key-1');
    expect(keys.keyFor(12_050)).toBe('key-1');
    expect(keys.keyFor(13_000)).toBe('key-2');
    expect(keys.keyFor(12_050)).toBe('key-3');
    keys.done();
    expect(keys.keyFor(12_050)).toBe('key-4');
  });
});
