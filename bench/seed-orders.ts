// Fills a data directory (or, with DATABASE_URL, an empty PostgreSQL database) with the demo and
// `N` orders of the demo merchant, spread over every status, for bench/orders.mjs. Run with tsx:
//   tsx bench/seed-orders.ts <dataDir> <N>
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { seedDemo } from '../apps/server/src/cli/seed.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, rowsOf } from '../apps/server/src/db/client.js';

const [dataDir, count] = [process.argv[2], Number(process.argv[3] ?? 100_000)];
if (!dataDir) throw new Error('usage: tsx bench/seed-orders.ts <dataDir> <N>');
const url = process.env.DATABASE_URL;
const database = url
  ? await openDatabase({ kind: 'postgres', url })
  : await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
await database.migrate();
await seedDemo(database.db, { passwordHashCost: loadConfig().passwordHashCost });
const db = database.db;
// One lot per order, so (lot, buyer) stays unique whatever N is. Every deadline is tomorrow, so
// the payment-deadline job has nothing to cancel while the benchmark runs.
await db.execute(sql`
  with m as (select account_id as id from merchants limit 1),
       a as (insert into auctions (merchant_id, published_at, ends_at)
             select id, now() - interval '91 days', now() - interval '91 days' from m returning id, merchant_id)
  insert into lots (auction_id, merchant_id, position, boat_number, boat_owner, harbor, freshness,
    landed_at, name, species, quantity, start_price, status, published_at, ends_at, ended_at, end_reason)
  select a.id, a.merchant_id, g, 'SLF 4521', 'Ahmad bin Ismail', 'Kuala Selangor', 'fresh',
    now() - interval '91 days', 'Bench lot ' || g, 'bawal_putih', 1000, 2000, 'ended',
    now() - interval '91 days', now() - interval '91 days', now() - interval '91 days', 'time'
  from a, generate_series(1, ${count}) g`);
await db.execute(sql`
  with l as (select id, merchant_id, row_number() over (order by position) as n from lots where name like 'Bench lot %'),
       b as (select account_id as id, row_number() over (order by account_id) - 1 as k from buyers),
       s as (select array['pending_payment','paid','ready_for_pickup','in_transit','completed',
                          'canceled','canceled_refunded']::order_status[] as st)
  insert into orders (number, merchant_id, buyer_id, lot_id, batch_number, status, subtotal, fee_bps,
    fee, created_at, pay_by, paid_at, paid_amount, search_text)
  select 'SB' || lpad(l.n::text, 12, '0'), l.merchant_id, b.id, l.id, 'SLF4521-' || l.n,
    s.st[1 + (l.n % 7)], 2000 * (1 + l.n % 50), 500, 100 * (1 + l.n % 50),
    now() - (l.n * interval '77 seconds'), now() + interval '1 day',
    case when l.n % 7 between 1 and 4 or l.n % 7 = 6 then now() - (l.n * interval '77 seconds') end,
    case when l.n % 7 between 1 and 4 or l.n % 7 = 6 then 2000 * (1 + l.n % 50) end,
    'sb' || lpad(l.n::text, 12, '0') || ' bench lot ' || l.n || ' bawal_putih silver pomfret'
  from l, s, b where b.k = l.n % 3`);
await db.execute(sql`
  insert into order_items (order_id, species, name, freshness, harbor, boat_number, landed_at,
    quantity, price, amount)
  select o.id, 'bawal_putih', l.name, 'fresh', 'Kuala Selangor', 'SLF 4521', l.landed_at, 10,
    o.subtotal, o.subtotal
  from orders o join lots l on l.id = o.lot_id where l.name like 'Bench lot %'`);
await db.execute(sql`
  insert into order_status_changes (order_id, status, actor, at)
  select id, status, 'system', created_at from orders where number like 'SB%'`);
await db.execute(sql`analyze`);
const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from orders`));
console.log(`orders in ${url ? 'PostgreSQL' : dataDir}: ${row?.n}`);
await database.close();
