import {
  isUuid,
  normalizeMalaysianMobile,
  type OperatorBankAccount,
  type OperatorMerchant,
  type OperatorWithdrawal,
  type PayoutRunResult,
  type WithdrawalStatus,
  type BankAccountStatus,
  type BusinessStatus,
  type AuditEntry,
  NO_RECORD,
  type OperatorBuyer,
  type StoreTaxDetailsValues,
} from '@sm/contract';
import type { Db, Tx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { bankAccountOf, listBankAccounts, reviewBankAccount } from '../bank/index.js';
import { bankAccountView } from '../bank/bank.service.js';
import { findAccount, type Role } from '../auth/index.js';
import {
  type BuyerRow,
  buyerWithPhone,
  lockBuyer,
  recordsOf,
  samePhoneMerchant,
  updateBuyer,
  buyerCover,
} from '../buyers/index.js';
import { accountEvent, insertEvent } from '../events/index.js';
import { idempotent } from '../idempotency/index.js';
import type { PayoutService } from '../payouts/payouts.service.js';
import { lockBusinessStatus, setBusinessStatus } from '../store/index.js';
import type { StoreService } from '../store/store.service.js';
import type { FeeRateService } from '../system/settings.service.js';
import { serviceFeeBps, setServiceFeeBps } from '../system/index.js';
import { walletChanged } from '../wallet/merchant-wallet.service.js';
import { postEntry, withdrawalOf } from '../wallet/index.js';
// Namespaced: this service has its own listWithdrawals and reviewWithdrawal.
import * as wallet from '../wallet/index.js';
import * as repo from './operator.repo.js';

const merchantView = (row: repo.MerchantListRow): OperatorMerchant => ({
  ...row,
  ssmSubmittedAt: row.ssmSubmittedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The marketplace operator's actions (PRODUCT.md §9). Each one that changes something writes an
 * audit record (who, when, what, the record before and after) in the same transaction as the
 * change; asking for what is already so changes nothing and records nothing.
 */
export function createOperatorService({
  db,
  clock,
  payouts,
  store,
  feeRate,
}: {
  db: Db;
  clock: Clock;
  payouts: PayoutService;
  store: StoreService;
  feeRate: FeeRateService;
}) {
  const audit = (
    tx: Tx,
    entry: { operator: string; action: string; targetType: string; targetId: string },
    before: unknown,
    after: unknown,
  ) => repo.insertAction(tx, { ...entry, before, after, createdAt: clock.now() });

  /** An account id, or a phone number of the given role; 404 when neither finds one. */
  async function resolveAccount(tx: Tx, ref: string, role: Role): Promise<string> {
    if (isUuid(ref)) {
      if ((await repo.accountRole(tx, ref)) === role) return ref;
      throw new AppError('NOT_FOUND');
    }
    const phone = normalizeMalaysianMobile(ref);
    const account = phone ? await findAccount(tx, role, phone) : undefined;
    if (!account) throw new AppError('NOT_FOUND');
    return account.id;
  }

  // Withdrawals

  async function listWithdrawals(query: {
    status?: WithdrawalStatus;
    limit: number;
  }): Promise<OperatorWithdrawal[]> {
    const rows = await wallet.listWithdrawals(db, query);
    return rows.map(({ withdrawal, merchantPhone, storeName }) => ({
      ...withdrawalOf(withdrawal),
      accountNumber: withdrawal.accountNumber,
      bankCode: withdrawal.bankCode,
      merchantId: withdrawal.merchantId,
      merchantPhone,
      storeName,
    }));
  }

  /**
   * Approves (Completed: the money was sent) or rejects (the amount returns as Refund Received) a
   * Pending withdrawal. The same decision again answers it as it is; the other one is refused.
   */
  async function reviewWithdrawal(
    operator: string,
    id: string,
    decision: { approve: true } | { approve: false; reason: string },
  ) {
    if (!isUuid(id)) throw new AppError('NOT_FOUND');
    return db.transaction(async (tx) => {
      const row = await wallet.lockWithdrawal(tx, id);
      if (!row) throw new AppError('NOT_FOUND');
      const target = decision.approve ? 'completed' : 'rejected';
      if (row.status === target) return withdrawalOf(row);
      if (row.status !== 'pending') throw new AppError('ALREADY_REVIEWED');
      const now = clock.now();
      const reviewed = await wallet.reviewWithdrawal(tx, id, {
        status: target,
        reviewedAt: now,
        reviewedBy: operator,
        ...(decision.approve ? {} : { rejectReason: decision.reason }),
      });
      if (!decision.approve) {
        await postEntry(tx, {
          accountId: row.merchantId,
          type: 'refund_received',
          amount: row.amount,
          withdrawalId: row.id,
          createdAt: now,
        });
      }
      await insertEvent(tx, accountEvent(row.merchantId, 'withdrawal_reviewed', now));
      await audit(
        tx,
        {
          operator,
          action: decision.approve ? 'withdrawal.approve' : 'withdrawal.reject',
          targetType: 'withdrawal',
          targetId: id,
        },
        withdrawalOf(row),
        withdrawalOf(reviewed),
      );
      return withdrawalOf(reviewed);
    });
  }

  // Bank accounts

  async function listBanks(query: {
    status?: BankAccountStatus;
    limit: number;
  }): Promise<OperatorBankAccount[]> {
    const rows = await listBankAccounts(db, query);
    return rows.map(({ bank, merchantPhone, storeName }) => ({
      ...bankAccountView(bank),
      merchantId: bank.merchantId,
      merchantPhone,
      storeName,
    }));
  }

  async function reviewBank(
    operator: string,
    merchantRef: string,
    decision: { verify: true } | { verify: false; reason: string },
  ) {
    return db.transaction(async (tx) => {
      const merchantId = await resolveAccount(tx, merchantRef, 'merchant');
      const row = await bankAccountOf(tx, merchantId, true);
      if (!row) throw new AppError('NOT_FOUND');
      const status = decision.verify ? 'verified' : 'rejected';
      const rejectReason = decision.verify ? null : decision.reason;
      if (row.status === status && row.rejectReason === rejectReason) return bankAccountView(row);
      const now = clock.now();
      const reviewed = await reviewBankAccount(tx, merchantId, {
        status,
        reviewedAt: now,
        rejectReason,
      });
      await insertEvent(tx, accountEvent(merchantId, 'bank_account_reviewed', now));
      await audit(
        tx,
        {
          operator,
          action: decision.verify ? 'bank_account.verify' : 'bank_account.reject',
          targetType: 'bank_account',
          targetId: merchantId,
        },
        bankAccountView(row),
        bankAccountView(reviewed),
      );
      return bankAccountView(reviewed);
    });
  }

  // Merchants and their business status

  async function listMerchants(query: {
    businessStatus?: BusinessStatus;
    limit: number;
  }): Promise<OperatorMerchant[]> {
    const rows = await repo.listMerchants(db, query);
    return rows.map(merchantView);
  }

  async function merchantOf(tx: Tx, merchantId: string): Promise<OperatorMerchant> {
    const [row] = await repo.listMerchants(tx, { merchantId, limit: 1 });
    if (!row) throw new AppError('NOT_FOUND');
    return merchantView(row);
  }

  async function reviewBusiness(
    operator: string,
    merchantRef: string,
    decision: { verify: true } | { verify: false; reason: string },
  ) {
    return db.transaction(async (tx) => {
      const merchantId = await resolveAccount(tx, merchantRef, 'merchant');
      if (!(await lockBusinessStatus(tx, merchantId))) throw new AppError('NOT_FOUND');
      const before = await merchantOf(tx, merchantId);
      const status = decision.verify ? 'verified' : 'rejected';
      const reason = decision.verify ? null : decision.reason;
      if (before.businessStatus === status && before.businessRejectReason === reason) return before;
      const now = clock.now();
      await setBusinessStatus(tx, merchantId, status, reason);
      await insertEvent(tx, accountEvent(merchantId, 'business_reviewed', now));
      // Read under the lock, and only the status changes: no second read for the record after.
      const after: OperatorMerchant = {
        ...before,
        businessStatus: status,
        businessRejectReason: reason,
      };
      await audit(
        tx,
        {
          operator,
          action: decision.verify ? 'business.verify' : 'business.reject',
          targetType: 'merchant',
          targetId: merchantId,
        },
        before,
        after,
      );
      return after;
    });
  }

  /** The latest SSM document a merchant submitted: what the operator reads before reviewing. */
  async function ssmDocument(merchantRef: string) {
    return store.openDocument(await resolveAccount(db, merchantRef, 'merchant'));
  }

  // Tax details (PRODUCT.md §5a): the operator checks a store's and corrects them

  async function storeTaxDetails(merchantRef: string) {
    return store.taxDetails(await resolveAccount(db, merchantRef, 'merchant'));
  }

  async function correctStoreTaxDetails(
    operator: string,
    merchantRef: string,
    input: StoreTaxDetailsValues,
  ) {
    return db.transaction(async (tx) => {
      const merchantId = await resolveAccount(tx, merchantRef, 'merchant');
      const { before, after } = await store.correctTaxDetails(tx, merchantId, input);
      const { updatedAt: _b, ...was } = before;
      const { updatedAt: _a, ...now } = after;
      // Asking for what is already so records nothing (its time aside).
      if (JSON.stringify(was) !== JSON.stringify(now)) {
        await audit(
          tx,
          { operator, action: 'store.tax_details', targetType: 'merchant', targetId: merchantId },
          before,
          after,
        );
      }
      return after;
    });
  }

  // Money

  /** A Deposit into a merchant's or a buyer's wallet, once per Idempotency-Key. */
  async function credit(
    operator: string,
    accountRef: string,
    role: Role,
    input: { amount: number; note?: string | undefined },
    key: string,
  ) {
    return db.transaction(async (tx) => {
      const accountId = await resolveAccount(tx, accountRef, role);
      const now = clock.now();
      // Keys are kept per account: the credited account's, so a retry finds its first answer.
      return idempotent(
        tx,
        { accountId, key, request: ['operator-credit', operator, input], now },
        async () => {
          const entry = await postEntry(tx, {
            accountId,
            type: 'deposit',
            amount: input.amount,
            createdAt: now,
          });
          if (role === 'merchant') await walletChanged(tx, accountId, now);
          await audit(
            tx,
            { operator, action: 'wallet.credit', targetType: 'wallet', targetId: accountId },
            { balance: entry.balanceAfter - input.amount },
            { balance: entry.balanceAfter, amount: input.amount, note: input.note ?? null },
          );
          return { accountId, balance: entry.balanceAfter };
        },
      );
    });
  }

  async function serviceFee() {
    return { rateBps: await serviceFeeBps(db) };
  }

  /** The rate for orders created from now on; existing orders keep theirs (PRODUCT.md §5). */
  async function setServiceFee(operator: string, rateBps: number) {
    const set = await db.transaction(async (tx) => {
      const before = await serviceFeeBps(tx);
      if (before === rateBps) return { rateBps };
      await setServiceFeeBps(tx, rateBps);
      await feeRate.changed(tx);
      await audit(
        tx,
        { operator, action: 'service_fee.set', targetType: 'setting', targetId: 'service_fee_bps' },
        { rateBps: before },
        { rateBps },
      );
      return { rateBps };
    });
    feeRate.forget();
    return set;
  }

  /** A payout run by hand; recorded, because it moves money. */
  async function runPayouts(operator: string): Promise<PayoutRunResult> {
    const result = await payouts.run();
    await audit(
      db,
      { operator, action: 'payouts.run', targetType: 'payout_run', targetId: result.day },
      null,
      result,
    );
    return result;
  }

  // Buyers (PRODUCT.md §4a): credit limits, suspensions, links to merchants

  async function buyerOf(tx: Tx, buyerId: string): Promise<OperatorBuyer> {
    const row = await buyerWithPhone(tx, buyerId);
    if (!row) throw new AppError('NOT_FOUND');
    const { buyer, phone } = row;
    // One after another: `tx` may be a transaction, which runs one query at a time.
    const cover = await buyerCover(tx, buyerId);
    const records = await recordsOf(tx, [buyerId]);
    const samePhone = await samePhoneMerchant(tx, phone);
    const linked = buyer.linkedMerchantId
      ? await repo.accountPhone(tx, buyer.linkedMerchantId)
      : null;
    return {
      id: buyerId,
      phone,
      name: buyer.displayName,
      cover,
      record: records.get(buyerId) ?? NO_RECORD,
      suspendedAt: buyer.suspendedAt?.toISOString() ?? null,
      suspendedReason: buyer.suspendedReason,
      linkedMerchant:
        buyer.linkedMerchantId && linked ? { id: buyer.linkedMerchantId, phone: linked } : null,
      samePhoneMerchantId: samePhone,
    };
  }

  async function buyer(ref: string) {
    return buyerOf(db, await resolveAccount(db, ref, 'buyer'));
  }

  /** One audited change of a buyer's row; asking for what is already so records nothing. */
  async function changeBuyer(
    operator: string,
    ref: string,
    action: string,
    patchOf: (row: BuyerRow) => Parameters<typeof updateBuyer>[2] | null,
  ): Promise<OperatorBuyer> {
    return db.transaction(async (tx) => {
      const buyerId = await resolveAccount(tx, ref, 'buyer');
      const row = await lockBuyer(tx, buyerId);
      if (!row) throw new AppError('NOT_FOUND');
      const patch = patchOf(row);
      if (!patch) return buyerOf(tx, buyerId);
      const before = await buyerOf(tx, buyerId);
      await updateBuyer(tx, buyerId, patch);
      const after = await buyerOf(tx, buyerId);
      await audit(tx, { operator, action, targetType: 'buyer', targetId: buyerId }, before, after);
      return after;
    });
  }

  const setCreditLimit = (operator: string, ref: string, amount: number) =>
    changeBuyer(operator, ref, 'buyer.credit_limit', (row) =>
      row.creditLimit === amount ? null : { creditLimit: amount },
    );

  /** A suspended buyer cannot bid or buy out; its standing bids and orders stay binding. */
  const suspendBuyer = (operator: string, ref: string, reason: string) =>
    changeBuyer(operator, ref, 'buyer.suspend', (row) =>
      row.suspendedAt && row.suspendedReason === reason
        ? null
        : { suspendedAt: clock.now(), suspendedReason: reason },
    );

  const unsuspendBuyer = (operator: string, ref: string) =>
    changeBuyer(operator, ref, 'buyer.unsuspend', (row) =>
      row.suspendedAt ? { suspendedAt: null, suspendedReason: null } : null,
    );

  /** Says a buyer and a merchant are one party: the buyer may not bid on that merchant's lots. */
  async function linkBuyer(operator: string, ref: string, merchantRef: string | null) {
    const merchantId = merchantRef ? await resolveAccount(db, merchantRef, 'merchant') : null;
    return changeBuyer(operator, ref, merchantId ? 'buyer.link' : 'buyer.unlink', (row) =>
      row.linkedMerchantId === merchantId ? null : { linkedMerchantId: merchantId },
    );
  }

  async function auditLog(limit: number): Promise<AuditEntry[]> {
    const rows = await repo.latestActions(db, limit);
    return rows.map((r) => ({
      id: String(r.id),
      operator: r.operator,
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId,
      before: r.before,
      after: r.after,
      at: r.createdAt.toISOString(),
    }));
  }

  return {
    listWithdrawals,
    reviewWithdrawal,
    listBanks,
    reviewBank,
    listMerchants,
    reviewBusiness,
    ssmDocument,
    storeTaxDetails,
    correctStoreTaxDetails,
    credit,
    serviceFee,
    setServiceFee,
    runPayouts,
    buyer,
    setCreditLimit,
    suspendBuyer,
    unsuspendBuyer,
    linkBuyer,
    auditLog,
  };
}

export type OperatorService = ReturnType<typeof createOperatorService>;
