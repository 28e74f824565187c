import { z } from 'zod';
import { requiredOrBad, requiredText } from './validation.js';

/**
 * Banks a merchant's payouts can go to: Bank Negara Malaysia's licensed commercial and Islamic
 * banks and the development banks that hold retail accounts (DuitNow/IBG members). The code is
 * stored; the name is what the app and the operator see.
 */
export const MALAYSIAN_BANKS = [
  { code: 'MBB', name: 'Maybank' },
  { code: 'CIMB', name: 'CIMB Bank' },
  { code: 'PBB', name: 'Public Bank' },
  { code: 'RHB', name: 'RHB Bank' },
  { code: 'HLB', name: 'Hong Leong Bank' },
  { code: 'AMB', name: 'AmBank' },
  { code: 'UOB', name: 'UOB Malaysia' },
  { code: 'OCBC', name: 'OCBC Bank Malaysia' },
  { code: 'HSBC', name: 'HSBC Bank Malaysia' },
  { code: 'SCB', name: 'Standard Chartered Malaysia' },
  { code: 'CITI', name: 'Citibank Malaysia' },
  { code: 'AFFIN', name: 'Affin Bank' },
  { code: 'ABMB', name: 'Alliance Bank' },
  { code: 'BIMB', name: 'Bank Islam Malaysia' },
  { code: 'BMMB', name: 'Bank Muamalat Malaysia' },
  { code: 'BKRM', name: 'Bank Rakyat' },
  { code: 'BSN', name: 'Bank Simpanan Nasional' },
  { code: 'AGRO', name: 'Agrobank' },
  { code: 'MBSB', name: 'MBSB Bank' },
  { code: 'ALRAJHI', name: 'Al Rajhi Bank Malaysia' },
  { code: 'KFH', name: 'Kuwait Finance House Malaysia' },
  { code: 'BOC', name: 'Bank of China Malaysia' },
  { code: 'ICBC', name: 'ICBC Malaysia' },
  { code: 'CCB', name: 'China Construction Bank Malaysia' },
  { code: 'MUFG', name: 'MUFG Bank Malaysia' },
  { code: 'SMBC', name: 'Sumitomo Mitsui Banking Corporation Malaysia' },
  { code: 'DB', name: 'Deutsche Bank Malaysia' },
  { code: 'JPM', name: 'J.P. Morgan Chase Bank Berhad' },
  { code: 'BOA', name: 'Bank of America Malaysia' },
  { code: 'GXB', name: 'GXBank' },
  { code: 'AEON', name: 'AEON Bank' },
  { code: 'BOOST', name: 'Boost Bank' },
] as const;
export type BankCode = (typeof MALAYSIAN_BANKS)[number]['code'];
const BANK_CODES = MALAYSIAN_BANKS.map((b) => b.code) as [BankCode, ...BankCode[]];

export const bankName = (code: string): string =>
  MALAYSIAN_BANKS.find((b) => b.code === code)?.name ?? code;

export const BANK_ACCOUNT_STATUSES = ['unverified', 'verified', 'rejected'] as const;
export const bankAccountStatus = z.enum(BANK_ACCOUNT_STATUSES);
export type BankAccountStatus = z.infer<typeof bankAccountStatus>;

/** PRODUCT.md §6: digits only once spaces and dashes are gone, 10 to 16 of them. */
export const ACCOUNT_NUMBER_MIN_DIGITS = 10;
export const ACCOUNT_NUMBER_MAX_DIGITS = 16;

/** `1234-5678 9012` → `123456789012`; null when it is not 10–16 digits. */
export function normalizeAccountNumber(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  const ok =
    /^\d+$/.test(digits) &&
    digits.length >= ACCOUNT_NUMBER_MIN_DIGITS &&
    digits.length <= ACCOUNT_NUMBER_MAX_DIGITS;
  return ok ? digits : null;
}

/** `1234567890123` → `•••• 0123`: what lists, withdrawals and the operator's tables show. */
export const maskAccountNumber = (digits: string): string => `•••• ${digits.slice(-4)}`;

export const BANK_HOLDER_MAX_LENGTH = 100;

export const bankAccountInput = z.object({
  bankCode: z.enum(BANK_CODES, { error: (i) => (i.input ? 'BAD_REQUEST' : 'BANK_REQUIRED') }),
  holderName: requiredText(BANK_HOLDER_MAX_LENGTH),
  accountNumber: z
    .string({ error: requiredOrBad })
    .trim()
    .min(1, 'REQUIRED_FIELDS')
    .max(40, 'INVALID_ACCOUNT_NUMBER')
    .transform((value, ctx) => {
      const digits = normalizeAccountNumber(value);
      if (digits === null) {
        ctx.addIssue({ code: 'custom', message: 'INVALID_ACCOUNT_NUMBER' });
        return z.NEVER;
      }
      return digits;
    }),
});
export type BankAccountInput = z.input<typeof bankAccountInput>;

/** The merchant's own bank account: the full number is theirs to see. */
export const bankAccount = z.object({
  bankCode: z.string(),
  bankName: z.string(),
  holderName: z.string(),
  accountNumber: z.string(),
  status: bankAccountStatus,
  /** The operator's reason, when Rejected. */
  rejectReason: z.string().nullable(),
  updatedAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type BankAccount = z.infer<typeof bankAccount>;

export const bankAccountResponse = z.object({ bankAccount: bankAccount.nullable() });
