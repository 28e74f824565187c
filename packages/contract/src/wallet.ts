import { z } from 'zod';

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
  at: z.string(),
});
export type WalletEntry = z.infer<typeof walletEntry>;

export const buyerWalletResponse = z.object({
  balance: z.number().int(),
  entries: z.array(walletEntry),
});

/** Demo and test mode only: a buyer adds money to their own wallet. */
export const topUpRequest = z.object({
  amount: z
    .number({ error: 'INVALID_AMOUNT' })
    .int('INVALID_AMOUNT')
    .min(1, 'INVALID_AMOUNT')
    .max(MAX_CREDIT, 'INVALID_AMOUNT'),
});
