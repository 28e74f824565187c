import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allocate } from '../src/modules/auctions/award.js';
import { createTestDatabase, type TestDatabase } from './helpers.js';
import {
  HttpClient,
  PROCESS_OPERATOR_TOKEN,
  registerOverHttp,
  smsCodeOverHttp,
  type ServerProcess,
  PROCESS_START_MS,
  startServerProcess,
} from './processes.js';
import { openEventStream } from './sse.js';

const FIFTEEN_MINUTES = 15 * 60_000;
const operator = { authorization: `Bearer ${PROCESS_OPERATOR_TOKEN}` };
/** This run's own number, in the phones it signs up. */
const run = 5200 + Math.floor(Math.random() * 500);

/**
 * The engine across real processes on one PostgreSQL (issue 3): bids race through two servers,
 * both servers' closers race to end the lots, and a restarted server ends what came due while no
 * server ran. Only PostgreSQL can be shared by two processes, so this runs when it is there.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  let testDb: TestDatabase;
  let sql: pg.Client;
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];

  const start = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sm-proc-'));
    dirs.push(dir);
    const server = await startServerProcess({
      DATA_DIR: dir,
      DATABASE_URL: testDb.url ?? '',
      SEED_DEMO: 'true',
      TEST_CLOCK: 'true',
    });
    servers.push(server);
    return server;
  };
  const advance = (server: ServerProcess, ms: number) =>
    new HttpClient(server.base).request(
      'POST',
      '/api/operator/test/clock',
      { advanceMs: ms },
      operator,
    );

  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
    sql = new pg.Client({ connectionString: testDb.url ?? '' });
    await sql.connect();
  }, 60_000);
  afterAll(async () => {
    for (const s of servers) s.child.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.exited));
    await sql?.end();
    await testDb?.drop();
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  async function signIn(base: string, role: 'merchant' | 'buyer', phone: string) {
    const client = new HttpClient(base);
    const res = await client.request(
      'POST',
      role === 'merchant' ? '/api/auth/login' : '/api/buyer/auth/login',
      {
        phone,
        password: 'Demo@1234',
      },
    );
    expect(res.status).toBe(200);
    return client;
  }

  /** One 10 kg lot of the demo store, with the boat and a photo of the first test's lots. */
  async function publishOne(merchant: HttpClient, lot: { name: string; startPrice: number }) {
    const row = (
      await sql.query(
        'select boat_id, (select media_id from lot_media limit 1) as photo from lots limit 1',
      )
    ).rows[0];
    const res = await merchant.request('POST', '/api/auctions', {
      lots: [
        {
          boatId: row.boat_id,
          harbor: 'Sekinchan',
          freshness: 'fresh',
          landedAt: new Date(Date.now() - 3_600_000).toISOString(),
          species: 'sotong',
          quantity: 100,
          photoIds: [row.photo],
          ...lot,
        },
      ],
    });
    expect(res.status).toBe(200);
    return res.json().lotIds[0] as string;
  }

  /** A new buyer with RM 2,000 from the operator: more than all its bids below ask (§4a). */
  async function registerBuyer(base: string, n: number) {
    const client = new HttpClient(base);
    const phone = `+6019${8_000_000 + n}`;
    await registerOverHttp(client, 'buyer', phone, 'Demo@1234');
    const credited = await client.request(
      'POST',
      `/api/operator/wallets/${encodeURIComponent(phone)}/credit?role=buyer`,
      { amount: 200_000 },
      { ...operator, 'x-operator': 'racer', 'idempotency-key': randomUUID() },
    );
    expect(credited.status, JSON.stringify(credited.json())).toBe(200);
    return client;
  }

  it(
    'takes racing bids through both processes, streams them across, and ends every lot once',
    async () => {
      const [a, b] = [await start(), await start()] as [ServerProcess, ServerProcess];
      const merchant = await signIn(a.base, 'merchant', '012-345 6789');
      const boats = (await merchant.request('GET', '/api/boats')).json().items as { id: string }[];
      const form = new FormData();
      const jpeg = await sharp({
        create: { width: 32, height: 32, channels: 3, background: '#208060' },
      })
        .jpeg()
        .toBuffer();
      form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'fish.jpg');
      const photo = (await merchant.request('POST', '/api/media', form)).json().id as string;
      const lot = (name: string, quantity: number) => ({
        boatId: boats[0]?.id,
        harbor: 'Kuala Selangor',
        freshness: 'fresh',
        landedAt: new Date(Date.now() - 3_600_000).toISOString(),
        name,
        species: 'kembung',
        quantity,
        startPrice: 1000,
        buyoutPrice: null,
        photoIds: [photo],
      });
      const published = await merchant.request('POST', '/api/auctions', {
        lots: Array.from({ length: 6 }, (_, i) => lot(`Kembung ${i}`, 500)),
      });
      expect(published.status).toBe(200);
      const lotIds = published.json().lotIds as string[];

      // The merchant's stream is held by process B; every bid below goes through A or B.
      const stream = await openEventStream(`${b.base}/api/events`, {
        cookie: merchant.cookieHeader(),
      });
      await stream.next();

      const buyers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => registerBuyer(i % 2 ? b.base : a.base, i + run * 100)),
      );
      // Each buyer raises three times on every lot, all at once, alternating processes.
      let accepted = 0;
      const attempts = buyers.flatMap((buyer, i) =>
        lotIds.map(async (lotId, j) => {
          const via = buyer.at((i + j) % 2 ? b.base : a.base);
          for (let step = 0; step < 3; step++) {
            const res = await via.request('POST', `/api/buyer/lots/${lotId}/bids`, {
              quantity: 50 + 10 * ((i + step) % 5),
              price: 1000 + 10 * ((i * 7 + j * 3 + step * 11) % 40) + 400 * step,
            });
            if (res.status === 200) accepted += 1;
            else expect(res.json().code).toBe('BID_NOT_RAISED');
          }
        }),
      );
      await Promise.all(attempts);
      expect(accepted).toBeGreaterThan(buyers.length * lotIds.length);

      // No accepted bid is lost: each one is a row, and each one reached the stream on B.
      const { rows: bidRows } = await sql.query<{ n: string }>('select count(*) as n from bids');
      expect(Number(bidRows[0]?.n)).toBe(accepted);
      let bidEvents = 0;
      while (bidEvents < accepted) {
        const event = JSON.parse((await stream.next(5_000)).data ?? '{}') as { type: string };
        if (event.type === 'bid') bidEvents += 1;
      }
      // One standing bid per buyer per lot.
      const { rows: standing } = await sql.query(
        'select lot_id, count(*) as n, count(distinct buyer_id) as buyers from bids where superseded_at is null group by lot_id',
      );
      for (const row of standing) expect(row.n).toBe(row.buyers);

      // Both processes' closers see the lots come due at once.
      await Promise.all([advance(a, FIFTEEN_MINUTES), advance(b, FIFTEEN_MINUTES)]);
      const until = Date.now() + 15_000;
      for (;;) {
        const { rows } = await sql.query<{ n: string }>(
          "select count(*) as n from lots where status = 'live'",
        );
        if (Number(rows[0]?.n) === 0) break;
        if (Date.now() > until) throw new Error('lots did not end');
        await new Promise((r) => setTimeout(r, 100));
      }
      for (const lotId of lotIds) {
        const { rows: bidsOfLot } = await sql.query(
          'select id, seq, quantity, price, created_at, awarded_quantity from bids where lot_id = $1 and superseded_at is null',
          [lotId],
        );
        const expected = allocate(
          bidsOfLot.map((r) => ({
            id: r.id,
            seq: Number(r.seq),
            quantity: r.quantity,
            price: r.price,
            createdAt: r.created_at,
          })),
          500,
        ).filter((x) => x.quantity > 0);
        const { rows: orders } = await sql.query(
          'select o.bid_id, i.quantity, i.price from orders o join order_items i on i.order_id = o.id where o.lot_id = $1',
          [lotId],
        );
        expect(orders.length).toBe(expected.length);
        for (const want of expected) {
          const got = orders.find((o) => o.bid_id === want.bid.id);
          expect(got, `lot ${lotId}`).toMatchObject({
            quantity: want.quantity,
            price: want.bid.price,
          });
        }
        const winners = bidsOfLot.filter((r) => r.awarded_quantity > 0).length;
        expect(winners).toBe(expected.length);
      }
      const { rows: ended } = await sql.query<{ n: string }>(
        "select count(*) as n from merchant_events where type = 'lot_ended'",
      );
      expect(Number(ended[0]?.n)).toBe(lotIds.length);
      stream.close();
    },
    2 * PROCESS_START_MS + 60_000,
  );

  it(
    'a logout, a reset and a new fee rate in one process reach what the other keeps in memory',
    async () => {
      const [a, b] =
        servers.length >= 2 ? servers : ([await start(), await start()] as ServerProcess[]);
      if (!a || !b) throw new Error('two servers');
      /** Until `check` holds: an invalidation crosses as a NOTIFY, a moment after the commit. */
      const eventually = async (check: () => Promise<boolean>) => {
        const until = Date.now() + 5_000;
        while (!(await check())) {
          if (Date.now() > until) throw new Error('the other process still answers the old way');
          await new Promise((r) => setTimeout(r, 50));
        }
      };

      // One session, read (and kept) by both processes, then signed out through A.
      const merchant = await signIn(a.base, 'merchant', '012-345 6789');
      const onB = merchant.at(b.base);
      expect((await onB.request('GET', '/api/me')).status).toBe(200);
      expect((await merchant.request('POST', '/api/auth/logout')).status).toBe(200);
      await eventually(async () => (await onB.request('GET', '/api/me')).status === 401);

      // A password reset through A ends the account's session that B keeps.
      const buyer = new HttpClient(a.base);
      const phone = `+6019${7_000_000 + run}`;
      await registerOverHttp(buyer, 'buyer', phone, 'Demo@1234');
      const buyerOnB = buyer.at(b.base);
      expect((await buyerOnB.request('GET', '/api/buyer/me')).status).toBe(200);
      // One code a minute per phone: the sign-up's was just sent.
      expect((await advance(a, 61_000)).status).toBe(200);
      const reset = await buyer.request('POST', '/api/buyer/auth/reset-password', {
        phone,
        code: await smsCodeOverHttp(buyer, 'buyer', phone, 'reset'),
        password: 'Other@5678x',
        confirmPassword: 'Other@5678x',
      });
      expect(reset.status, JSON.stringify(reset.json())).toBe(200);
      await eventually(async () => (await buyerOnB.request('GET', '/api/buyer/me')).status === 401);

      // B shows a live lot's fee rate from memory; the operator sets a new one through A.
      const seller = await signIn(b.base, 'merchant', '012-345 6789');
      const lotPath = `/api/lots/${await publishOne(seller, { name: 'Fee lot', startPrice: 1000 })}`;
      const rate = async () => (await seller.request('GET', lotPath)).json().serviceFeeRate;
      const before = (await rate()) as number;
      const set = await new HttpClient(a.base).request(
        'PUT',
        '/api/operator/service-fee',
        { rateBps: before + 25 },
        { ...operator, 'x-operator': 'cache test' },
      );
      expect(set.status, JSON.stringify(set.json())).toBe(200);
      await eventually(async () => (await rate()) === before + 25);
    },
    2 * PROCESS_START_MS + 60_000,
  );

  it(
    'a server started after a crash ends the lots that came due while none ran',
    async () => {
      const live = servers.slice();
      const first = live[0] as ServerProcess;
      const merchant = await signIn(first.base, 'merchant', '012-345 6789');
      const buyer = await signIn(first.base, 'buyer', '013-000 0002');
      const lotId = await publishOne(merchant, { name: 'Crash lot', startPrice: 1500 });
      expect(
        (
          await buyer.request('POST', `/api/buyer/lots/${lotId}/bids`, {
            quantity: 80,
            price: 1600,
          })
        ).status,
      ).toBe(200);
      for (const s of live) s.child.kill('SIGKILL');
      await Promise.all(live.map((s) => s.exited));

      // Time passes with no server; then one starts and moves its clock past the end.
      const next = await start();
      const { rows: due } = await sql.query('select ends_at from lots where id = $1', [lotId]);
      // The first servers' clocks had moved on; the new one starts from the real time.
      await advance(next, (due[0]?.ends_at as Date).getTime() - Date.now() + 1_000);
      const until = Date.now() + 10_000;
      for (;;) {
        const { rows } = await sql.query('select status from lots where id = $1', [lotId]);
        if (rows[0]?.status === 'ended') break;
        if (Date.now() > until) throw new Error('lot did not end after restart');
        await new Promise((r) => setTimeout(r, 100));
      }
      const { rows: orders } = await sql.query('select status from orders where lot_id = $1', [
        lotId,
      ]);
      expect(orders).toEqual([{ status: 'pending_payment' }]);
    },
    2 * PROCESS_START_MS + 60_000,
  );
});
