import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  DB_KINDS,
  TEST_PASSWORD_HASH_COST,
  type TestDatabase,
} from './helpers.js';
import { seedDemo } from '../src/cli/seed.js';
import { type Database, openDatabase, rowsOf } from '../src/db/client.js';
import { createTestClock } from '../src/lib/clock.js';
import { insertAccount } from '../src/modules/auth/auth.repo.js';
import { createPayoutService } from '../src/modules/payouts/payouts.service.js';

/**
 * Two payout runs at once on one PostgreSQL, as two server processes run them, over the orders of
 * two merchants laid out X…, Y…, X… in the table: each batch locks wallets as it pays, so batches
 * that took the merchants in different orders deadlocked before the batches were sorted.
 */
describe.runIf(DB_KINDS.includes('postgres'))('payout runs racing on PostgreSQL', () => {
  let t: TestDatabase;
  let second: Database;

  beforeAll(async () => {
    t = await createTestDatabase('postgres');
    second = await openDatabase({ kind: 'postgres', url: t.url as string, poolMax: 5 });
  });
  afterAll(async () => {
    await second?.close();
    await t?.drop();
  });

  it('pay every order once, and neither run fails', async () => {
    const db = t.database.db;
    await seedDemo(db, { passwordHashCost: Number(TEST_PASSWORD_HASH_COST) });
    const y = await insertAccount(db, {
      role: 'merchant',
      phone: '+60199990000',
      passwordHash: 'x',
      createdAt: new Date(),
    });
    const [x] = rowsOf<{ id: string }>(
      await db.execute(sql`select account_id as id from merchants where account_id <> ${y.id}`),
    );
    const addOrders = async (merchantId: string, from: number, n: number) => {
      await db.execute(sql`
        with a as (insert into auctions (merchant_id, published_at, ends_at)
                   values (${merchantId}, now() - interval '9 days', now() - interval '9 days')
                   returning id, merchant_id)
        insert into lots (auction_id, merchant_id, position, boat_number, boat_owner, harbor,
          freshness, landed_at, name, species, quantity, start_price, status, published_at,
          ends_at, ended_at, end_reason)
        select a.id, a.merchant_id, g, 'SLF 1', 'Ahmad', 'Kuala Selangor', 'fresh',
          now() - interval '9 days', 'Race lot ' || g, 'bawal_putih', 1000, 2000, 'ended',
          now() - interval '9 days', now() - interval '9 days', now() - interval '9 days', 'time'
        from a, generate_series(${from}::int, ${from + n - 1}::int) g`);
      await db.execute(sql`
        insert into orders (number, merchant_id, buyer_id, lot_id, batch_number, status, subtotal,
          fee_bps, fee, created_at, pay_by, paid_at, paid_amount, search_text, payout_status,
          payout_on)
        select 'RP' || lpad(l.position::text, 8, '0'), l.merchant_id,
          (select account_id from buyers limit 1), l.id, 'B-' || l.position, 'completed', 2000,
          500, 100, now() - interval '8 days', now(), now() - interval '8 days', 2000, 'race',
          'scheduled', '2000-01-01'
        from lots l
        where l.merchant_id = ${merchantId} and l.position between ${from}::int and ${from + n - 1}::int
        order by l.position`);
    };
    await addOrders(x!.id, 1, 100);
    await addOrders(y.id, 101, 200);
    await addOrders(x!.id, 301, 100);

    const clock = createTestClock(new Date());
    const runs = await Promise.all([
      createPayoutService({ db, clock }).run(),
      createPayoutService({ db: second.db, clock }).run(),
    ]);
    expect(runs[0].completed + runs[1].completed).toBe(400);
    const [counts] = rowsOf<{ completed: number; revenue: number; fees: number; x: number }>(
      await db.execute(sql`
        select
          (select count(*)::int from orders where payout_status = 'completed') as completed,
          (select count(*)::int from wallet_entries where type = 'sales_revenue') as revenue,
          (select count(*)::int from wallet_entries where type = 'service_fee') as fees,
          (select balance_after::int from wallet_entries where account_id = ${x!.id}
            order by id desc limit 1) as x`),
    );
    expect(counts).toEqual({ completed: 400, revenue: 400, fees: 400, x: 200 * 1_900 });
  }, 60_000);
});
