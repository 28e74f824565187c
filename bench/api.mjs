// The merchant API under load: p50, p99 and requests per second at 50 connections (autocannon),
// each endpoint warmed up for 2 s and measured for BENCH_API_SECONDS (10 by default), next to a
// bare Fastify hello-world loaded the same way in the same run. The endpoints read what the market
// and the earlier parts made: auctions whose lots carry the bids of the bid benchmark, orders from
// buyouts, the statement of the operator's credits.
import {
  cannon,
  cpuMsOf,
  figures,
  helloWorld,
  quantile,
  roundTripsPerCall,
  workLoops,
} from './lib.mjs';
import { DEMO_MERCHANT } from './market.mjs';

const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);

/** Runs the API figures; `record(area, metric, value, unit, budget, note)` prints a row. */
export async function benchApi(market, record, { helloPort, lotId }) {
  const on = market.on;
  const row = (label, r, budget, extra = '') =>
    record(
      'api',
      `${on}: ${label}, 50 conns`,
      r.answered > 0 ? `${r.p50}/${r.p99}` : 'none',
      'ms',
      budget,
      `p50/p99; ${r.rps} req/s${r.non2xx ? `, ${r.ok} 2xx/s, ${r.non2xx} not 2xx` : ''}${extra}`,
    );

  row('reference: Fastify hello-world', await helloWorld(helloPort, { duration: SECONDS }), null);

  const headers = { cookie: market.merchantCookie };
  const load = async (opts) => {
    await cannon({ ...opts, duration: 2 }); // warm-up
    // The server's CPU per answer: noise from other processes cannot move it much.
    const cpuBefore = cpuMsOf(market.pid);
    const dbBefore = market.databaseCpuMs();
    const r = figures(await cannon({ ...opts, duration: SECONDS }));
    const dbAfter = market.databaseCpuMs();
    return {
      ...r,
      cpuMs: (cpuMsOf(market.pid) - cpuBefore) / r.answered,
      dbCpuMs: dbBefore === null || dbAfter === null ? null : (dbAfter - dbBefore) / r.answered,
    };
  };
  const tripsOf = (url, headers) =>
    roundTripsPerCall(market, 20, async () => (await fetch(url, { headers })).arrayBuffer());
  const cost = (r, trips) =>
    `; server CPU ${r.cpuMs.toFixed(2)} ms/req (${market.processes})${r.dbCpuMs === null ? '' : `, database CPU ${r.dbCpuMs.toFixed(2)} ms/req`}${trips === null ? '' : `; ${trips} DB round trips/call`}`;
  const endpoints = [
    ['dashboard (home summary)', '/api/dashboard', headers],
    ['auction list, live (first page)', '/api/auctions', headers],
    ['lot detail (bid ladder)', `/api/lots/${lotId}`, headers],
    ['orders list (first page)', '/api/orders', headers],
    ['wallet statement (first page)', '/api/wallet/statement', headers],
    ["buyer's live lots (first page)", '/api/buyer/lots', { cookie: market.buyerCookies[0] }],
  ];
  // The round trips first, through the counting proxy; then the loads, straight to the database.
  const trips = await market.countingTrips(async () => {
    const counted = [];
    for (const [, path, auth] of endpoints) counted.push(await tripsOf(market.base + path, auth));
    return counted;
  });
  for (const [i, [label, path, auth]] of endpoints.entries()) {
    const r = await load({ url: market.base + path, headers: auth });
    row(label, r, market.databaseUrl ? 'p99 ≤ 50 ms' : 'p99 ≤ 150 ms', cost(r, trips[i]));
  }

  // Sign-in hashes the password with scrypt at N = 2^17 (PRODUCT.md §3): by design a few hundred
  // ms of a core and 128 MiB each; the server runs 4 at once, queues 32 and answers the rest 429
  // at once. So 50 callers, each signing in again as soon as answered, and the figures of the
  // sign-ins apart from the refusals (autocannon would mix both into one latency).
  const signIns = [];
  const refusals = [];
  const signInOnce = async () => {
    const started = performance.now();
    const res = await fetch(`${market.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: market.base },
      body: JSON.stringify(DEMO_MERCHANT),
    });
    await res.arrayBuffer();
    const ms = performance.now() - started;
    if (res.status === 200) signIns.push(ms);
    else if (res.status === 429) refusals.push(ms);
    else throw new Error(`sign-in answered ${res.status}`);
  };
  for (let i = 0; i < 5; i += 1) await signInOnce(); // one at a time: the hash alone
  const alone = quantile(signIns, 0.5);
  signIns.length = 0;
  const seconds = await workLoops(50, SECONDS, signInOnce);
  record(
    'api',
    `${on}: sign-in (POST /api/auth/login), 50 at once`,
    `${quantile(signIns, 0.5)}/${quantile(signIns, 0.99)}`,
    'ms',
    null,
    `p50/p99 of ${signIns.length} sign-ins, ${(signIns.length / seconds).toFixed(1)}/s; ${refusals.length} answered 429 (hash queue full); one at a time ${alone} ms; scrypt N=2^17`,
  );
}
