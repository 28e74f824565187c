import { z } from 'zod';
import { buyerCover } from './market.js';
import { bankAccountStatus } from './banks.js';

/**
 * Kinds of wallet ledger entries (PRODUCT.md §6). Merchants: Sales Revenue, Service Fee,
 * Withdrawal, Deposit, Refund Received. Buyers: Deposit (operator credit or demo top-up), Payment
 * of an order, Refund of a canceled paid order.
 */
export const WALLET_ENTRY_TYPES = [
  'deposit',
  'payment',
  'refund',
  'sales_revenue',
  'service_fee',
  'withdrawal',
  'refund_received',
] as const;
export const walletEntryType = z.enum(WALLET_ENTRY_TYPES);
export type WalletEntryType = z.infer<typeof walletEntryType>;

/** The most one top-up or credit may add, sen (RM 1,000,000). */
export const MAX_CREDIT = 100_000_000;

export const walletEntry = z.object({
  id: z.string(),
  type: walletEntryType,
  /** Signed sen: credits positive, debits negative. */
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  orderId: z.string().nullable(),
  withdrawalId: z.string().nullable(),
  at: z.string(),
});
export type WalletEntry = z.infer<typeof walletEntry>;

export const buyerWalletResponse = z.object({
  balance: z.number().int(),
  /** What bids may still add (PRODUCT.md §4a). */
  cover: buyerCover,
  entries: z.array(walletEntry),
});

/** Sen added by a top-up or an operator credit. */
export const creditAmount = z
  .number({ error: 'INVALID_AMOUNT' })
  .int('INVALID_AMOUNT')
  .min(1, 'INVALID_AMOUNT')
  .max(MAX_CREDIT, 'INVALID_AMOUNT');

/** Demo and test mode only: a buyer adds money to their own wallet. */
export const topUpRequest = z
  .object({ amount: creditAmount })
  // RM 500.00.
  .meta({ examples: [{ amount: 50_000 }] });

/** What a merchant's statement can be filtered by (the spec's §3 list, in its order). */
export const MERCHANT_ENTRY_TYPES = [
  'withdrawal',
  'deposit',
  'service_fee',
  'sales_revenue',
  'refund_received',
] as const satisfies readonly WalletEntryType[];
export const merchantEntryType = z.enum(MERCHANT_ENTRY_TYPES);

export const statementQuery = z.object({
  type: merchantEntryType.optional(),
  /** The id of the last entry of the previous page: digits a JS number holds exactly. */
  cursor: z
    .string()
    .regex(/^\d{1,15}$/, 'BAD_REQUEST')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export type StatementQuery = z.input<typeof statementQuery>;

export const statementResponse = z.object({
  items: z.array(walletEntry),
  nextCursor: z.string().nullable(),
});
export type StatementResponse = z.infer<typeof statementResponse>;

/** PRODUCT.md §6: at least RM 10.00; at most one every 24 h; none while one is Pending. */
export const MIN_WITHDRAWAL = 1_000;
export const WITHDRAWAL_INTERVAL_MS = 24 * 60 * 60_000;
/** The most one withdrawal may take, sen (RM 1,000,000): above it the balance decides first. */
export const MAX_WITHDRAWAL = 100_000_000;

export const WITHDRAWAL_STATUSES = ['pending', 'completed', 'rejected'] as const;
export const withdrawalStatus = z.enum(WITHDRAWAL_STATUSES);
export type WithdrawalStatus = z.infer<typeof withdrawalStatus>;

export const withdrawRequest = z.object({
  /** Sen; the app parses what was typed (at most two decimals) with parseRM. */
  amount: z
    .number({ error: (i) => (i.input === undefined ? 'REQUIRED_FIELDS' : 'INVALID_AMOUNT') })
    .int('INVALID_AMOUNT')
    .min(MIN_WITHDRAWAL, 'WITHDRAWAL_BELOW_MINIMUM')
    .max(MAX_WITHDRAWAL, 'INSUFFICIENT_BALANCE'),
});
export type WithdrawRequest = z.infer<typeof withdrawRequest>;

/** A withdrawal as its merchant sees it: where the money went, as it was when requested. */
export const withdrawal = z.object({
  id: z.string(),
  amount: z.number().int(),
  status: withdrawalStatus,
  bankName: z.string(),
  holderName: z.string(),
  /** Masked: `•••• 1234`. */
  accountNumber: z.string(),
  requestedAt: z.string(),
  reviewedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawal>;

export const merchantWalletResponse = z.object({
  balance: z.number().int(),
  pendingWithdrawal: withdrawal.nullable(),
  /** When the 24 h rule next allows a withdrawal; null when it allows one now. */
  nextWithdrawalAt: z.string().nullable(),
  /** The bank account withdrawals go to, masked, or null when there is none. */
  bankAccount: z
    .object({
      bankName: z.string(),
      holderName: z.string(),
      accountNumber: z.string(),
      status: bankAccountStatus,
    })
    .nullable(),
  /** Pending payouts not yet in the balance (orders Completed, Payout Pending or Scheduled), sen. */
  upcomingPayout: z.number().int(),
});
export type MerchantWalletResponse = z.infer<typeof merchantWalletResponse>;
