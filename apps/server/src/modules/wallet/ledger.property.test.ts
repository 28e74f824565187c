import { randomUUID } from 'node:crypto';
import {
  type ErrorCode,
  MAX_WITHDRAWAL,
  MIN_WITHDRAWAL,
  type StatementResponse,
  type WalletEntry,
  type WalletEntryType,
  type Withdrawal,
  WITHDRAWAL_INTERVAL_MS,
  type WithdrawalStatus,
} from '@sm/contract';
import { and, count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestApp, DB_KINDS, type TestApp } from '../../../test/helpers.js';
import { merchantWithMoney, operatorCall, walletOf, withdraw } from '../../../test/wallet.js';
import { withdrawals } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
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
