import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { klDate } from '../../src/lib/kl-time.js';
import { createTestDatabase, type TestDatabase } from '../helpers.js';
import { freePort } from '../ports.js';
import { type HttpClient, refusedStart } from '../processes.js';
import { openEventStream } from '../sse.js';
import { brokenInvariants, type Query } from './invariants.js';
import {
  bidOnAll,
  DAY,
  DEMO_BUYERS,
  FIFTEEN_MINUTES,
  idempotencyKey,
  inParallel,
  merchantsWithMoney,
  publishLots,
  review,
  reviewedStatus,
  ServerNode,
  settleOrders,
  signInOverHttp,
  uploadPhoto,
} from './market.js';

/**
 * Issue 7, item 3: the server killed with SIGKILL in the middle of its money-moving work, then
 * started again on the same database. Each round sets a whole day going at once (lots coming
 * due, the payout run, the operator's withdrawal reviews, the payment deadline) and kills the
 * process at a moment tied to one of them; the database must then be sound as the crash left it,
 * and again once the restarted server's jobs and the operator's retries have run.
 */

const LOTS_PER_ROUND = 12;
const LOT_QUANTITY = 300;
const WITHDRAWERS = 9;
const WITHDRAWAL = 1_500;
const CREDIT = 100;

/** Polls `done` every few ms: a kill must land close behind the effect it waits for. */
async function waitUntil(done: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

interface Market {
  node: ServerNode;
  merchant: HttpClient;
  buyers: HttpClient[];
  photo: string;
  withdrawers: { client: HttpClient; id: string }[];
  /** The lots of the last round, whose orders the next round pays, refunds and completes. */
  lastLots: string[];
  /** Days started so far: each credits every withdrawer once. */
  days: number;
}

/**
 * The market after its first day: accounts, and a day of lots ended, so that the first round
 * has orders to settle and the second a payout run with orders to pay out.
 */
async function openMarket(node: ServerNode, withdrawers: number): Promise<Market> {
  await node.start();
  const merchant = await signInOverHttp(node.base, 'merchant', '012-345 6789');
  const m: Market = {
    node,
    merchant,
    buyers: await Promise.all(DEMO_BUYERS.map((p) => signInOverHttp(node.base, 'buyer', p))),
    photo: await uploadPhoto(merchant),
    withdrawers: await merchantsWithMoney(node, withdrawers, 100_000),
    lastLots: [],
    days: 0,
  };
  m.lastLots = await publishLots(merchant, m.photo, LOTS_PER_ROUND, LOT_QUANTITY);
  await bidOnAll(m.buyers, m.lastLots, LOT_QUANTITY);
  await node.advance(FIFTEEN_MINUTES);
  await waitUntil(() => allAwarded(m, m.lastLots), 'the first day’s lots awarded');
  return m;
}

/**
 * Whether every lot has been awarded, as the merchant sees it (a lot past its end shows as ended
 * at once; its award appears when the closer has written it).
 */
async function allAwarded(m: Market, lotIds: string[]) {
  for (const id of lotIds) {
    const lot = await m.merchant.request('GET', `/api/lots/${id}`);
    if (lot.json().award === null) return false;
  }
  return true;
}

/**
 * The day before: yesterday's orders settled, lots and bids placed, withdrawals requested, the
 * day's operator credits decided.
 */
async function prepareDay(m: Market) {
  // After a failed round, the next one starts from a running server and says what it finds.
  if (!m.node.process) await m.node.start();
  if (m.lastLots.length > 0) await settleOrders(m.merchant, m.buyers, m.lastLots);
  const lotIds = await publishLots(m.merchant, m.photo, LOTS_PER_ROUND, LOT_QUANTITY);
  await bidOnAll(m.buyers, lotIds, LOT_QUANTITY);
  const withdrawals = await inParallel(m.withdrawers, 4, async ({ client }) => {
    const res = await client.request(
      'POST',
      '/api/wallet/withdrawals',
      { amount: WITHDRAWAL },
      idempotencyKey(),
    );
    expect(res.status, JSON.stringify(res.json())).toBe(200);
    return res.json().id as string;
  });
  m.lastLots = lotIds;
  m.days += 1;
  // Operator credits, one per withdrawer, each with its key: in flight at the kill, then retried.
  const credits = m.withdrawers.map(({ id }) => ({ id, key: idempotencyKey() }));
  return { lotIds, withdrawals, credits };
}

const credit = (m: Market, { id, key }: Day['credits'][number]) =>
  m.node.operator('POST', `/wallets/${id}/credit`, { amount: CREDIT }, key);

type Day = Awaited<ReturnType<typeof prepareDay>>;

/**
 * A day later: the lots come due and yesterday's unpaid orders pass their deadline; once the
 * closer is at work (`closerStarted`), the operator starts the payout run, reviews every
 * withdrawal and sends the credits, so that all of it is in flight together. `all` settles when
 * every call has answered or lost its connection.
 */
async function startDay(m: Market, day: Day, closerStarted: () => Promise<void>) {
  await m.node.advance(DAY);
  await closerStarted();
  const calls = [
    m.node.operator('POST', '/payouts/run'),
    ...day.withdrawals.map((id, i) => review(m.node, id, i)),
    ...day.credits.map((c) => credit(m, c)),
  ];
  return { all: Promise.allSettled(calls) };
}

/**
 * After the restart: the closer ends what is left; the operator, not knowing which of their
 * calls took, makes them all again; each gets the answer of a call that took, and nothing
 * happens twice. A second payout run finds nothing left to do.
 */
async function recoverDay(m: Market, day: Day) {
  await m.node.start();
  await waitUntil(() => allAwarded(m, day.lotIds), 'every lot awarded after the restart');
  expect((await m.node.operator('POST', '/payouts/run')).status).toBe(200);
  const again = await m.node.operator('POST', '/payouts/run');
  expect(again.json()).toMatchObject({ completed: 0, scheduled: 0 });
  await inParallel(day.withdrawals, 4, async (id, i) => {
    const res = await review(m.node, id, i);
    expect(res.status, JSON.stringify(res.json())).toBe(200);
    expect(res.json().status).toBe(reviewedStatus(i));
  });
  const pending = await m.node.operator('GET', '/withdrawals?status=pending');
  expect(pending.json().items).toEqual([]);
  // The same key again: the first answer if that call took, else the credit now; never twice.
  await inParallel(day.credits, 4, async (c) => {
    expect((await credit(m, c)).status).toBe(200);
  });
}

/** Each withdrawer's deposits: the first credit, and one per day whatever the crashes did. */
const depositsOK = async (q: Query, m: Market) => {
  const rows = await q(
    `select account_id::text, count(*)::int as n from wallet_entries
     where type = 'deposit' and account_id = any($1) group by account_id`,
    [m.withdrawers.map((w) => w.id)],
  );
  expect(rows.map((r) => r.n)).toEqual(m.withdrawers.map(() => 1 + m.days));
};

describe.skipIf(!process.env.TEST_DATABASE_URL)('SIGKILL mid-work on PostgreSQL', () => {
  let testDb: TestDatabase;
  let sql: pg.Client;
  let dir: string;
  let m: Market;
  const q: Query = async (text, params) => (await sql.query(text, params)).rows;
  const count = async (text: string, params: unknown[] = []) =>
    Number((await q(text, params))[0]?.n);

  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
    sql = new pg.Client({ connectionString: testDb.url ?? '' });
    await sql.connect();
    dir = await mkdtemp(path.join(tmpdir(), 'sm-crash-'));
    const node = new ServerNode(await freePort(), {
      DATA_DIR: dir,
      DATABASE_URL: testDb.url ?? '',
      SEED_DEMO: 'true',
    });
    m = await openMarket(node, WITHDRAWERS);
  });
  afterAll(async () => {
    await m?.node.kill();
    await sql?.end();
    await testDb?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /**
   * Whether a transaction of the server's holds both locks: the open middle of a unit of work
   * that a kill must roll back whole.
   */
  const openTransactionHolding = async (a: [string, string], b: [string, string]) =>
    (await count(
      `select count(*) as n from pg_locks x join pg_locks y using (pid)
       where x.database = (select oid from pg_database where datname = current_database())
         and y.database = x.database
         and x.relation = $1::regclass and x.mode = $2
         and y.relation = $3::regclass and y.mode = $4`,
      [...a, ...b],
    )) > 0;
  const lotsEnded = (day: Day) =>
    count("select count(*) as n from lots where id = any($1) and status = 'ended'", [day.lotIds]);
  const paidOut = () => count("select count(*) as n from orders where payout_status = 'completed'");

  /** What the day's work had done when the process died, for the log. */
  async function progress(day: Day) {
    const [row] = await q(
      `select
        (select count(*) from lots where id = any($1) and status = 'ended')::int as lots_ended,
        (select count(*) from orders where payout_status = 'completed')::int as paid_out,
        (select count(*) from orders where payout_status = 'scheduled')::int as scheduled,
        (select count(*) from withdrawals where id = any($2) and status <> 'pending')::int
          as reviewed`,
      [day.lotIds, day.withdrawals],
    );
    return JSON.stringify(row);
  }

  // Each round kills at a moment tied to one kind of work; the others are in flight beside it.
  const rounds: [string, (day: Day, paidOutBefore: number) => Promise<boolean>][] = [
    [
      'a lot is being ended after another has: its orders written, not committed',
      async (day) =>
        ((await lotsEnded(day)) > 0 &&
          // The closer's lock on the lot row, and the orders it has inserted.
          (await openTransactionHolding(
            ['lots', 'RowShareLock'],
            ['orders', 'RowExclusiveLock'],
          ))) ||
        // Missed every such moment: kill halfway through the lots instead.
        (await lotsEnded(day)) >= LOTS_PER_ROUND / 2,
    ],
    [
      'a payout batch is open with its ledger entries written',
      async (_, paidOutBefore) =>
        // The batch's locks on the orders it pays, and the ledger entries it has inserted.
        (await openTransactionHolding(
          ['orders', 'RowShareLock'],
          ['wallet_entries', 'RowExclusiveLock'],
        )) ||
        // Missed it (the batch committed between two looks): kill right behind the commit.
        (await paidOut()) > paidOutBefore,
    ],
    [
      'a third of the withdrawal reviews have committed',
      async (day) =>
        (await count(
          "select count(*) as n from withdrawals where id = any($1) and status <> 'pending'",
          [day.withdrawals],
        )) >=
        WITHDRAWERS / 3,
    ],
  ];

  it.each(rounds)(
    'killed when %s; sound after the crash and after the restart',
    async (label, killWhen) => {
      const day = await prepareDay(m);
      const paidOutBefore = await paidOut();
      const inFlight = await startDay(m, day, () =>
        waitUntil(async () => (await lotsEnded(day)) > 0, 'the closer at work'),
      );
      await waitUntil(() => killWhen(day, paidOutBefore), label);
      await m.node.kill();
      await inFlight.all;
      console.info(`killed when ${label}: ${await progress(day)}`);
      // As the crash left it: every transaction either whole or absent.
      expect(await brokenInvariants(q)).toEqual([]);

      await recoverDay(m, day);
      const serverNow = new Date(Date.now() + m.node.offsetMs);
      // The restarted server's deadline job settles what was left unpaid (it looks every 2 s).
      await waitUntil(
        async () =>
          (await count(
            "select count(*) as n from orders where status = 'pending_payment' and pay_by < $1",
            [new Date(serverNow.getTime() - 60_000)],
          )) === 0,
        'the overdue orders settled',
      );
      // Nothing left for today's run (the server's own payout job may be finishing a batch).
      await waitUntil(
        async () =>
          (await count(
            `select count(*) as n from orders where payout_status = 'pending'
               or (payout_status = 'scheduled' and payout_on <= $1::date)`,
            [klDate(serverNow)],
          )) === 0,
        'every due payout made',
      );
      await depositsOK(q, m);
      expect(await brokenInvariants(q)).toEqual([]);
    },
  );
});

/**
 * The embedded database (`npm start` with no DATABASE_URL): the same day of work, the process
 * SIGKILLed while PGlite writes, and the server started again on the same data directory. Nothing
 * can read the data directory while the server holds it, so the kill moment is what the
 * merchant's live stream shows, and the database is checked once the last server has shut down.
 * (One round: a fresh PGlite data directory alone takes the first start many seconds.)
 */
describe('SIGKILL mid-work on the embedded database (PGlite)', () => {
  let dir: string;
  let m: Market;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sm-crash-pglite-'));
    const node = new ServerNode(await freePort(), { DATA_DIR: dir, DATABASE_URL: '' });
    m = await openMarket(node, 3);
  });
  afterAll(async () => {
    await m?.node.kill();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('a second server on the same data directory refuses to start while the first holds it', async () => {
    // PGlite takes no lock: before the server took one, a second process started here and the
    // acknowledged writes of one of the two were lost.
    // Were it to start, it would serve until killed: that is the failure this test looks for.
    const { code, stderr } = await refusedStart(
      { DATA_DIR: dir, DATABASE_URL: '', PORT: String(await freePort()) },
      60_000,
    );
    expect(code).toBe(1);
    expect(stderr).toContain('is in use by another process');
  });

  it('killed when the payout run’s first batch has committed, lots ending and reviews in flight; the server starts again', async () => {
    const day = await prepareDay(m);
    const stream = await openEventStream(`${m.node.base}/api/events`, {
      cookie: m.merchant.cookieHeader(),
    });
    await stream.next();
    const next = async (type: string) => {
      for (;;) {
        const event = JSON.parse((await stream.next(30_000)).data ?? '{}') as { type?: string };
        if (event.type === type) return;
      }
    };
    const inFlight = await startDay(m, day, () => next('lot_ended'));
    // The run schedules yesterday's completed orders in one batch, telling the merchant of each.
    await next('order_updated');
    await m.node.kill();
    stream.close();
    await inFlight.all;
    await recoverDay(m, day);
  });

  it('the database the crash left holds every invariant', async () => {
    await m.node.stop();
    const db = await PGlite.create(path.join(dir, 'db'));
    try {
      const q: Query = async (text, params) =>
        (await db.query<Record<string, unknown>>(text, params)).rows;
      expect(await brokenInvariants(q)).toEqual([]);
      await depositsOK(q, m);
      const [row] = await q(`select (select count(*) from lots where status = 'live')::int as live,
        (select count(*) from withdrawals where status = 'pending')::int as pending`);
      expect(row).toEqual({ live: 0, pending: 0 });
    } finally {
      await db.close();
    }
  });
});
