import { bankName, maskAccountNumber, type WalletEntry, type Withdrawal } from '@sm/contract';
import type { WalletEntryRow } from './wallet.repo.js';
import type { WithdrawalRow } from './withdrawals.repo.js';

export const walletEntryOf = (row: WalletEntryRow): WalletEntry => ({
  id: String(row.id),
  type: row.type,
  amount: row.amount,
  balanceAfter: row.balanceAfter,
  orderId: row.orderId,
  withdrawalId: row.withdrawalId,
  at: row.createdAt.toISOString(),
});

export const withdrawalOf = (row: WithdrawalRow): Withdrawal => ({
  id: row.id,
  amount: row.amount,
  status: row.status,
  bankName: bankName(row.bankCode),
  holderName: row.holderName,
  accountNumber: maskAccountNumber(row.accountNumber),
  requestedAt: row.requestedAt.toISOString(),
  reviewedAt: row.reviewedAt?.toISOString() ?? null,
  rejectReason: row.rejectReason,
});
