import {
  type BankAccount,
  bankAccountInput,
  type BankAccountInput,
  MALAYSIAN_BANKS,
  normalizeAccountNumber,
} from '@sm/contract';
import { fieldCodes } from '../../lib/fieldCodes';
import type { Check } from '../../lib/form';

/** The form as typed: nothing is lost to a failed check. */
export interface BankValues {
  bankCode: string;
  holderName: string;
  accountNumber: string;
}
export type BankField = keyof BankValues;
export const BANK_FIELDS: readonly BankField[] = ['bankCode', 'holderName', 'accountNumber'];

export const valuesOf = (account: BankAccount | null): BankValues => ({
  bankCode: account?.bankCode ?? '',
  holderName: account?.holderName ?? '',
  accountNumber: account?.accountNumber ?? '',
});

export type BankCheck = Check<BankAccountInput, BankField>;

/** The contract's `bankAccountInput` over what was typed: what to send, or a code per field. */
export function checkBankValues(values: BankValues): BankCheck {
  const parsed = bankAccountInput.safeParse(values);
  if (parsed.success) return { ok: true, input: parsed.data };
  return { ok: false, errors: fieldCodes(parsed.error, BANK_FIELDS) };
}

/** Whether saving would change the account (and so send it back to Unverified). */
export function isChanged(values: BankValues, account: BankAccount | null): boolean {
  if (!account) return true;
  const digits = normalizeAccountNumber(values.accountNumber) ?? values.accountNumber.trim();
  return (
    values.bankCode !== account.bankCode ||
    values.holderName.trim() !== account.holderName ||
    digits !== account.accountNumber
  );
}

/** `123456789012` → `1234 5678 9012`, easier to check against a bank card or statement. */
export const groupDigits = (digits: string): string => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

const simplify = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Banks whose name or code contains what was typed, ignoring case, spaces and punctuation. */
export function searchBanks(q: string): (typeof MALAYSIAN_BANKS)[number][] {
  const needle = simplify(q);
  if (!needle) return [...MALAYSIAN_BANKS];
  return MALAYSIAN_BANKS.filter(
    (bank) => simplify(bank.name).includes(needle) || simplify(bank.code).includes(needle),
  );
}
