import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/cli/seed.js';
import { createTestDatabase, TEST_PASSWORD_HASH_COST, type TestDatabase } from '../helpers.js';
import { freePort } from '../ports.js';
import { HttpClient, registerOverHttp } from '../processes.js';
import { openEventStream } from '../sse.js';
import { brokenInvariants, type Query } from './invariants.js';
import {
  DAY,
  DEMO_BUYERS,
  DEMO_PASSWORD,
  FIFTEEN_MINUTES,
  idempotencyKey,
  inParallel,
  publishLots,
  ServerNode,
  signInOverHttp,
  uploadPhoto,
} from './market.js';
import { browserKeys, decryptPush, standInPushService } from '../push.js';

/**
 * Issue 7, item 4: two server processes on one PostgreSQL while traffic runs through both. What
 * auctions.processes.test.ts already shows is not repeated here (bids racing through both, every
 * bid reaching a stream on the other process, both lot closers racing to award once, a restart
 * ending what came due). This adds: streams held on BOTH processes, for two merchants, getting
 * every kind of event exactly once whichever process made the change; the payment deadline, the
 * payout run and the push sender running in both processes at once and each effect happening
 * once; and a buyer's payment and a merchant's cancel-and-refund sent to both processes at once.
 */

interface Collected {
  /** The id the stream started after: it gets what is committed from then on. */
  startId: number;
  events: { id: number; type: string }[];
  close(): Promise<void>;
}

/** A merchant's live stream on one process, read into a list as it comes. */
async function collect(base: string, client: HttpClient): Promise<Collected> {
  const stream = await openEventStream(`${base}/api/events`, { cookie: client.cookieHeader() });
  expect(stream.status).toBe(200);
  const startId = Number((await stream.next()).id);
  const events: Collected['events'] = [];
  let closed = false;
  let failure: unknown = null;
  const reading = (async () => {
    while (!closed) {
      try {
        const message = await stream.next(1_000);
        const data = JSON.parse(message.data ?? '{}') as { type: string };
        events.push({ id: Number(message.id), type: data.type });
      } catch (err) {
        if (closed || (err as Error).message === 'no event in time') continue;
        // A stream that ends (a resync) or breaks fails the test when it is closed.
        failure = err;
        return;
      }
    }
  })();
  return {
    startId,
    events,
    async close() {
      closed = true;
      stream.close();
      await reading;
      if (failure) throw failure;
    },
  };
}

async function waitUntil(done: () => Promise<boolean>, what: string, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  let testDb: TestDatabase;
  let sql: pg.Client;
  /** A connection of its own, for holding a table while both processes' jobs come due. */
  let locker: pg.Client;
  let inbox: Awaited<ReturnType<typeof standInPushService>>;
  const dirs: string[] = [];
  const nodes: ServerNode[] = [];
  const q: Query = async (text, params) => (await sql.query(text, params)).rows;
  const count = async (text: string, params: unknown[] = []) =>
    Number((await q(text, params))[0]?.n);

  /**
   * Holds `table` in SHARE mode for `ms` (after `during`): reads and row locks go on, writes queue.
   * The jobs of both processes that come due meanwhile have read their rows and wait to write
   * them, so on release they race over the same rows instead of taking turns by chance.
   */
  async function holdWrites(
    table: 'orders' | 'notifications',
    ms: number,
    during?: () => Promise<unknown>,
  ) {
    await locker.query('begin');
    try {
      await locker.query(`lock table ${table} in share mode`);
      await during?.();
      await new Promise((r) => setTimeout(r, ms));
    } finally {
      await locker.query('commit');
    }
  }

  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
    sql = new pg.Client({ connectionString: testDb.url ?? '' });
    await sql.connect();
    locker = new pg.Client({ connectionString: testDb.url ?? '' });
    await locker.connect();
    // Seeded here, once: two processes seeding one empty database at once would race.
    await seedDemo(testDb.database.db, { passwordHashCost: Number(TEST_PASSWORD_HASH_COST) });
    inbox = await standInPushService();
    for (let i = 0; i < 2; i++) {
      const dir = await mkdtemp(path.join(tmpdir(), 'sm-two-'));
      dirs.push(dir);
      nodes.push(
        new ServerNode(await freePort(), {
          DATA_DIR: dir,
          DATABASE_URL: testDb.url ?? '',
          SEED_DEMO: 'false',
          PUSH_ALLOW_INSECURE_ENDPOINTS: 'true',
          // Two pools beside the other test files' databases on one server's max_connections.
          DB_POOL_MAX: '10',
        }),
      );
    }
    await Promise.all(nodes.map((n) => n.start()));
  });
  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.kill()));
    await inbox?.close();
    await sql?.end();
    await locker?.end();
    await testDb?.drop();
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  it('streams on both get every change once, whichever process made it; each job’s effect happens once', async () => {
    const [a, b] = nodes as [ServerNode, ServerNode];
    /** The i-th call of a kind goes to A or B in turn. */
    const via = (client: HttpClient, i: number) => client.at(i % 2 ? b.base : a.base);
    const bothClocks = (ms: number) => Promise.all([a.advance(ms), b.advance(ms)]);

    // Two merchants: the demo store (lots, orders, payouts) and one that withdraws.
    const seller = await signInOverHttp(a.base, 'merchant', '012-345 6789');
    const buyers = await Promise.all(DEMO_BUYERS.map((p) => signInOverHttp(b.base, 'buyer', p)));
    const withdrawer = new HttpClient(b.base);
    await registerOverHttp(withdrawer, 'merchant', '+60197100001', DEMO_PASSWORD);
    const withdrawerId = (await withdrawer.request('GET', '/api/me')).json().id as string;
    const sellerId = (await seller.request('GET', '/api/me')).json().id as string;

    // Push: each merchant's browser subscribed, through a different process.
    const browsers = { [sellerId]: browserKeys(), [withdrawerId]: browserKeys() };
    const outboxEmpty = async () =>
      (await count('select count(*) as n from notifications where pushed_at is null')) === 0;
    await waitUntil(outboxEmpty, 'the push outbox empty');
    const pushedBefore = await count('select coalesce(max(id), 0) as n from notifications');
    const subscribers: [HttpClient, string][] = [
      [seller, sellerId],
      [withdrawer, withdrawerId],
    ];
    for (const [i, [client, id]] of subscribers.entries()) {
      const res = await via(client, i).request('POST', '/api/push/subscriptions', {
        endpoint: `${inbox.origin}/${id}`,
        keys: browsers[id]?.keys,
      });
      expect(res.status, JSON.stringify(res.json())).toBe(200);
    }

    // Each merchant's stream held on both processes.
    const streams = {
      [sellerId]: await Promise.all([collect(a.base, seller), collect(b.base, seller)]),
      [withdrawerId]: await Promise.all([collect(a.base, withdrawer), collect(b.base, withdrawer)]),
    };

    // Every event row, kept as it is seen: the hourly purge may drop rows a day old (by the
    // moved clocks) before the end, and the streams are compared with what was written.
    const written = new Map<number, { merchantId: string; type: string }>();
    const snapshot = async () => {
      for (const row of await q(
        'select id::int, merchant_id::text, type from merchant_events order by id',
      )) {
        written.set(Number(row.id), {
          merchantId: String(row.merchant_id),
          type: String(row.type),
        });
      }
    };

    // Day 1, under traffic: lots published through both processes; buyers raise bids through
    // both, all at once; meanwhile the withdrawer's bank account is verified, money credited and
    // a withdrawal requested and approved, each step through another process than the last.
    const photo = await uploadPhoto(seller);
    const lotIds = [
      ...(await publishLots(via(seller, 0), photo, 6, 300)),
      ...(await publishLots(via(seller, 1), photo, 6, 300)),
    ];
    let trafficOn = true;
    let accepted = 0;
    const traffic = Promise.all(
      buyers.map(async (buyer, i) => {
        // Until stopped, and at least once on every lot, however slowly the machine runs.
        for (let step = 0; trafficOn || step < lotIds.length; step++) {
          const lotId = lotIds[(i * 5 + step) % lotIds.length] as string;
          const res = await via(buyer, step + i).request('POST', `/api/buyer/lots/${lotId}/bids`, {
            quantity: 100 + 10 * i,
            price: 1000 + 10 * step,
          });
          expect(res.status, JSON.stringify(res.json())).toBe(200);
          accepted += 1;
        }
      }),
    );
    const bank = await withdrawer.request('PUT', '/api/bank-account', {
      bankCode: 'MBB',
      holderName: 'Siti binti Ali',
      accountNumber: '1234 5678 9012',
    });
    expect(bank.status).toBe(200);
    expect((await a.operator('POST', `/bank-accounts/${withdrawerId}/verify`)).status).toBe(200);
    expect(
      (
        await b.operator(
          'POST',
          `/wallets/${withdrawerId}/credit`,
          { amount: 50_000 },
          idempotencyKey(),
        )
      ).status,
    ).toBe(200);
    const withdrawal = await withdrawer
      .at(a.base)
      .request('POST', '/api/wallet/withdrawals', { amount: 20_000 }, idempotencyKey());
    expect(withdrawal.status).toBe(200);
    expect(
      (await b.operator('POST', `/withdrawals/${withdrawal.json().id as string}/approve`)).status,
    ).toBe(200);
    // Both push senders (every second) run into the same unsent notifications at once.
    await holdWrites('notifications', 1_500);
    await new Promise((r) => setTimeout(r, 500));
    trafficOn = false;
    await traffic;
    expect(accepted).toBeGreaterThan(lotIds.length);

    // The lots come due on both clocks; both closers take them.
    await waitUntil(outboxEmpty, 'the pushes of day 1 sent');
    await snapshot();
    await bothClocks(FIFTEEN_MINUTES);
    await waitUntil(
      async () =>
        (await count("select count(*) as n from lots where id = any($1) and status = 'live'", [
          lotIds,
        ])) === 0,
      'every lot ended',
    );

    // The orders: each buyer pays through both processes at once (two keys, one charge); the
    // merchant moves them on through either, and cancels two paid ones through both at once.
    const orders = (
      await Promise.all(
        buyers.map(async (buyer) =>
          ((await buyer.request('GET', '/api/buyer/orders')).json().items as { id: string }[]).map(
            (o) => ({ id: o.id, buyer }),
          ),
        ),
      )
    ).flat();
    expect(orders.length).toBeGreaterThanOrEqual(lotIds.length);
    const unpaid = orders.filter((_, i) => i % 4 === 0);
    const paid = orders.filter((_, i) => i % 4 !== 0);
    await inParallel(paid, 4, async ({ id, buyer }) => {
      const answers = await Promise.all(
        [a, b].map((n) =>
          buyer.at(n.base).request('POST', `/api/buyer/orders/${id}/pay`, {}, idempotencyKey()),
        ),
      );
      for (const res of answers) expect(res.json()).toMatchObject({ id, status: 'paid' });
    });
    const [refunded, completed] = [paid.slice(0, 2), paid.slice(2)];
    for (const { id } of refunded) {
      const answers = await Promise.all(
        [a, b].map((n) => seller.at(n.base).request('POST', `/api/orders/${id}/cancel`, {})),
      );
      for (const res of answers) expect(res.json()).toMatchObject({ status: 'canceled_refunded' });
    }
    await inParallel(completed, 4, async ({ id }, i) => {
      for (const [step, status] of ['ready_for_pickup', 'in_transit', 'completed'].entries()) {
        const res = await via(seller, i + step).request('POST', `/api/orders/${id}/status`, {
          status,
        });
        expect(res.status).toBe(200);
      }
    });

    // Day 2 on both clocks: both deadline jobs (every 2 s) find the same overdue orders while
    // the table is held; then both payout runs (the operator's, beside each process's own job)
    // schedule the completed ones.
    await waitUntil(outboxEmpty, 'the pushes of the orders sent');
    await snapshot();
    await holdWrites('orders', 3_000, () => bothClocks(DAY));
    const scheduling = await Promise.all([a, b].map((n) => n.operator('POST', '/payouts/run')));
    for (const res of scheduling) expect(res.status).toBe(200);
    await waitUntil(
      async () =>
        (await count("select count(*) as n from orders where status = 'pending_payment'")) === 0,
      'the unpaid orders settled',
    );
    // Either run may have skipped rows a process's own payout job held: wait for the last commit.
    await waitUntil(
      async () =>
        (await count("select count(*) as n from orders where payout_status = 'scheduled'")) ===
        completed.length,
      'the completed orders scheduled',
    );

    // Day 3: both runs pay the scheduled orders out, started while the table is held, so that
    // both are in their first batch at the same time.
    await waitUntil(outboxEmpty, 'the pushes of day 2 sent');
    await snapshot();
    await bothClocks(DAY);
    let paying: Promise<{ status: number }[]> = Promise.resolve([]);
    await holdWrites('orders', 500, async () => {
      paying = Promise.all([a, b].map((n) => n.operator('POST', '/payouts/run')));
    });
    for (const res of await paying) expect(res.status).toBe(200);
    await waitUntil(
      async () =>
        (await count("select count(*) as n from orders where payout_status = 'completed'")) ===
        completed.length,
      'the scheduled orders paid out',
    );
    await waitUntil(outboxEmpty, 'the pushes of day 3 sent');
    await snapshot();

    // Each deadline charge happened once (PRODUCT.md §4a: the demo buyers' wallets cover their
    // orders, so none is a default): Paid by the system, one timeline entry, one Payment entry.
    const charged = await q(
      `select o.id::text,
         (select count(*) from order_status_changes c
          where c.order_id = o.id and c.status = 'paid' and c.actor = 'system')::int as changes,
         (select count(*) from wallet_entries w
          where w.order_id = o.id and w.type = 'payment')::int as payments
       from orders o where o.charged_at_deadline`,
    );
    expect(charged.map((r) => r.id).sort()).toEqual(unpaid.map((o) => o.id).sort());
    for (const row of charged) expect(row).toMatchObject({ changes: 1, payments: 1 });
    expect(await count("select count(*) as n from orders where status = 'canceled'")).toBe(0);
    const cancelEvents = [...written.values()].filter(
      (e) => e.type === 'order_canceled' && e.merchantId === sellerId,
    );
    expect(cancelEvents.length).toBe(refunded.length);
    expect(await brokenInvariants(q)).toEqual([]);

    // Every stream, on either process, got each of its merchant's events exactly once.
    for (const [merchantId, pair] of Object.entries(streams)) {
      for (const stream of pair) {
        const want = [...written.entries()]
          .filter(([id, e]) => e.merchantId === merchantId && id > stream.startId)
          .map(([id, e]) => ({ id, type: e.type }));
        await waitUntil(
          async () => stream.events.length >= want.length,
          `${want.length} events on a stream`,
        );
        await new Promise((r) => setTimeout(r, 200));
        await stream.close();
        expect(stream.events.sort((x, y) => x.id - y.id)).toEqual(want);
      }
    }
    const types = new Set([...written.values()].map((e) => e.type));
    for (const type of ['bid', 'lot_ended', 'order_paid', 'order_canceled', 'order_updated']) {
      expect(types).toContain(type);
    }
    for (const type of ['wallet_changed', 'withdrawal_reviewed', 'bank_account_reviewed']) {
      expect(types).toContain(type);
    }

    // Every notification was pushed once, to its merchant's browser, by one of the two processes,
    // but a lot's bids taken in one batch, which push once, the newest (push.service.ts): each
    // lot's last bid and every other notification are pushed, and none twice.
    const notifications = (await q(
      'select id::text, merchant_id::text, type, lot_id::text from notifications n where n.id > $1 order by n.id',
      [pushedBefore],
    )) as { id: string; merchant_id: string; type: string; lot_id: string | null }[];
    const newestBid = new Map<string, string>();
    for (const n of notifications)
      if (n.type === 'new_bid' && n.lot_id) newestBid.set(n.lot_id, n.id);
    const required = notifications.filter(
      (n) => n.type !== 'new_bid' || newestBid.get(n.lot_id ?? '') === n.id,
    );
    const delivered: { id: string; merchantId: string }[] = [];
    const decodeNew = () => {
      for (const r of inbox.received.slice(delivered.length)) {
        const merchantId = r.path.slice(1);
        const browser = browsers[merchantId];
        if (!browser) throw new Error(`a push to ${r.path}`);
        const { id } = JSON.parse(decryptPush(r.body, browser)) as { id: string };
        delivered.push({ id, merchantId });
      }
      return new Set(delivered.map((d) => d.id));
    };
    // Taken from the outbox is not yet sent: the last ones may still be on their way.
    await waitUntil(async () => {
      const ids = decodeNew();
      return required.every((n) => ids.has(n.id));
    }, 'the last pushes');
    expect(newestBid.size).toBeGreaterThan(0);
    expect(new Set(delivered.map((d) => d.id)).size).toBe(delivered.length);
    const merchantOf = new Map(notifications.map((n) => [n.id, n.merchant_id]));
    for (const d of delivered) expect(merchantOf.get(d.id), d.id).toBe(d.merchantId);
  });
});
