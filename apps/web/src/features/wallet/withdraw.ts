import {
  type ErrorCode,
  MAX_WITHDRAWAL,
  type MerchantWalletResponse,
  MIN_WITHDRAWAL,
  parseRM,
} from '@sm/contract';

/** What stops any withdrawal right now, whatever the amount (PRODUCT.md §6). */
export type WithdrawBlock = Extract<
  ErrorCode,
  | 'WITHDRAWAL_PENDING'
  | 'WITHDRAWAL_TOO_SOON'
  | 'BANK_ACCOUNT_REQUIRED'
  | 'BANK_ACCOUNT_NOT_VERIFIED'
  | 'WITHDRAWAL_BELOW_MINIMUM'
>;

/**
 * Every rule the wallet says is in the way, most pressing first: a pending withdrawal (and the 24 h
 * that follows a request) will pass on its own; a missing or unverified bank account needs the
 * merchant. `nextWithdrawalAt` is the server's: it is null once the 24 h have passed.
 */
export function withdrawBlocks(wallet: MerchantWalletResponse): WithdrawBlock[] {
  const blocks: WithdrawBlock[] = [];
  if (wallet.pendingWithdrawal) blocks.push('WITHDRAWAL_PENDING');
  else if (wallet.nextWithdrawalAt) blocks.push('WITHDRAWAL_TOO_SOON');
  if (!wallet.bankAccount) blocks.push('BANK_ACCOUNT_REQUIRED');
  else if (wallet.bankAccount.status !== 'verified') blocks.push('BANK_ACCOUNT_NOT_VERIFIED');
  // Less than the least withdrawal: nothing to submit until payouts arrive.
  if (wallet.balance < MIN_WITHDRAWAL) blocks.push('WITHDRAWAL_BELOW_MINIMUM');
  return blocks;
}

export type AmountError = Extract<
  ErrorCode,
  'REQUIRED_FIELDS' | 'INVALID_AMOUNT' | 'WITHDRAWAL_BELOW_MINIMUM' | 'INSUFFICIENT_BALANCE'
>;

export type AmountCheck = { ok: true; amount: number } | { ok: false; code: AmountError };

/**
 * The amount typed, in sen, checked as the contract's `withdrawRequest` and the server do: RM with
 * at most two decimals, at least RM 10.00, at most the balance.
 */
export function checkAmount(typed: string, balance: number): AmountCheck {
  if (typed.trim() === '') return { ok: false, code: 'REQUIRED_FIELDS' };
  const amount = parseRM(typed);
  if (amount === null) return { ok: false, code: 'INVALID_AMOUNT' };
  if (amount < MIN_WITHDRAWAL) return { ok: false, code: 'WITHDRAWAL_BELOW_MINIMUM' };
  if (amount > balance || amount > MAX_WITHDRAWAL)
    return { ok: false, code: 'INSUFFICIENT_BALANCE' };
  return { ok: true, amount };
}

/** The API's refusals that concern the amount typed: shown at the field, the rest as a toast. */
export const isAmountError = (code: ErrorCode | null): code is AmountError =>
  code === 'REQUIRED_FIELDS' ||
  code === 'INVALID_AMOUNT' ||
  code === 'WITHDRAWAL_BELOW_MINIMUM' ||
  code === 'INSUFFICIENT_BALANCE';

/** A random v4 UUID; crypto.randomUUID is missing outside secure contexts (an http LAN address). */
export function newIdempotencyKey(source: Crypto = globalThis.crypto): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One Idempotency-Key per intent: submitting the same amount again (a retry after a lost answer)
 * sends the same key, so the server answers the first request's answer instead of moving money
 * twice; another amount is another intent, with a key of its own.
 */
export function attemptKeys(newKey: () => string = newIdempotencyKey) {
  let last: { amount: number; key: string } | null = null;
  return {
    keyFor(amount: number): string {
      if (last?.amount !== amount) last = { amount, key: newKey() };
      return last.key;
    },
    /** The withdrawal went through: whatever comes next is a new one. */
    done(): void {
      last = null;
    },
  };
}
