import { randomUUID } from 'node:crypto';
import {
  amountOf,
  type BuyerCover,
  type ErrorCode,
  type LotInput,
  MAX_WITHDRAWAL,
  MIN_WITHDRAWAL,
  PAYMENT_WINDOW_MS,
  PRICE_STEP,
  type StatementResponse,
  type WalletEntry,
  type WalletEntryType,
  type Withdrawal,
  WITHDRAWAL_INTERVAL_MS,
  type WithdrawalStatus,
} from '@sm/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotInput, publish } from '../../../test/auctions.js';
import { type Client, createTestApp, DB_KINDS, type TestApp } from '../../../test/helpers.js';
import { type Buyer, newBuyer, verifiedMerchant } from '../../../test/market.js';
import { payOrder } from '../../../test/orders.js';
import { brokenInvariants } from '../../../test/reliability/invariants.js';
import { merchantWithMoney, operatorCall, walletOf, withdraw } from '../../../test/wallet.js';
import { rowsOf } from '../../db/client.js';
import { withdrawals } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { allocate } from '../auctions/award.js';
import { postEntry } from './wallet.ledger.js';

/**
 * The merchant wallet as a state machine (PRODUCT.md §6): random sequences of sales, fees,
 * operator credits, withdrawal requests, the operator's reviews and the passing of time, on the
 * real app and database, each checked against a model kept here and against the ledger's own
 * invariants after every step.
 *
 * Sales and fees go through postEntry, the ledger function the payout run calls: driving them the
 * real way (an auction won, paid, completed, then a payout run a day later) costs a dozen requests
 * and moves the clock a day, which would hide the 24 h rule from most sequences.
 */

const HOUR_MS = 3_600_000;
const NUM_RUNS = 25;
const MAX_COMMANDS = 25;
/**
 * The runs themselves take 5–15 s. This bounds the shrinking of a failure (each attempt signs a
 * merchant up), which then reports the smallest counterexample found so far.
 */
const TIME_LIMIT_MS = 90_000;

/** A fixed amount, or a share of the balance at that moment (so fitting and too-large both come up). */
type Amount = { sen: number } | { percent: number; plus: number };

type Command =
  | { kind: 'sale' | 'fee' | 'deposit'; amount: number }
  | { kind: 'withdraw'; amount: Amount }
  | { kind: 'approve' | 'reject' }
  | { kind: 'advance'; ms: number }
  /** To the moment the 24 h rule ends, plus `offsetMs` (negative: just before it). */
  | { kind: 'advanceToNext'; offsetMs: number };

const amountArb: fc.Arbitrary<Amount> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      percent: fc.integer({ min: 1, max: 100 }),
      plus: fc.constantFrom(0, 0, 1, -1),
    }),
  },
  { weight: 2, arbitrary: fc.record({ sen: fc.integer({ min: MIN_WITHDRAWAL, max: 200_000 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({ sen: fc.integer({ min: -2_000, max: MIN_WITHDRAWAL - 1 }) }),
  },
  { weight: 1, arbitrary: fc.constant({ sen: MAX_WITHDRAWAL + 1 }) },
);

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('sale' as const),
      amount: fc.integer({ min: 1, max: 50_000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('fee' as const),
      amount: fc.integer({ min: 1, max: 20_000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('deposit' as const),
      amount: fc.integer({ min: 1, max: 100_000 }),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({ kind: fc.constant('withdraw' as const), amount: amountArb }),
  },
  { weight: 3, arbitrary: fc.constant({ kind: 'approve' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'reject' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      ms: fc.oneof(
        fc.integer({ min: 1, max: 6 * HOUR_MS }),
        fc.integer({ min: 0, max: 2 * WITHDRAWAL_INTERVAL_MS }),
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('advanceToNext' as const),
      offsetMs: fc.constantFrom(-1_000, -1, 0, 1, 60_000),
    }),
  },
);

interface ModelWithdrawal {
  id: string;
  amount: number;
  requestedAt: number;
  status: WithdrawalStatus;
}

/** What the wallet should be, worked out from the commands alone. */
class Model {
  /** Oldest first. */
  entries: { type: WalletEntryType; amount: number }[] = [];
  /** Oldest first. */
  withdrawals: ModelWithdrawal[] = [];
  constructor(public now: number) {}

  get balance() {
    return this.entries.reduce((sum, e) => sum + e.amount, 0);
  }
  get pending() {
    return this.withdrawals.find((w) => w.status === 'pending') ?? null;
  }
  /** When the newest withdrawal that counts towards the 24 h rule (not a rejected one) was asked. */
  get lastCounted() {
    const counted = this.withdrawals.filter((w) => w.status !== 'rejected');
    return counted.length ? Math.max(...counted.map((w) => w.requestedAt)) : null;
  }
  get nextWithdrawalAt() {
    const last = this.lastCounted;
    return last !== null && last + WITHDRAWAL_INTERVAL_MS > this.now
      ? last + WITHDRAWAL_INTERVAL_MS
      : null;
  }

  amountOf(amount: Amount) {
    return 'sen' in amount
      ? amount.sen
      : Math.floor((this.balance * amount.percent) / 100) + amount.plus;
  }

  /** The refusal the server must answer a withdrawal of `amount` with, in the order it checks. */
  refusalOf(amount: number): ErrorCode | null {
    if (amount < MIN_WITHDRAWAL) return 'WITHDRAWAL_BELOW_MINIMUM';
    if (amount > MAX_WITHDRAWAL) return 'INSUFFICIENT_BALANCE';
    if (this.pending) return 'WITHDRAWAL_PENDING';
    if (this.nextWithdrawalAt !== null) return 'WITHDRAWAL_TOO_SOON';
    if (amount > this.balance) return 'INSUFFICIENT_BALANCE';
    return null;
  }
}

const iso = (ms: number) => new Date(ms).toISOString();

describe.each(DB_KINDS)('merchant ledger property on %s', (kind) => {
  let t: TestApp;
  let seq = 7_000 + (kind === 'postgres' ? 3_000 : 0);
  let start: Date;
  /** Merchants registered ahead, a few at once: a sign-up's scrypt hash is most of a run's cost. */
  const ready: { client: Client; id: string }[] = [];

  const newMerchant = () => merchantWithMoney(t, ++seq, 0);

  beforeAll(async () => {
    t = await createTestApp(kind);
    start = t.clock.now();
    for (let i = 0; i < NUM_RUNS; i += 4) {
      ready.push(...(await Promise.all([0, 1, 2, 3].map(() => newMerchant()))));
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** A Sales Revenue or Service Fee entry as the payout run writes it; the refusal code, if any. */
  async function ledger(merchantId: string, type: WalletEntryType, amount: number) {
    try {
      await t.database.db.transaction((tx) =>
        postEntry(tx, { accountId: merchantId, type, amount, createdAt: t.clock.now() }),
      );
      return null;
    } catch (err) {
      if (err instanceof AppError) return err.code;
      throw err;
    }
  }

  async function statement(merchant: Client, pageSize: number): Promise<WalletEntry[]> {
    const all: WalletEntry[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?limit=${pageSize}${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await merchant.get(`/api/wallet/statement${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as StatementResponse;
      expect(page.items.length).toBeLessThanOrEqual(pageSize);
      all.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return all;
  }

  async function pendingRows(merchantId: string) {
    const [row] = await t.database.db
      .select({ n: count() })
      .from(withdrawals)
      .where(and(eq(withdrawals.merchantId, merchantId), eq(withdrawals.status, 'pending')));
    return row?.n ?? 0;
  }

  /** Runs one command against the app and the model; returns what happened, for the trace. */
  async function step(
    cmd: Command,
    model: Model,
    merchant: Client,
    merchantId: string,
  ): Promise<string> {
    switch (cmd.kind) {
      case 'sale':
      case 'fee': {
        const type = cmd.kind === 'sale' ? 'sales_revenue' : 'service_fee';
        const amount = cmd.kind === 'sale' ? cmd.amount : -cmd.amount;
        const expected = model.balance + amount < 0 ? 'INSUFFICIENT_BALANCE' : null;
        const got = await ledger(merchantId, type, amount);
        expect(got, `${type} ${amount}`).toBe(expected);
        if (!got) model.entries.push({ type, amount });
        return got ?? 'posted';
      }
      case 'deposit': {
        const res = await operatorCall(
          t,
          'POST',
          `/wallets/${merchantId}/credit`,
          { amount: cmd.amount },
          { 'idempotency-key': randomUUID() },
        );
        expect(res.statusCode, res.body).toBe(200);
        model.entries.push({ type: 'deposit', amount: cmd.amount });
        expect(res.json()).toEqual({ accountId: merchantId, balance: model.balance });
        return 'credited';
      }
      case 'withdraw': {
        const amount = model.amountOf(cmd.amount);
        const expected = model.refusalOf(amount);
        const key = randomUUID();
        const res = await withdraw(merchant, amount, key);
        const body = res.json() as Withdrawal & { code?: string; retryAfterSeconds?: number };
        const label = `withdraw ${amount}`;
        if (expected) {
          expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, label).toBeLessThan(500);
          expect(body.code, `${label}: ${res.body}`).toBe(expected);
          if (expected === 'WITHDRAWAL_TOO_SOON') {
            expect(body.retryAfterSeconds).toBe(
              Math.ceil(((model.nextWithdrawalAt ?? 0) - model.now) / 1000),
            );
          }
          return `${amount} → ${expected}`;
        }
        expect(res.statusCode, `${label}: ${res.body}`).toBe(200);
        expect(body).toMatchObject({ amount, status: 'pending', requestedAt: iso(model.now) });
        model.withdrawals.push({ id: body.id, amount, requestedAt: model.now, status: 'pending' });
        model.entries.push({ type: 'withdrawal', amount: -amount });
        // The same key again answers the same, and moves nothing (the checks below would see it).
        const again = await withdraw(merchant, amount, key);
        expect(again.json()).toEqual(body);
        return `${amount} → pending ${body.id.slice(0, 8)}`;
      }
      case 'approve':
      case 'reject': {
        const target = model.pending ?? model.withdrawals.at(-1);
        if (!target) return 'no withdrawal to review';
        const status = cmd.kind === 'approve' ? 'completed' : 'rejected';
        const res = await operatorCall(
          t,
          'POST',
          `/withdrawals/${target.id}/${cmd.kind}`,
          cmd.kind === 'reject' ? { reason: 'Account closed' } : undefined,
        );
        const label = `${cmd.kind} ${target.status} ${target.id.slice(0, 8)}`;
        if (target.status !== 'pending' && target.status !== status) {
          expect(res.statusCode, label).toBe(409);
          expect(res.json().code, label).toBe('ALREADY_REVIEWED');
          return `${target.status} → ALREADY_REVIEWED`;
        }
        expect(res.statusCode, `${label}: ${res.body}`).toBe(200);
        expect(res.json()).toMatchObject({ id: target.id, amount: target.amount, status });
        if (target.status === 'pending' && status === 'rejected') {
          model.entries.push({ type: 'refund_received', amount: target.amount });
        }
        const was = target.status;
        target.status = status;
        return `${was} → ${status}`;
      }
      case 'advance':
      case 'advanceToNext': {
        let ms = cmd.kind === 'advance' ? cmd.ms : 0;
        if (cmd.kind === 'advanceToNext') {
          const last = model.lastCounted;
          if (last === null) return 'no withdrawal counts';
          ms = Math.max(0, last + WITHDRAWAL_INTERVAL_MS + cmd.offsetMs - model.now);
        }
        t.clock.advance(ms);
        model.now += ms;
        return `+${ms} ms`;
      }
    }
  }

  /** What must hold after every command, whatever happened. */
  async function checkInvariants(
    model: Model,
    merchant: Client,
    merchantId: string,
    pageSize: number,
  ) {
    const wallet = await walletOf(merchant);
    const entries = await statement(merchant, pageSize);
    const ids = entries.map((e) => BigInt(e.id));
    for (let i = 1; i < ids.length; i++) {
      expect(ids[i]! < ids[i - 1]!, 'statement newest first, each entry once').toBe(true);
    }

    let running = 0;
    for (const entry of entries.toReversed()) {
      running += entry.amount;
      expect(entry.balanceAfter, `balanceAfter of entry ${entry.id} = running sum`).toBe(running);
      expect(entry.balanceAfter, `balanceAfter of entry ${entry.id}`).toBeGreaterThanOrEqual(0);
    }
    expect(wallet.balance, 'balance = sum of all entries').toBe(running);
    expect(
      entries.toReversed().map((e) => ({ type: e.type, amount: e.amount })),
      'entries (oldest first) as the model has them',
    ).toEqual(model.entries);
    expect(wallet.balance, 'balance as the model has it').toBe(model.balance);

    const pending = model.pending;
    const shown = wallet.pendingWithdrawal;
    expect(
      shown && { id: shown.id, amount: shown.amount, status: shown.status },
      'pendingWithdrawal',
    ).toEqual(pending && { id: pending.id, amount: pending.amount, status: 'pending' });
    const next = model.nextWithdrawalAt;
    expect(wallet.nextWithdrawalAt, 'nextWithdrawalAt').toBe(next === null ? null : iso(next));
    const rows = await pendingRows(merchantId);
    expect(rows, 'Pending withdrawals in the table').toBeLessThanOrEqual(1);
    expect(rows, 'Pending withdrawals in the table').toBe(pending ? 1 : 0);
  }

  it(
    'balance, statement and withdrawal rules agree with a model after every command',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          // An opening credit, or none: without one most sequences spend their first steps refused.
          fc.oneof(fc.constant(0), fc.integer({ min: MIN_WITHDRAWAL, max: 200_000 })),
          fc.array(commandArb, { minLength: 8, maxLength: MAX_COMMANDS - 1, size: 'max' }),
          fc.integer({ min: 5, max: 100 }),
          async (opening, rest, pageSize) => {
            // Every run starts at the same instant: the merchants registered up front still have
            // fresh sessions, and a counterexample replays the same way.
            t.clock.set(start);
            const { client: merchant, id: merchantId } = ready.shift() ?? (await newMerchant());
            const model = new Model(t.clock.now().getTime());
            const commands: Command[] = opening
              ? [{ kind: 'deposit', amount: opening }, ...rest]
              : rest;
            const trace: string[] = [];
            for (const [i, cmd] of commands.entries()) {
              const line = `${i + 1}. ${JSON.stringify(cmd)}`;
              let what = 'FAILED';
              try {
                what = await step(cmd, model, merchant, merchantId);
                await checkInvariants(model, merchant, merchantId, pageSize);
                trace.push(`${line}: ${what} (balance ${model.balance})`);
              } catch (err) {
                const message = err instanceof Error ? err.message : String(err);
                trace.push(`${line}: ${what === 'FAILED' ? what : `${what}, then a check FAILED`}`);
                throw new Error(
                  `${message}\n\nSteps (page size ${pageSize}):\n${trace.join('\n')}`,
                  {
                    cause: err,
                  },
                );
              }
            }
          },
        ),
        { numRuns: NUM_RUNS, plugins: [fc.interruptAfterTimeLimit(TIME_LIMIT_MS)] },
      );
    },
    TIME_LIMIT_MS + 60_000,
  );
});

// The buyer's wallet: covered bids and the payment deadline (PRODUCT.md §4a)

/**
 * A buyer's wallet as a state machine: random sequences of bids, raises and buyouts (its own and
 * a rival's, on a few lots of one merchant), operator credits and credit limits, payments, lots
 * closing and the clock passing payment deadlines, each checked against a model kept here. After
 * every step the cover the server shows must be the model's, the exposure must stay within balance
 * plus credit limit (the operator only raises the limit here: lowering it may leave a buyer over,
 * by design), every charged order must have exactly one Payment entry and none a second.
 */

const BUYER_RUNS = 25;
const BUYER_MAX_ROUNDS = 8;
const BUYER_TIME_LIMIT_MS = 90_000;
/** Each lot: 10 kg from RM 10.00/kg, buyout (when it has one) at RM 20.00/kg. */
const LOT_QUANTITY = 100;
const START_PRICE = 1000;
const BUYOUT_PRICE = 2000;
const MAX_LOTS = 16;
const RIVAL_MONEY = 10_000_000;

type Who = 'me' | 'rival';
type BuyerCommand =
  /** `anyLot`: among all the run's lots, ended ones too; otherwise among those still open. */
  | { kind: 'bid'; who: Who; lot: number; anyLot: boolean; quantity: number; steps: number }
  | { kind: 'raise'; who: Who; lot: number; more: number; steps: number }
  | { kind: 'buyout'; who: Who; lot: number; anyLot: boolean }
  | { kind: 'deposit'; amount: number }
  | { kind: 'raiseLimit'; more: number }
  | { kind: 'pay'; pick: number }
  | { kind: 'publish'; buyout: boolean }
  | { kind: 'advance'; ms: number }
  /** To the next lot's end, or the next unpaid order's deadline, plus `offsetMs`. */
  | { kind: 'toLotEnd' | 'toDeadline'; offsetMs: number }
  /**
   * The lot closer, or the deadline job, as the server runs them; with `offsetMs` set, first to
   * the next lot's end, or the next deadline, plus that.
   */
  | { kind: 'close' | 'settle'; offsetMs: number | null };

const whoArb = fc.constantFrom<Who>('me', 'me', 'rival');
const lotArb = fc.integer({ min: 0, max: MAX_LOTS - 1 });
const offsetArb = fc.constantFrom(-1_000, -1, 0, 1, 60_000);
const anyLotArb = fc.constantFrom(false, false, false, false, true);
/** What the buyer, its rival and the operator do while lots are open. */
const actionArb: fc.Arbitrary<BuyerCommand> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('bid' as const),
      who: whoArb,
      lot: lotArb,
      anyLot: anyLotArb,
      quantity: fc.oneof(
        { weight: 9, arbitrary: fc.integer({ min: 1, max: LOT_QUANTITY }) },
        { weight: 1, arbitrary: fc.integer({ min: LOT_QUANTITY + 1, max: LOT_QUANTITY + 10 }) },
      ),
      // Mostly under the buyout price; now and then at it (refused) or, without one, above it.
      steps: fc.oneof(
        { weight: 9, arbitrary: fc.integer({ min: 0, max: 40 }) },
        { weight: 1, arbitrary: fc.integer({ min: 100, max: 103 }) },
      ),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('raise' as const),
      who: whoArb,
      lot: lotArb,
      more: fc.integer({ min: 0, max: 30 }),
      steps: fc.integer({ min: 0, max: 5 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('buyout' as const),
      who: whoArb,
      lot: lotArb,
      anyLot: anyLotArb,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('deposit' as const),
      amount: fc.integer({ min: 1, max: 20_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('raiseLimit' as const),
      more: fc.integer({ min: 1, max: 10_000 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('pay' as const), pick: fc.nat({ max: 9 }) }),
  },
);

/** The clock moving, and the server's jobs running. */
const timeArb: fc.Arbitrary<BuyerCommand> = fc.oneof(
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      ms: fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min: 0, max: 20 * 60_000 }) },
        { weight: 1, arbitrary: fc.integer({ min: 0, max: 30 * HOUR_MS }) },
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constantFrom('toLotEnd' as const, 'toDeadline' as const),
      offsetMs: offsetArb,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constantFrom('close' as const, 'settle' as const),
      offsetMs: fc.option(fc.constantFrom(0, 1, 60_000), { freq: 3 }),
    }),
  },
);

/**
 * A trading round: lots published (up to two, with or without a buyout price), a few actions,
 * then time passing and jobs running.
 */
const roundArb: fc.Arbitrary<BuyerCommand[]> = fc
  .tuple(
    fc.array(fc.boolean(), { maxLength: 2 }),
    fc.array(actionArb, { minLength: 1, maxLength: 8 }),
    fc.array(timeArb, { minLength: 1, maxLength: 3 }),
  )
  .map(([lots, actions, time]) => [
    ...lots.map((buyout) => ({ kind: 'publish' as const, buyout })),
    ...actions,
    ...time,
  ]);

interface ModelBid {
  id: string;
  seq: number;
  who: Who;
  quantity: number;
  price: number;
  createdAt: Date;
}
interface ModelLot {
  id: string;
  buyoutPrice: number | null;
  endsAt: number;
  /** Awarded by the closer or a buyout: its bids are no longer held. */
  closed: boolean;
  /** Standing bids, one per bidder at most. */
  bids: ModelBid[];
}
interface ModelOrder {
  id: string;
  lotId: string;
  subtotal: number;
  payBy: number;
  status: 'pending_payment' | 'paid' | 'canceled';
  chargedAtDeadline: boolean;
}

/** The buyer's side of the market, worked out from the commands alone. */
class BuyerModel {
  balance = 0;
  creditLimit = 0;
  lots: ModelLot[] = [];
  orders: ModelOrder[] = [];
  /** The buyer's wallet entries, oldest first. */
  entries: { type: WalletEntryType; amount: number; orderId: string | null }[] = [];
  private seq = 0;
  constructor(public now: number) {}

  nextSeq() {
    return (this.seq += 1);
  }
  mine(lot: ModelLot) {
    return lot.bids.find((b) => b.who === 'me');
  }
  get exposure() {
    const bids = this.lots
      .filter((l) => !l.closed)
      .reduce((s, l) => {
        const b = this.mine(l);
        return s + (b ? amountOf(b.quantity, b.price) : 0);
      }, 0);
    const unpaid = this.orders
      .filter((o) => o.status === 'pending_payment')
      .reduce((s, o) => s + o.subtotal, 0);
    return bids + unpaid;
  }
  get cover() {
    return this.balance + this.creditLimit;
  }

  /** The refusal (in the server's order of checks) of a bid; the rival's cover never runs out. */
  bidRefusal(
    who: Who,
    lot: ModelLot,
    quantity: number,
    price: number,
  ): { code: ErrorCode; shortfall?: number } | null {
    if (lot.closed || this.now >= lot.endsAt) return { code: 'LOT_ENDED' };
    if (lot.buyoutPrice !== null && price >= lot.buyoutPrice) return { code: 'BID_AT_BUYOUT' };
    if (quantity > LOT_QUANTITY) return { code: 'BID_OVER_QUANTITY' };
    const previous = lot.bids.find((b) => b.who === who);
    if (
      previous &&
      !(
        price >= previous.price &&
        quantity >= previous.quantity &&
        (price > previous.price || quantity > previous.quantity)
      )
    ) {
      return { code: 'BID_NOT_RAISED' };
    }
    return who === 'me' ? this.coverRefusal(amountOf(quantity, price), previous) : null;
  }

  coverRefusal(amount: number, replaces: ModelBid | undefined) {
    const shortfall =
      this.exposure -
      (replaces ? amountOf(replaces.quantity, replaces.price) : 0) +
      amount -
      this.cover;
    return shortfall > 0 ? { code: 'INSUFFICIENT_BALANCE' as const, shortfall } : null;
  }

  /** An accepted bid, standing in place of the bidder's previous one. */
  placeBid(who: Who, lot: ModelLot, quantity: number, price: number) {
    lot.bids = lot.bids.filter((b) => b.who !== who);
    const seq = this.nextSeq();
    const bid = { id: `${who}-${seq}`, seq, who, quantity, price, createdAt: new Date(this.now) };
    lot.bids.push(bid);
    return bid;
  }

  /** What the buyer wins when `lot` is awarded (a buyout gives the whole lot to that bid). */
  award(lot: ModelLot, buyout: ModelBid | null): number {
    lot.closed = true;
    const mine = this.mine(lot);
    if (!mine) return 0;
    if (buyout) return buyout === mine ? LOT_QUANTITY : 0;
    return allocate(lot.bids, LOT_QUANTITY).find((a) => a.bid === mine)?.quantity ?? 0;
  }
}

describe.each(DB_KINDS)('buyer cover and deadline property on %s', (kind) => {
  let t: TestApp;
  let start: Date;
  let merchant: Client;
  let lot: LotInput;
  let seq = 20_000 + (kind === 'postgres' ? 3_000 : 0);
  /** A buyer and its rival for each run, signed up ahead (the rival with plenty of money). */
  const ready: { me: Buyer; rival: Buyer }[] = [];
  const pair = async () => ({
    me: await newBuyer(t, (seq += 1)),
    rival: await newBuyer(t, (seq += 1), { balance: RIVAL_MONEY }),
  });

  beforeAll(async () => {
    t = await createTestApp(kind);
    start = t.clock.now();
    merchant = (await verifiedMerchant(t, (seq += 1))).client;
    lot = await lotInput(merchant, t, {
      quantity: LOT_QUANTITY,
      startPrice: START_PRICE,
      buyoutPrice: BUYOUT_PRICE,
    });
    for (let i = 0; i < BUYER_RUNS; i += 4) {
      ready.push(...(await Promise.all([0, 1, 2, 3].map(() => pair()))));
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  async function publishLots(model: BuyerModel, buyouts: boolean[]) {
    const landedAt = new Date(model.now - HOUR_MS).toISOString();
    const auction = await publish(
      merchant,
      buyouts.map((b) => ({ ...lot, landedAt, buyoutPrice: b ? BUYOUT_PRICE : null })),
    );
    for (const [i, id] of auction.lotIds.entries()) {
      model.lots.push({
        id,
        buyoutPrice: buyouts[i] ? BUYOUT_PRICE : null,
        endsAt: Date.parse(auction.endsAt),
        closed: false,
        bids: [],
      });
    }
  }

  /** The buyer's orders as the database holds them, with their Payment entries counted. */
  async function ordersInDb(buyerId: string) {
    return rowsOf<{
      id: string;
      lot_id: string;
      status: string;
      subtotal: string;
      pay_by: string | Date;
      charged_at_deadline: boolean;
      payments: number;
    }>(
      await t.database.db.execute(sql`
        select o.id::text, o.lot_id::text, o.status::text, o.subtotal, o.pay_by,
          o.charged_at_deadline,
          (select count(*) from wallet_entries w
            where w.order_id = o.id and w.type = 'payment')::int as payments
        from orders o where o.buyer_id = ${buyerId} order by o.created_at, o.id`),
    ).map((r) => ({
      id: r.id,
      lotId: r.lot_id,
      status: r.status,
      subtotal: Number(r.subtotal),
      payBy: new Date(r.pay_by).getTime(),
      chargedAtDeadline: r.charged_at_deadline,
      payments: r.payments,
    }));
  }

  /** Orders the lots just awarded gave the buyer, as the model expects them, with their ids. */
  async function addOrders(model: BuyerModel, me: Buyer, won: { lot: ModelLot; q: number }[]) {
    const inDb = await ordersInDb(me.id);
    for (const { lot: l, q } of won) {
      if (q === 0) continue;
      const mine = model.mine(l);
      const row = inDb.find((o) => o.lotId === l.id);
      expect(row, `an order of lot ${l.id.slice(0, 8)}`).toBeDefined();
      model.orders.push({
        id: row?.id ?? '',
        lotId: l.id,
        subtotal: amountOf(q, mine?.price ?? 0),
        payBy: model.now + PAYMENT_WINDOW_MS,
        status: 'pending_payment',
        chargedAtDeadline: false,
      });
    }
  }

  async function buyerStep(
    cmd: BuyerCommand,
    model: BuyerModel,
    me: Buyer,
    rival: Buyer,
  ): Promise<string> {
    const clientOf = (who: Who) => (who === 'me' ? me.client : rival.client);
    switch (cmd.kind) {
      case 'bid':
      case 'raise': {
        // A raise picks among the lots the bidder has a bid on.
        const l =
          cmd.kind === 'raise'
            ? pick(
                model.lots.filter((x) => x.bids.some((b) => b.who === cmd.who)),
                cmd.lot,
              )
            : lotFor(model, cmd);
        if (!l) return 'no bid to raise';
        const previous = l.bids.find((b) => b.who === cmd.who);
        const quantity = cmd.kind === 'bid' ? cmd.quantity : (previous?.quantity ?? 0) + cmd.more;
        const price =
          cmd.kind === 'bid'
            ? START_PRICE + PRICE_STEP * cmd.steps
            : (previous?.price ?? 0) + PRICE_STEP * cmd.steps;
        const expected = model.bidRefusal(cmd.who, l, quantity, price);
        const res = await clientOf(cmd.who).post(`/api/buyer/lots/${l.id}/bids`, {
          quantity,
          price,
        });
        const label = `${cmd.who} ${quantity}@${price}`;
        if (expected) {
          expect(res.json(), `${label}: ${res.body}`).toMatchObject(expected);
          return `${label} → ${expected.code}${expected.shortfall ? ` ${expected.shortfall}` : ''}`;
        }
        expect(res.statusCode, `${label}: ${res.body}`).toBe(200);
        model.placeBid(cmd.who, l, quantity, price);
        return `${label} → standing`;
      }
      case 'buyout': {
        const l = lotFor(model, cmd) as ModelLot;
        const previous = l.bids.find((b) => b.who === cmd.who);
        let expected: { code: ErrorCode; shortfall?: number } | null = null;
        if (l.closed || model.now >= l.endsAt) expected = { code: 'LOT_ENDED' };
        else if (l.buyoutPrice === null) expected = { code: 'NO_BUYOUT' };
        else if (cmd.who === 'me') {
          expected = model.coverRefusal(amountOf(LOT_QUANTITY, l.buyoutPrice), previous);
        }
        const res = await clientOf(cmd.who).post(`/api/buyer/lots/${l.id}/buyout`);
        if (expected) {
          expect(res.json(), res.body).toMatchObject(expected);
          return `${cmd.who} buyout → ${expected.code}`;
        }
        expect(res.statusCode, res.body).toBe(200);
        const bid = model.placeBid(cmd.who, l, LOT_QUANTITY, l.buyoutPrice ?? 0);
        await addOrders(model, me, [{ lot: l, q: model.award(l, bid) }]);
        return `${cmd.who} bought out`;
      }
      case 'deposit': {
        const res = await operatorCall(
          t,
          'POST',
          `/wallets/${me.id}/credit?role=buyer`,
          { amount: cmd.amount },
          { 'idempotency-key': randomUUID() },
        );
        expect(res.statusCode, res.body).toBe(200);
        model.balance += cmd.amount;
        model.entries.push({ type: 'deposit', amount: cmd.amount, orderId: null });
        return 'credited';
      }
      case 'raiseLimit': {
        model.creditLimit += cmd.more;
        const res = await operatorCall(t, 'PUT', `/buyers/${me.id}/credit-limit`, {
          amount: model.creditLimit,
        });
        expect(res.statusCode, res.body).toBe(200);
        return `limit ${model.creditLimit}`;
      }
      case 'pay': {
        const order = model.orders[cmd.pick % Math.max(1, model.orders.length)];
        if (!order) return 'no order to pay';
        let expected: ErrorCode | null = null;
        if (order.status === 'canceled') expected = 'ORDER_STATUS_CONFLICT';
        else if (order.status === 'pending_payment') {
          if (model.now >= order.payBy) expected = 'PAYMENT_EXPIRED';
          else if (model.balance < order.subtotal) expected = 'INSUFFICIENT_BALANCE';
        }
        const res = await payOrder(me.client, order.id);
        if (expected) {
          expect(res.json().code, res.body).toBe(expected);
          return `pay ${order.subtotal} → ${expected}`;
        }
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ id: order.id, status: 'paid' });
        if (order.status === 'pending_payment') {
          order.status = 'paid';
          model.balance -= order.subtotal;
          model.entries.push({ type: 'payment', amount: -order.subtotal, orderId: order.id });
          return `paid ${order.subtotal}`;
        }
        return 'paid already';
      }
      case 'publish': {
        if (model.lots.length >= MAX_LOTS) return 'enough lots';
        await publishLots(model, [cmd.buyout]);
        return 'published';
      }
      case 'advance':
      case 'toLotEnd':
      case 'toDeadline': {
        const ms = cmd.kind === 'advance' ? cmd.ms : msTo(model, cmd.kind, cmd.offsetMs);
        if (ms === null) return 'nothing ahead';
        t.clock.advance(ms);
        model.now += ms;
        return `+${ms} ms`;
      }
      case 'close':
      case 'settle': {
        const ms =
          cmd.offsetMs === null
            ? 0
            : (msTo(model, cmd.kind === 'close' ? 'toLotEnd' : 'toDeadline', cmd.offsetMs) ?? 0);
        t.clock.advance(ms);
        model.now += ms;
        return `+${ms} ms, ${await (cmd.kind === 'close' ? close(model, me) : settle(model, me))}`;
      }
    }
  }

  const pick = <T>(items: readonly T[], i: number): T | undefined => items[i % items.length];
  /** The lot a bid or buyout goes to: an open one, unless `anyLot` or none is open. */
  function lotFor(model: BuyerModel, cmd: { lot: number; anyLot: boolean }) {
    const open = model.lots.filter((l) => !l.closed && model.now < l.endsAt);
    return pick(cmd.anyLot || open.length === 0 ? model.lots : open, cmd.lot);
  }

  /** How far the next lot's end or the next deadline (plus `offsetMs`) is ahead, if any is. */
  function msTo(model: BuyerModel, to: 'toLotEnd' | 'toDeadline', offsetMs: number) {
    const times =
      to === 'toLotEnd'
        ? model.lots.filter((l) => !l.closed).map((l) => l.endsAt)
        : model.orders.filter((o) => o.status === 'pending_payment').map((o) => o.payBy);
    const next = times.filter((at) => at + offsetMs > model.now).sort((a, b) => a - b)[0];
    return next === undefined ? null : next + offsetMs - model.now;
  }

  async function close(model: BuyerModel, me: Buyer) {
    await t.app.services.auctions.closeDueLots();
    const due = model.lots.filter((l) => !l.closed && l.endsAt <= model.now);
    await addOrders(
      model,
      me,
      due.map((l) => ({ lot: l, q: model.award(l, null) })),
    );
    return `${due.length} lots closed`;
  }

  async function settle(model: BuyerModel, me: Buyer) {
    const due = model.orders
      .filter((o) => o.status === 'pending_payment' && o.payBy <= model.now)
      .sort((a, b) => a.payBy - b.payBy);
    // Two runs at once, as two processes' deadline jobs would; then a third finds nothing.
    await Promise.all([
      t.app.services.orders.settleOverdue(),
      t.app.services.orders.settleOverdue(),
    ]);
    await t.app.services.orders.settleOverdue();
    const inDb = new Map((await ordersInDb(me.id)).map((o) => [o.id, o]));
    // Orders are settled in deadline order, and orders with one deadline in any order: so
    // per deadline, those charged must fit the balance together, and each default must not
    // fit what was left after them.
    let balance = model.balance;
    const charged: ModelOrder[] = [];
    for (const payBy of [...new Set(due.map((o) => o.payBy))]) {
      const group = due.filter((o) => o.payBy === payBy);
      const paid = group.filter((o) => inDb.get(o.id)?.status === 'paid');
      const defaulted = group.filter((o) => inDb.get(o.id)?.status === 'canceled');
      expect(paid.length + defaulted.length, 'every due order settled').toBe(group.length);
      balance -= paid.reduce((s, o) => s + o.subtotal, 0);
      expect(balance, 'charges within the balance').toBeGreaterThanOrEqual(0);
      for (const o of defaulted) {
        expect(o.subtotal, 'a default the wallet could have paid').toBeGreaterThan(balance);
      }
      for (const o of paid) {
        o.status = 'paid';
        o.chargedAtDeadline = true;
        charged.push(o);
      }
      for (const o of defaulted) o.status = 'canceled';
    }
    // The charges' entries, in the order the server wrote them.
    const entries = (await walletEntriesOf(me.client)).toReversed();
    const written = entries.slice(model.entries.length);
    expect(
      written.map((e) => `${e.type} ${e.orderId} ${e.amount}`).sort(),
      'one Payment entry per charge',
    ).toEqual(charged.map((o) => `payment ${o.id} ${-o.subtotal}`).sort());
    for (const e of written) {
      model.entries.push({ type: e.type, amount: e.amount, orderId: e.orderId });
    }
    model.balance = balance;
    return `${charged.length} charged, ${due.length - charged.length} defaulted`;
  }

  async function walletEntriesOf(client: Client) {
    const res = await client.get('/api/buyer/wallet');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { entries: WalletEntry[] }).entries;
  }

  /** What must hold after every command, whatever happened. */
  async function checkBuyer(model: BuyerModel, me: Buyer) {
    const res = await me.client.get('/api/buyer/wallet');
    expect(res.statusCode, res.body).toBe(200);
    const wallet = res.json() as { balance: number; cover: BuyerCover; entries: WalletEntry[] };
    expect(wallet.cover, 'cover as the model has it').toEqual({
      balance: model.balance,
      creditLimit: model.creditLimit,
      exposure: model.exposure,
      available: model.cover - model.exposure,
    });
    expect(wallet.cover.exposure, 'exposure ≤ balance + credit limit').toBeLessThanOrEqual(
      wallet.cover.balance + wallet.cover.creditLimit,
    );

    let running = 0;
    for (const entry of wallet.entries.toReversed()) {
      running += entry.amount;
      expect(entry.balanceAfter, `balanceAfter of entry ${entry.id}`).toBe(running);
    }
    expect(wallet.balance).toBe(running);
    expect(
      wallet.entries
        .toReversed()
        .map((e) => ({ type: e.type, amount: e.amount, orderId: e.orderId })),
      'entries (oldest first) as the model has them',
    ).toEqual(model.entries);

    const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);
    const inDb = (await ordersInDb(me.id)).sort(byId);
    expect(
      inDb.map((o) => ({
        id: o.id,
        lotId: o.lotId,
        subtotal: o.subtotal,
        payBy: o.payBy,
        status: o.status,
        chargedAtDeadline: o.chargedAtDeadline,
      })),
      'orders as the model has them',
    ).toEqual(
      [...model.orders].sort(byId).map((o) => ({
        id: o.id,
        lotId: o.lotId,
        subtotal: o.subtotal,
        payBy: o.payBy,
        status: o.status,
        chargedAtDeadline: o.chargedAtDeadline,
      })),
    );
    for (const o of inDb) {
      expect(o.payments, `Payment entries of order ${o.id.slice(0, 8)}`).toBe(
        o.status === 'paid' ? 1 : 0,
      );
    }
  }

  it(
    'cover, charges and defaults agree with a model after every command',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: 20_000 }),
          fc.integer({ min: 0, max: 30_000 }),
          fc.array(roundArb, { minLength: 2, maxLength: BUYER_MAX_ROUNDS, size: 'max' }),
          async (opening, limit, rounds) => {
            const commands = rounds.flat();
            t.clock.set(start);
            const { me, rival } = ready.shift() ?? (await pair());
            const model = new BuyerModel(t.clock.now().getTime());
            // Three lots, ending two minutes apart.
            for (const buyout of [true, false, true]) {
              await publishLots(model, [buyout]);
              t.clock.advance(2 * 60_000);
              model.now += 2 * 60_000;
            }
            const all: BuyerCommand[] = [
              ...(opening ? [{ kind: 'deposit' as const, amount: opening }] : []),
              ...(limit ? [{ kind: 'raiseLimit' as const, more: limit }] : []),
              ...commands,
            ];
            const trace: string[] = [];
            for (const [i, cmd] of all.entries()) {
              const line = `${i + 1}. ${JSON.stringify(cmd)}`;
              let what = 'FAILED';
              try {
                what = await buyerStep(cmd, model, me, rival);
                await checkBuyer(model, me);
                trace.push(
                  `${line}: ${what} (balance ${model.balance}, limit ${model.creditLimit}, exposure ${model.exposure})`,
                );
              } catch (err) {
                const message = err instanceof Error ? err.message : String(err);
                trace.push(`${line}: ${what === 'FAILED' ? what : `${what}, then a check FAILED`}`);
                throw new Error(`${message}\n\nSteps:\n${trace.join('\n')}`, { cause: err });
              }
            }
            // And the whole database still holds together: ledgers, orders, awards.
            const broken = await brokenInvariants(async (text) =>
              rowsOf(await t.database.db.execute(sql.raw(text))),
            );
            expect(broken, `after:\n${trace.join('\n')}`).toEqual([]);
          },
        ),
        { numRuns: BUYER_RUNS, plugins: [fc.interruptAfterTimeLimit(BUYER_TIME_LIMIT_MS)] },
      );
    },
    BUYER_TIME_LIMIT_MS + 60_000,
  );
});
