import { type BuyerRecord, NO_RECORD } from '@sm/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.js';
import { accounts, buyerRecords, buyers } from '../../db/schema.js';
import { lockAccount } from '../wallet/index.js';

/**
 * What a buyer's bids are held against (PRODUCT.md §4a), in sen. Exposure is every standing bid on
 * a lot not yet awarded, at its full amount (amountOf() of the contract: tenths of a kg × sen per
 * kg, half-up), plus every order awaiting payment. A lot past its end but not yet awarded still
 * counts: its bids are about to become orders, so the figure is never short.
 */
// The cover's parts as the database defines them (migration 0013), for the bid function and these
// reads alike.
const exposureOf = (buyerId: string) => sql`sm_buyer_exposure(${buyerId}::uuid)`;
const balanceOf = (buyerId: string) => sql`sm_buyer_balance(${buyerId}::uuid)`;

export interface CoverRow {
  balance: number;
  creditLimit: number;
  exposure: number;
  suspended: boolean;
  /** The lot's merchant is this buyer (same phone, or linked by the operator). */
  sameParty: boolean;
}

/**
 * Locks the buyer's account as the wallet ledger does (so bids, payments and offers of one buyer
 * take turns), then reads everything a bid on `merchantId`'s lot is checked against. Two
 * statements, not one: under READ COMMITTED a statement that waited for the lock still reads with
 * the snapshot it started with, so it would miss the bid that the lock's holder just committed.
 * Null when the account is no buyer.
 */
export async function lockBuyerCover(
  tx: Tx,
  buyerId: string,
  merchantId: string,
): Promise<CoverRow | null> {
  if (!(await lockAccount(tx, buyerId))) return null;
  const [row] = rowsOf<{
    balance: string;
    credit_limit: string;
    exposure: string;
    suspended: boolean;
    same_party: boolean;
  }>(
    await tx.execute(sql`
      select ${balanceOf(buyerId)} as balance, b.credit_limit, ${exposureOf(buyerId)} as exposure,
        b.suspended_at is not null as suspended,
        (b.linked_merchant_id = ${merchantId} or exists (
          select 1 from accounts m
          where m.id = ${merchantId} and m.role = 'merchant' and m.phone = a.phone)) as same_party
      from accounts a join buyers b on b.account_id = a.id
      where a.id = ${buyerId}`),
  );
  if (!row) return null;
  return {
    balance: Number(row.balance),
    creditLimit: Number(row.credit_limit),
    exposure: Number(row.exposure),
    suspended: row.suspended,
    sameParty: row.same_party,
  };
}

/** Balance, credit limit and exposure of a buyer, unlocked (what its wallet screen shows). */
export async function coverOf(tx: Tx, buyerId: string) {
  const [row] = rowsOf<{ balance: string; credit_limit: string; exposure: string }>(
    await tx.execute(sql`
      select ${balanceOf(buyerId)} as balance, b.credit_limit, ${exposureOf(buyerId)} as exposure
      from buyers b where b.account_id = ${buyerId}`),
  );
  return {
    balance: Number(row?.balance ?? 0),
    creditLimit: Number(row?.credit_limit ?? 0),
    exposure: Number(row?.exposure ?? 0),
  };
}

/** NO_RECORD as a JSON literal of the statement (a constant: no parameter to bind). */
const NO_RECORD_JSON = sql.raw(`'${JSON.stringify(NO_RECORD)}'::json`);

/**
 * A buyer's record across the market, as one JSON value: orders paid (by the buyer or charged at
 * the deadline), paid by the buyer itself, and defaults, as the orders' trigger keeps them
 * (buyer_records); a buyer without a row has none (NO_RECORD). `buyerId` is a column of the query
 * that reads it (a ladder's bids) or a value.
 */
export const buyerRecordJson = (buyerId: SQL) => sql<BuyerRecord>`coalesce((
  select json_build_object('ordersPaid', r.orders_paid, 'paidOnTime', r.paid_on_time,
    'defaults', r.defaults)
  from ${buyerRecords} r where r.buyer_id = ${buyerId}), ${NO_RECORD_JSON})`;

/** These buyers' records, in one query. */
export async function recordsOf(
  tx: Tx,
  buyerIds: readonly string[],
): Promise<Map<string, BuyerRecord>> {
  const ids = [...new Set(buyerIds)];
  if (ids.length === 0) return new Map();
  const rows = rowsOf<{ id: string; record: BuyerRecord }>(
    await tx.execute(sql`
      select b.id, ${buyerRecordJson(sql`b.id`)} as record
      from unnest(array[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]::uuid[]) as b(id)`),
  );
  return new Map(rows.map((r) => [r.id, r.record]));
}

export type BuyerRow = typeof buyers.$inferSelect;

/** The buyer row, locked for an operator's change. */
export async function lockBuyer(tx: Tx, buyerId: string) {
  const [row] = await tx.select().from(buyers).where(eq(buyers.accountId, buyerId)).for('update');
  return row ?? null;
}

export async function buyerWithPhone(tx: Tx, buyerId: string) {
  const [row] = await tx
    .select({ buyer: buyers, phone: accounts.phone })
    .from(buyers)
    .innerJoin(accounts, eq(accounts.id, buyers.accountId))
    .where(eq(buyers.accountId, buyerId));
  return row ?? null;
}

export async function updateBuyer(
  tx: Tx,
  buyerId: string,
  patch: Partial<
    Pick<
      BuyerRow,
      'creditLimit' | 'suspendedAt' | 'suspendedReason' | 'linkedMerchantId' | 'taxDetails'
    >
  >,
) {
  const [row] = await tx.update(buyers).set(patch).where(eq(buyers.accountId, buyerId)).returning();
  if (!row) throw new Error('buyer update returned nothing');
  return row;
}

/** The merchant account on the same phone as this buyer, if any. */
export async function samePhoneMerchant(tx: Tx, phone: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(sql`${accounts.role} = 'merchant' and ${accounts.phone} = ${phone}`);
  return row?.id ?? null;
}

/** What the buyer gave to be e-invoiced in its own name, or null (the general public). */
export async function taxDetailsOf(tx: Tx, buyerId: string) {
  const [row] = await tx
    .select({ taxDetails: buyers.taxDetails })
    .from(buyers)
    .where(eq(buyers.accountId, buyerId));
  return row?.taxDetails ?? null;
}
