import { formatRM, MERCHANT_ENTRY_TYPES } from '@sm/contract';

export type MerchantEntryType = (typeof MERCHANT_ENTRY_TYPES)[number];
/** The statement's filter: one entry type, or every type. */
export type StatementFilter = MerchantEntryType | 'all';

export const STATEMENT_FILTERS: readonly StatementFilter[] = ['all', ...MERCHANT_ENTRY_TYPES];

/** The filter in the wallet's address (`?type=`); anything unknown reads as All. */
export const readFilter = (type: string | undefined): StatementFilter =>
  (MERCHANT_ENTRY_TYPES as readonly string[]).includes(type ?? '')
    ? (type as MerchantEntryType)
    : 'all';

/** A ledger amount with its sign: `+RM 500.00` in, `-RM 120.50` out. */
export const formatSigned = (sen: number): string =>
  sen > 0 ? `+${formatRM(sen)}` : formatRM(sen);
