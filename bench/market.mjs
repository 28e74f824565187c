// The market the web, API, bid and live-event benchmarks run on: the built server started as
// `npm start` starts it, on a fresh data directory with the demo seed (PGlite), or on a fresh
// PostgreSQL database with BENCH_DATABASE_URL; the demo merchant signed in, buyers signed up
// through the SMS flow, some lots bought out (orders), a live auction of 5 lots, and operator
// credits on the merchant's wallet (a statement to read).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  api,
  benchDatabase,
  cookieOf,
  databaseCpuMsOf,
  ok,
  processTree,
  roundTripCounter,
  signUp,
  startServer,
} from './lib.mjs';

const root = path.resolve(import.meta.dirname, '..');
export const DEMO_MERCHANT = { phone: '012-345 6789', password: 'Demo@1234' };
const DEMO_BUYERS = ['013-000 0001', '013-000 0002', '013-000 0003'];
/** The contract's MAX_CREDIT_LIMIT, sen. */
const MAX_CREDIT_LIMIT = 100_000_000;
const PASSWORD = 'Demo@1234';
const OPERATOR_TOKEN = 'bench-market-operator-token';
const operator = { authorization: `Bearer ${OPERATOR_TOKEN}`, 'x-operator': 'bench' };
/** RM 20.00 / kg, in sen; bids rise from here in steps of RM 0.10. */
export const START_PRICE = 2000;
export const PRICE_STEP = 10;

/**
 * Starts the market. `buyers`: how many buyers (the 3 demo buyers, then sign-ups); `orders`: lots
 * bought out by the demo buyers; `credits`: operator credits on the merchant's wallet.
 */
export async function startMarket({ port, buyers = 50, orders = 30, credits = 60 }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sm-bench-market-'));
  const database = benchDatabase(`sm_bench_market_${process.pid}`);
  // On PostgreSQL a proxy counts the database round trips; the server reaches the database
  // through it only while they are counted (countingTrips): under load, its hop on the same two
  // cores cost each call two more wake-ups, and the list's p99 was 56 ms through it, 41 without.
  const counter = database.url ? await roundTripCounter(new URL(database.url)) : null;
  const env = {
    ...(database.url ? { DATABASE_URL: database.url, SEED_DEMO: 'true' } : {}),
    OPERATOR_TOKEN,
    // Sign-in is measured at 50 connections from one address: the per-IP limit (30 a minute)
    // would answer most of it with 429. The per-phone rules and the hashing queue stay as they are.
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
  };
  const countedEnv = counter && {
    ...env,
    DATABASE_URL: Object.assign(new URL(database.url), {
      hostname: '127.0.0.1',
      port: String(counter.port),
    }).toString(),
  };
  let server = await startServer({ dataDir, port, env });
  const { base } = server;
  /** Stops the server and starts it again on the same data, with `withEnv`. */
  const restart = async (withEnv) => {
    await server.stop();
    server = await startServer({ dataDir, port, env: withEnv });
  };

  const merchantLogin = await ok(
    api(base, 'POST', '/api/auth/login', { body: DEMO_MERCHANT, headers: { origin: base } }),
  );
  const merchantCookie = cookieOf(merchantLogin.headers, 'sm_session');
  const merchantId = (await ok(api(base, 'GET', '/api/me', { cookie: merchantCookie }))).body.id;

  const form = new FormData();
  form.append(
    'file',
    new Blob([readFileSync(path.join(root, 'e2e/fixtures/catch.jpg'))], { type: 'image/jpeg' }),
    'catch.jpg',
  );
  const photo = await fetch(`${base}/api/media`, {
    method: 'POST',
    headers: { cookie: merchantCookie },
    body: form,
  });
  if (!photo.ok) throw new Error(`photo upload: ${photo.status} ${await photo.text()}`);
  const photoId = (await photo.json()).id;
  const boatId = (await ok(api(base, 'GET', '/api/boats', { cookie: merchantCookie }))).body
    .items[0].id;

  /** Publishes one auction of `count` lots (≤ 20), live for 15 minutes; answers its lot ids. */
  async function publish(count, { name = 'Bench pomfret', buyoutPrice = null } = {}) {
    const lots = Array.from({ length: count }, (_, i) => ({
      boatId,
      harbor: 'Kuala Selangor',
      freshness: 'fresh',
      landedAt: new Date(Date.now() - 3_600_000).toISOString(),
      name: `${name} ${i + 1}`,
      species: 'bawal_putih',
      quantity: 1000, // 100 kg
      startPrice: START_PRICE,
      buyoutPrice,
      description: 'Landed at dawn, iced on board.',
      notes: { size: '300–400 g', icing: 'Flake ice', packaging: 'Styrofoam box' },
      photoIds: [photoId],
      videoIds: [],
    }));
    const res = await ok(
      api(base, 'POST', '/api/auctions', { cookie: merchantCookie, body: { lots } }),
    );
    return res.body.lotIds;
  }

  const buyerCookies = [];
  for (const phone of DEMO_BUYERS.slice(0, buyers)) {
    const res = await ok(
      api(base, 'POST', '/api/buyer/auth/login', { body: { phone, password: PASSWORD } }),
    );
    buyerCookies.push(cookieOf(res.headers, 'sm_buyer_session'));
  }
  // Each sign-up hashes a password at the production cost: the server runs 4 at once and queues
  // 32, so batches of 8 keep every one accepted.
  const buyerPhone = (n) => DEMO_BUYERS[n] ?? `+6019${String(1_000_000 + n)}`;
  const signUpBuyer = async (n) => {
    const res = await signUp(base, 'buyer', buyerPhone(n), PASSWORD, operator);
    return cookieOf(res.headers, 'sm_buyer_session');
  };
  for (let n = buyerCookies.length; n < buyers; n += 8) {
    const batch = Array.from({ length: Math.min(8, buyers - n) }, (_, i) => signUpBuyer(n + i));
    buyerCookies.push(...(await Promise.all(batch)));
  }
  // Bids and buyouts must be covered (PRODUCT.md §4a): every buyer gets the largest credit limit,
  // so that the figures measure bidding, not refusals.
  for (let n = 0; n < buyers; n += 1) {
    await ok(
      api(base, 'PUT', `/api/operator/buyers/${encodeURIComponent(buyerPhone(n))}/credit-limit`, {
        body: { amount: MAX_CREDIT_LIMIT },
        headers: operator,
      }),
    );
  }

  // Orders: lots bought out by the demo buyers, in turn.
  const orderLots = [];
  for (let left = orders; left > 0; left -= 20) {
    orderLots.push(
      ...(await publish(Math.min(20, left), { name: 'Bench prawns', buyoutPrice: 3000 })),
    );
  }
  for (const [i, lotId] of orderLots.entries()) {
    await ok(
      api(base, 'POST', `/api/buyer/lots/${lotId}/buyout`, {
        cookie: buyerCookies[i % Math.min(3, buyerCookies.length)],
        body: {},
      }),
    );
  }
  // A live auction for home, the auction list and the lot page to show.
  const liveLots = await publish(5, { name: 'Bench mackerel' });
  const orderId =
    orders > 0
      ? (await ok(api(base, 'GET', '/api/orders', { cookie: merchantCookie }))).body.items[0].id
      : null;

  for (let i = 0; i < credits; i += 1) {
    await ok(
      api(base, 'POST', `/api/operator/wallets/${merchantId}/credit`, {
        body: { amount: 10_000 + i },
        headers: { ...operator, 'idempotency-key': randomUUID() },
      }),
    );
  }

  // Each buyer's standing price per lot, so that every bid raises that buyer's own bid (PRODUCT.md
  // §4: a new bid must raise the price or the quantity), whichever benchmark places it.
  const prices = new Map();
  /**
   * The next valid bid of buyer `b` on `lotId`, as a request: 5 kg at one step above its own
   * standing price. A refused one must be told (`bidRefused`), so the next is priced again.
   */
  function bidRequest(b, lotId) {
    const key = `${b}:${lotId}`;
    const price = (prices.get(key) ?? START_PRICE + PRICE_STEP * (b % 50)) + PRICE_STEP;
    prices.set(key, price);
    return {
      path: `/api/buyer/lots/${lotId}/bids`,
      headers: { 'content-type': 'application/json', cookie: buyerCookies[b] },
      body: JSON.stringify({ quantity: 50, price }),
    };
  }
  const bidRefused = (b, lotId) => {
    const key = `${b}:${lotId}`;
    prices.set(key, prices.get(key) - PRICE_STEP);
  };
  /** Places a valid bid of buyer `b` on `lotId`. */
  async function bid(b, lotId) {
    const { path: url, headers, body } = bidRequest(b, lotId);
    const res = await fetch(base + url, { method: 'POST', headers, body });
    const text = await res.text();
    if (res.status !== 200) bidRefused(b, lotId);
    return { status: res.status, text };
  }

  return {
    on: database.on,
    dataDir,
    databaseUrl: database.url,
    get base() {
      return server.base;
    },
    get pid() {
      return server.pid;
    },
    /** How many processes serve: a cluster's workers (its primary serves none), or one. */
    get processCount() {
      return Math.max(1, processTree(server.pid).length - 1);
    },
    /** The same in words, for the notes. */
    get processes() {
      return this.processCount === 1 ? '1 process' : `${this.processCount} processes`;
    },
    /**
     * CPU time the database's backends have used so far, ms: on PostgreSQL, where it shares the
     * cores with the server; null on PGlite, which runs in the server's process.
     */
    databaseCpuMs() {
      return database.url ? databaseCpuMsOf(new URL(database.url).pathname.slice(1)) : null;
    },
    /** Database round trips so far (PostgreSQL only; null on PGlite, which runs in the process). */
    get roundTrips() {
      return counter ? counter.trips : null;
    },
    /**
     * Runs `count` with the server reaching its database through the counting proxy (restarted
     * so), then restarts it straight to the database; answers what `count` answers. On PGlite,
     * where there is nothing to count, it runs `count` as is.
     */
    async countingTrips(count) {
      if (!countedEnv) return count();
      await restart(countedEnv);
      try {
        return await count();
      } finally {
        await restart(env);
      }
    },
    merchantCookie,
    merchantId,
    buyerCookies,
    orderId,
    orderLots,
    liveLots,
    publish,
    bid,
    bidRequest,
    bidRefused,
    /** Stops the server and starts it again on the same data (sessions stay valid). */
    async stop() {
      await server.stop();
    },
    /** Starts it, with that many server processes or as many as `npm start` would run. */
    async start({ processes } = {}) {
      server = await startServer({ dataDir, port, env, processes });
    },
    async close() {
      await server.stop();
      counter?.close();
      rmSync(dataDir, { recursive: true, force: true });
      database.drop();
    },
  };
}
