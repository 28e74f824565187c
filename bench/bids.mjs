// Accepted bids per second, next to plain single-row INSERTs on the same database in the same run.
//
// Bids: the market's buyers (50 by default), one connection each, bid over HTTP (autocannon) as fast
// as answers come on the 20 lots of one live auction, each buyer going round the lots in its own
// order. Every bid is valid (PRODUCT.md §4): 5 kg, at one RM 0.10 step above that buyer's own
// standing bid on the lot, so it raises it; buyers do not have to outbid one another (multi-unit,
// pay-as-bid). A bid is one statement (sm_place_bids): lock the lot, check it and the buyer's cover,
// supersede the buyer's previous bid, insert the bid, its event (NOTIFYd at commit) and
// notification, and read the figures of the answer (the buyer's bid and what it wins, not the
// ladder); the bids that reach a server process while its previous statement runs share the next.
//
// Reference: single-row INSERTs, autocommit, by as many concurrent callers, into a table made
// `like bids` (same columns, defaults and indexes, no foreign keys), on the same database: through
// node-postgres on PostgreSQL; on PGlite, which only one process can open, by this process once
// the server has stopped (the same data directory and engine, without HTTP), then the server
// starts again on it.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { cannon, cpuMsOf, roundTripsPerCall, workLoops } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_BIDS_SECONDS ?? 10);
const LOTS = 20;

/** Plain INSERTs at `workers` concurrency on the market's database (its server stopped). */
async function insertReference(market, workers, lotId) {
  const table = 'bench_bid_inserts';
  let db;
  let close;
  if (market.databaseUrl) {
    const pool = new pg.Pool({ connectionString: market.databaseUrl, max: workers });
    db = { query: (text, params) => pool.query(text, params) };
    close = () => pool.end();
  } else {
    const lite = await PGlite.create(path.join(market.dataDir, 'db'));
    db = lite;
    close = () => lite.close();
  }
  try {
    await db.query(`create table ${table} (like bids including defaults including indexes)`);
    let inserted = 0;
    const insert = async () => {
      await db.query(
        `insert into ${table} (lot_id, buyer_id, quantity, price, created_at) values ($1, $2, $3, $4, $5)`,
        [lotId, randomUUID(), 50, 2010, new Date()],
      );
      inserted += 1;
    };
    await workLoops(workers, 1, insert); // warm-up: connections, plans
    inserted = 0;
    const seconds = await workLoops(workers, SECONDS, insert);
    await db.query(`drop table ${table}`);
    return inserted / seconds;
  } finally {
    await close();
  }
}

/** How many bids the database holds on these lots, and how many of them stand. */
async function bidsOnLots(market, lotIds) {
  const text = `select count(*)::int as all, count(*) filter (where superseded_at is null)::int as standing
    from bids where lot_id = any($1::uuid[])`;
  if (market.databaseUrl) {
    const client = new pg.Client({ connectionString: market.databaseUrl });
    await client.connect();
    try {
      return (await client.query(text, [lotIds])).rows[0];
    } finally {
      await client.end();
    }
  }
  const lite = await PGlite.create(path.join(market.dataDir, 'db'));
  try {
    return (await lite.query(text, [lotIds])).rows[0];
  } finally {
    await lite.close();
  }
}

/**
 * Runs the bid figures; `record(area, metric, value, unit, budget, note)` prints a row. Answers the
 * lots bid on.
 */
export async function benchBids(market, record) {
  const buyers = market.buyerCookies.length;
  const lotIds = await market.publish(LOTS, { name: 'Bench bids' });
  let placed = 0;
  const refused = new Map();
  let accepted = 0;
  const next = new Array(buyers).fill(0);
  /** The lot buyer `b` bids on next: each buyer goes round the lots in its own order. */
  const nextLot = (b) => lotIds[(b + next[b]++) % LOTS];
  /** Counts an answer: accepted, or refused by its code. */
  const tally = (status, text) => {
    if (status === 200) accepted += 1;
    else {
      const code = `${status} ${JSON.parse(text).code}`;
      refused.set(code, (refused.get(code) ?? 0) + 1);
    }
  };
  const bidOnce = async (b) => {
    const res = await market.bid(b, nextLot(b));
    placed += 1;
    tally(res.status, res.text);
  };
  // Database round trips, through the counting proxy: of one accepted bid alone (raises one after
  // another), and under load, where the bids of the moment share a statement (lib/batched.ts).
  const { trips, tripsUnderLoad } = await market.countingTrips(async () => {
    const alone = await roundTripsPerCall(market, 20, () => bidOnce(0));
    if (alone === null) return { trips: null, tripsUnderLoad: null };
    const [tripsBefore, bidsBefore] = [market.roundTrips, placed];
    await workLoops(buyers, 2, bidOnce);
    return {
      trips: alone,
      tripsUnderLoad: (market.roundTrips - tripsBefore) / (placed - bidsBefore),
    };
  });
  await workLoops(buyers, 2, bidOnce); // warm-up, straight to the database
  // The measured load comes from autocannon, as the API figures' do, one connection per buyer:
  // fetch cost this process more CPU per bid than the server spent, on the same two cores.
  const buyerOf = new Map(market.buyerCookies.map((cookie, b) => [cookie, b]));
  let clients = 0;
  const acceptedBefore = accepted;
  const cpuBefore = cpuMsOf(market.pid);
  // On PostgreSQL, the database's CPU too: the bid's statement is most of a bid's work.
  const dbBefore = market.databaseCpuMs();
  const load = await cannon({
    url: market.base,
    connections: buyers,
    duration: SECONDS,
    setupClient(client) {
      client.setHeaders({
        'content-type': 'application/json',
        cookie: market.buyerCookies[clients++],
      });
    },
    requests: [
      {
        method: 'POST',
        setupRequest(req, context) {
          const b = buyerOf.get(req.headers?.cookie);
          // Built once before its connection has a buyer; built again when it has.
          if (b === undefined) return req;
          const lotId = nextLot(b);
          Object.assign(context, { b, lotId });
          const { path, body } = market.bidRequest(b, lotId);
          return { ...req, path, body };
        },
        onResponse(status, body, { b, lotId }) {
          if (status !== 200) market.bidRefused(b, lotId);
          tally(status, body);
        },
      },
    ],
  });
  const answered = load.requests.total;
  const cpuPerBid = (cpuMsOf(market.pid) - cpuBefore) / answered;
  const dbAfter = market.databaseCpuMs();
  const dbPerBid = dbBefore === null || dbAfter === null ? null : (dbAfter - dbBefore) / answered;
  const acceptedRate = (accepted - acceptedBefore) / load.duration;

  await market.stop();
  let reference;
  let stored;
  try {
    stored = await bidsOnLots(market, lotIds);
    reference = await insertReference(market, buyers, lotIds[0]);
  } finally {
    await market.start();
  }
  // autocannon leaves the bids in flight when its time is up (one per connection at most): the
  // server takes them all the same, unanswered. Every answered one must be stored.
  if (stored.all < accepted || stored.all > accepted + buyers) {
    throw new Error(
      `${accepted} bids accepted (and ${buyers} at most unanswered) but ${stored.all} stored`,
    );
  }

  const on = market.on;
  const errors = [...refused].map(([code, n]) => `${n} × ${code}`).join(', ') || 'none refused';
  record(
    'bids',
    `${on}: accepted bids/s, ${buyers} buyers over HTTP, ${LOTS} lots`,
    Math.round(acceptedRate),
    '/s',
    null,
    `bid p50/p99 ${load.latency.p50}/${load.latency.p99} ms, ${SECONDS} s, autocannon; ${errors}; ${stored.all} stored, ${stored.standing} standing; server CPU ${cpuPerBid.toFixed(2)} ms/bid (${market.processes})${dbPerBid === null ? '' : `, database CPU ${dbPerBid.toFixed(2)} ms/bid`}${trips === null ? '' : `; DB round trips/bid: ${trips} one at a time, ${tripsUnderLoad.toFixed(2)} under load`}`,
  );
  record(
    'bids',
    `${on}: reference: single-row INSERTs/s, ${buyers} at once`,
    Math.round(reference),
    '/s',
    null,
    market.databaseUrl
      ? 'node-postgres, autocommit, into a table like bids'
      : 'PGlite in this process (server stopped), autocommit, into a table like bids',
  );
  record(
    'bids',
    `${on}: accepted bids / INSERTs`,
    Math.round((acceptedRate / reference) * 100),
    '%',
    market.databaseUrl ? '≥ 40 %' : '≥ 40 % on PG',
    'same database, same concurrency, same run',
  );
  return lotIds;
}
