import { z } from 'zod';
import { businessStatusSchema, phoneSchema } from './auth.js';
import { bankAccount, bankAccountStatus } from './banks.js';
import { requiredText } from './validation.js';
import { creditAmount, withdrawal, withdrawalStatus } from './wallet.js';

export const smsOutboxQuery = z.object({
  phone: phoneSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const smsOutboxResponse = z.object({
  items: z.array(
    z.object({
      phone: z.string(),
      purpose: z.string(),
      code: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type SmsOutboxItem = z.infer<typeof smsOutboxResponse>['items'][number];

/**
 * Who acts, for the audit record: the CLI sends the operator's name (--as, else the OS user);
 * other API clients may send it too. The token says the caller is an operator at all.
 */
export const operatorHeaders = z.object({
  'x-operator': z.string().trim().min(1).max(80).optional(),
});

/** A merchant, by account id or by phone (what an operator has at hand). */
export const merchantRefParams = z.object({ merchant: z.string().trim().min(1).max(40) });

/** How many rows an operator's list shows. */
const operatorLimit = z.coerce.number().int().min(1).max(500).default(50);

export const reviewRejectBody = z.object({ reason: requiredText(200) });

export const operatorWithdrawalsQuery = z.object({
  status: withdrawalStatus.optional(),
  limit: operatorLimit,
});

/** A withdrawal as the operator pays it: the full account number and whose it is. */
export const operatorWithdrawal = withdrawal.extend({
  merchantId: z.string(),
  merchantPhone: z.string(),
  storeName: z.string().nullable(),
  bankCode: z.string(),
});
export type OperatorWithdrawal = z.infer<typeof operatorWithdrawal>;
export const operatorWithdrawalsResponse = z.object({ items: z.array(operatorWithdrawal) });

export const operatorBankAccountsQuery = z.object({
  status: bankAccountStatus.optional(),
  limit: operatorLimit,
});
export const operatorBankAccount = bankAccount.extend({
  merchantId: z.string(),
  merchantPhone: z.string(),
  storeName: z.string().nullable(),
});
export type OperatorBankAccount = z.infer<typeof operatorBankAccount>;
export const operatorBankAccountsResponse = z.object({ items: z.array(operatorBankAccount) });

export const operatorMerchantsQuery = z.object({
  businessStatus: businessStatusSchema.optional(),
  limit: operatorLimit,
});
export const operatorMerchant = z.object({
  merchantId: z.string(),
  merchantPhone: z.string(),
  storeName: z.string().nullable(),
  businessStatus: businessStatusSchema,
  businessRejectReason: z.string().nullable(),
  /** When the latest SSM document was submitted (GET …/ssm-document reads it); null if never. */
  ssmSubmittedAt: z.string().nullable(),
  balance: z.number().int(),
  createdAt: z.string(),
});
export type OperatorMerchant = z.infer<typeof operatorMerchant>;
export const operatorMerchantsResponse = z.object({ items: z.array(operatorMerchant) });

/** An operator credit to a wallet: a Deposit entry. */
export const creditRequest = z.object({
  amount: creditAmount,
  note: requiredText(200).optional(),
});
export const creditResponse = z.object({ accountId: z.string(), balance: z.number().int() });

/** The service fee rate on new orders, basis points (500 = 5 %), PRODUCT.md §5. */
export const MAX_FEE_BPS = 3_000;
export const serviceFeeBody = z.object({
  rateBps: z
    .number({ error: 'INVALID_FEE_RATE' })
    .int('INVALID_FEE_RATE')
    .min(0, 'INVALID_FEE_RATE')
    .max(MAX_FEE_BPS, 'INVALID_FEE_RATE'),
});
export const serviceFeeResponse = z.object({ rateBps: z.number().int() });

/** What one payout run did (PRODUCT.md §5): the orders it paid out and those it scheduled. */
export const payoutRunResponse = z.object({
  /** The Kuala Lumpur day the run is for. */
  day: z.string(),
  completed: z.number().int(),
  scheduled: z.number().int(),
  /** Net sen credited (sales revenue − service fees) by this run. */
  paidOut: z.number().int(),
});
export type PayoutRunResult = z.infer<typeof payoutRunResponse>;

export const auditQuery = z.object({
  limit: operatorLimit,
});
export const auditEntry = z.object({
  id: z.string(),
  operator: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditResponse = z.object({ items: z.array(auditEntry) });
