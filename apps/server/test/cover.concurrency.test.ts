import { randomUUID } from 'node:crypto';
import { amountOf, type BuyerCover, MAX_LOTS_PER_AUCTION } from '@sm/contract';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { insertBoat } from '../src/modules/boats/boats.repo.js';
import { setBusinessStatus } from '../src/modules/store/store.repo.js';
import { DB_KINDS } from './helpers.js';
import {
  type Answer,
  callJson,
  HttpClient,
  PROCESS_OPERATOR_TOKEN,
  registerOverHttp,
  twoServersOnPostgres,
} from './processes.js';
import { uploadPhoto } from './reliability/market.js';

const operator = { authorization: `Bearer ${PROCESS_OPERATOR_TOKEN}`, 'x-operator': 'racer' };

const MERCHANTS = 5;
const BIDS = 100;
const BALANCE = 50_000; // RM 500.00
const CREDIT_LIMIT = 20_000; // RM 200.00

/**
 * PRODUCT.md §4a under real concurrency: one buyer fires 100 bids at once, on 100 lots of five
 * merchants, through two server processes on one PostgreSQL, asking for far more than its cover
 * (balance + credit limit). The cover is checked in each bid's transaction with the buyer's
 * account locked, so the bids accepted must together stay within it, and, since exposure only
 * grows while they run, every refused bid must be one that does not fit in what was left at the
 * end either (the outcome of taking the bids one at a time, in some order). Only PostgreSQL can
 * be shared by two processes, so this runs when it is there.
 */
describe.runIf(DB_KINDS.includes('postgres'))('covered bids racing across two processes', () => {
  const processes = twoServersOnPostgres({
    prefix: 'sm-cover-race-',
    env: {
      SEED_DEMO: 'false',
      DB_POOL_MAX: '10',
    },
  });
  const { via } = processes;
  const call = callJson;

  /** A verified merchant with a boat (set in the database) and one auction of 20 lots. */
  async function merchantWithLots(n: number): Promise<string[]> {
    const client = new HttpClient(via(n));
    await registerOverHttp(client, 'merchant', `+6019${6_100_000 + n}`, 'Demo@1234');
    const id = (await call(client, 'GET', '/api/me')).body.id as string;
    await setBusinessStatus(processes.db.database.db, id, 'verified');
    await insertBoat(processes.db.database.db, id, {
      boatNumber: `PKN ${n}`,
      ownerName: 'Ali',
      imageMediaId: null,
    });
    const boats = (await call(client, 'GET', '/api/boats')).body.items as { id: string }[];
    const photo = await uploadPhoto(client);
    const published = await call(client, 'POST', '/api/auctions', {
      lots: Array.from({ length: MAX_LOTS_PER_AUCTION }, (_, i) => ({
        boatId: boats[0]?.id,
        harbor: 'Kuala Selangor',
        freshness: 'fresh',
        landedAt: new Date(Date.now() - 3_600_000).toISOString(),
        name: `Kembung ${n}.${i}`,
        species: 'kembung',
        quantity: 1000,
        startPrice: 1000,
        buyoutPrice: null,
        photoIds: [photo],
      })),
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    return published.body.lotIds as string[];
  }

  let lotIds: string[] = [];
  let buyerSeq = 0;

  /** A new buyer with BALANCE in its wallet and CREDIT_LIMIT from the operator; its id. */
  async function coveredBuyer() {
    const client = new HttpClient(via(0));
    const phone = `+6019${6_200_000 + (buyerSeq += 1)}`;
    await registerOverHttp(client, 'buyer', phone, 'Demo@1234');
    const ops = new HttpClient(via(1));
    const credited = await call(
      ops,
      'POST',
      `/api/operator/wallets/${encodeURIComponent(phone)}/credit?role=buyer`,
      { amount: BALANCE },
      { ...operator, 'idempotency-key': randomUUID() },
    );
    expect(credited.status, JSON.stringify(credited.body)).toBe(200);
    const limited = await call(
      ops,
      'PUT',
      `/api/operator/buyers/${encodeURIComponent(phone)}/credit-limit`,
      { amount: CREDIT_LIMIT },
      operator,
    );
    expect(limited.status, JSON.stringify(limited.body)).toBe(200);
    return { client, id: limited.body.id as string };
  }

  /**
   * Fires one bid on each lot at once, alternating processes, and checks the outcome against the
   * cover; `hold` may take a lock first and answers how to let it go once the bids are in flight.
   * Prints the figures.
   */
  async function race(label: string, hold?: (buyerId: string) => Promise<() => Promise<void>>) {
    const { client: buyer, id: buyerId } = await coveredBuyer();
    const cover = BALANCE + CREDIT_LIMIT;
    // 1 to 10 kg at RM 10.00 to RM 14.90: RM 10 to RM 149 each, about RM 6,800 in all.
    const bids = lotIds.map((lotId, i) => ({
      lotId,
      quantity: 10 * (1 + ((i * 7) % 10)),
      price: 1000 + 10 * ((i * 13) % 50),
    }));
    const asked = bids.reduce((s, b) => s + amountOf(b.quantity, b.price), 0);
    expect(asked).toBeGreaterThan(5 * cover);

    const release = await hold?.(buyerId);
    const started = performance.now();
    const sending = Promise.all(
      bids.map((b, i) =>
        call(buyer.at(via(i)), 'POST', `/api/buyer/lots/${b.lotId}/bids`, {
          quantity: b.quantity,
          price: b.price,
        }),
      ),
    );
    await release?.();
    const answers = await sending;
    const wallMs = performance.now() - started;

    const accepted = bids.filter((_, i) => answers[i]?.status === 200);
    const refused = bids
      .map((b, i) => ({ ...b, answer: answers[i] as Answer }))
      .filter((b) => b.answer.status !== 200);
    const acceptedTotal = accepted.reduce((s, b) => s + amountOf(b.quantity, b.price), 0);
    // What the database holds: one standing bid per accepted request, nothing else.
    const { rows } = await processes.sql.query<{ lot_id: string; quantity: number; price: number }>(
      'select lot_id::text, quantity, price from bids where buyer_id = $1 and superseded_at is null',
      [buyerId],
    );
    const exposure = rows.reduce((s, r) => s + amountOf(r.quantity, r.price), 0);
    console.log(
      `cover race (${label}): ${bids.length} bids of one buyer at once over 2 processes on ` +
        `${lotIds.length} lots of ${MERCHANTS} merchants; asked ${asked} sen against a cover of ` +
        `${cover} sen (balance ${BALANCE} + credit limit ${CREDIT_LIMIT}); accepted ` +
        `${accepted.length} (${acceptedTotal} sen), refused ${refused.length}, 5xx ` +
        `${answers.filter((a) => a.status >= 500).length}; exposure ${exposure} sen ` +
        `${exposure <= cover ? '≤' : '>'} cover ${cover} sen; wall time ${wallMs.toFixed(0)} ms`,
    );

    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(new Set(refused.map((r) => `${r.answer.status} ${String(r.answer.body.code)}`))).toEqual(
      new Set(refused.length ? ['409 INSUFFICIENT_BALANCE'] : []),
    );
    expect(rows.map((r) => r.lot_id).sort()).toEqual(accepted.map((b) => b.lotId).sort());
    expect(exposure).toBe(acceptedTotal);
    expect(exposure, 'the accepted bids together stay within the cover').toBeLessThanOrEqual(cover);
    expect(accepted.length).toBeGreaterThan(0);
    // Taken one at a time, a bid is refused only when it does not fit in what is left then; what
    // is left only shrinks, so no refused bid fits in what is left at the end, and each shortfall
    // is at most what it would be at the end.
    const room = cover - exposure;
    for (const r of refused) {
      const amount = amountOf(r.quantity, r.price);
      expect(amount, `refused ${amount} sen with ${room} sen left`).toBeGreaterThan(room);
      const shortfall = r.answer.body.shortfall as number;
      expect(shortfall).toBeGreaterThan(0);
      expect(shortfall).toBeLessThanOrEqual(amount - room);
    }
    const wallet = await call(buyer, 'GET', '/api/buyer/wallet');
    expect(wallet.body.cover).toEqual({
      balance: BALANCE,
      creditLimit: CREDIT_LIMIT,
      exposure,
      available: cover - exposure,
    } satisfies BuyerCover);
  }

  it('100 bids of one buyer at once: the accepted ones stay within its cover, the rest are refused as uncovered', async () => {
    lotIds = (
      await Promise.all(Array.from({ length: MERCHANTS }, (_, n) => merchantWithLots(n)))
    ).flat();
    expect(lotIds).toHaveLength(BIDS);
    await race('as they come');
  }, 120_000);

  it('the same while another transaction holds the buyer’s account: the bids queue on it and are checked one after another', async () => {
    // A payment, a deadline charge or a slow bid of the buyer's holds its account for a moment;
    // here a connection of the test's own holds it while all 100 bids arrive and wait for it.
    const holder = new pg.Client({ connectionString: processes.db.url ?? '' });
    await holder.connect();
    try {
      await race('queued on the account lock', async (buyerId) => {
        await holder.query('begin');
        await holder.query('select id from accounts where id = $1 for no key update', [buyerId]);
        return async () => {
          // Both pools' connections (2 × 10) wait on the lock; then it is let go.
          const until = Date.now() + 10_000;
          for (;;) {
            const { rows } = await processes.sql.query<{ n: string }>(
              "select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
            );
            if (Number(rows[0]?.n) >= 20 || Date.now() > until) break;
            await new Promise((r) => setTimeout(r, 20));
          }
          await holder.query('commit');
        };
      });
    } finally {
      await holder.end();
    }
  }, 120_000);
});
