// `npm run bench`: the figures the issues ask for, each next to its budget or reference, taken in
// one run because these machines are noisy. Writes bench/results/latest.json and latest.md
// (latest-postgres.* when BENCH_DATABASE_URL is set). See bench/README.md.
//   npm run bench                 start-up, web, API, bids and live events (PGlite)
//   npm run bench -- --only api,bids,events
//                                 only these parts (start, web, api, bids, events)
//   BENCH_DATABASE_URL=postgres://… npm run bench -- --only api,bids,events
//                                 the server parts on a fresh PostgreSQL database (and start-up
//                                 on PostgreSQL as well as on PGlite)
//   npm run bench -- --with-tests also times a whole `npm test`
//   npm run bench -- --orders     also the orders list and export with 100 000 orders
//   npm run bench -- --wallet     also withdrawals by 50 merchants at once and the statement of a
//                                 merchant with 100 000 ledger entries
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { fdLimitOf, printRow } from './lib.mjs';

const root = path.resolve(import.meta.dirname, '..');
// The market's server, and the hello-world reference on the next port.
const PORT = Number(process.env.BENCH_PORT ?? 4450);

// Every live-event stream is an open file on this side too: run again with the soft limit raised
// to the hard one (a process cannot raise its own from Node).
const fds = fdLimitOf();
if (fds.soft < fds.hard && process.env.BENCH_FD_RAISED !== '1') {
  const again = spawnSync(
    'bash',
    ['-c', 'ulimit -n "$(ulimit -Hn)"; exec "$0" "$@"', process.execPath, ...process.argv.slice(1)],
    { stdio: 'inherit', env: { ...process.env, BENCH_FD_RAISED: '1' } },
  );
  process.exit(again.status ?? 1);
}

const PARTS = ['start', 'web', 'api', 'bids', 'events'];
const onlyAt = process.argv.indexOf('--only');
const parts = new Set(onlyAt > 0 ? process.argv[onlyAt + 1].split(',') : PARTS);
for (const part of parts) {
  if (!PARTS.includes(part)) throw new Error(`--only: unknown part ${part} (${PARTS.join(', ')})`);
}
const withTests = process.argv.includes('--with-tests');
const RUNS = 3;
const startedAt = performance.now();
const loadBefore = loadavg()[0];
const rows = [];
/** Prints a row of the table and keeps it for the results files. */
const record = (area, metric, value, unit, budget, note = '') => {
  const row = { area, metric, value, unit, budget, note };
  rows.push(row);
  printRow(row);
};

// Built up front, so that no timed `npm start` below includes a build.
buildIfStale();

if (parts.has('start')) {
  const { benchStart } = await import('./start.mjs');
  await benchStart(record, RUNS);
}

// The web, the API, bids and live events share one market: a server on a fresh data directory
// (or PostgreSQL database) with the demo seed, buyers, auctions, orders and a statement.
if (['web', 'api', 'bids', 'events'].some((part) => parts.has(part))) {
  const { startMarket } = await import('./market.mjs');
  const t = performance.now();
  const market = await startMarket({ port: PORT });
  console.log(`(market ready on ${market.on} in ${((performance.now() - t) / 1000).toFixed(0)} s)`);
  try {
    if (parts.has('web')) {
      const { benchWeb } = await import('./web.mjs');
      await benchWeb(market, record);
    }
    let bidLots = null;
    if (parts.has('bids')) {
      const { benchBids } = await import('./bids.mjs');
      bidLots = await benchBids(market, record);
    }
    if (parts.has('events')) {
      const { benchEvents } = await import('./events.mjs');
      await benchEvents(market, record);
    }
    if (parts.has('api')) {
      const { benchApi } = await import('./api.mjs');
      await benchApi(market, record, {
        helloPort: PORT + 1,
        lotId: bidLots?.[0] ?? market.liveLots[0],
      });
    }
  } finally {
    await market.close();
  }
}

if (process.argv.includes('--orders')) {
  const { benchOrders } = await import('./orders.mjs');
  await benchOrders(record);
}

if (process.argv.includes('--wallet')) {
  const { benchWallet } = await import('./wallet.mjs');
  await benchWallet(record);
}

if (withTests) {
  const t = performance.now();
  const run = spawnSync('npm', ['test'], { cwd: root, stdio: 'ignore' });
  record(
    'tests',
    `npm test (exit ${run.status})`,
    ((performance.now() - t) / 1000).toFixed(0),
    's',
    '< 15 min in CI',
  );
}

const out = path.join(root, 'bench/results');
const name = process.env.BENCH_DATABASE_URL ? 'latest-postgres' : 'latest';
mkdirSync(out, { recursive: true });
const meta = {
  at: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  parts: [...parts],
  minutes: Number(((performance.now() - startedAt) / 60_000).toFixed(1)),
  // The machine's load (1-minute average) as the run began and ended: other work skews figures.
  load: [Number(loadBefore.toFixed(1)), Number(loadavg()[0].toFixed(1))],
};
writeFileSync(path.join(out, `${name}.json`), `${JSON.stringify({ ...meta, rows }, null, 2)}\n`);
const md = [
  `# Benchmarks (${meta.at}, Node ${meta.node}, ${meta.cpus} cores, ${meta.minutes} min, load ${meta.load.join(' → ')})`,
  '',
  '| area | metric | value | budget | note |',
  '|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.area} | ${r.metric} | ${r.value} ${r.unit} | ${r.budget ?? ''} | ${r.note.replaceAll('|', '/')} |`,
  ),
  '',
];
writeFileSync(path.join(out, `${name}.md`), md.join('\n'));
console.log(
  `\n${meta.minutes} min; load ${meta.load.join(' → ')}. Wrote ${path.relative(root, out)}/${name}.json and ${name}.md`,
);
