// `npm run bench -- --orders` (or `node bench/orders.mjs`): the orders list under load and the
// export of every order, with 100 000 orders in the embedded database. Each figure is taken next to
// its reference in the same run: a bare Fastify hello-world for the list, the baseline memory of
// the same server for the export.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { printRow, sleep, waitHealthy } from './lib.mjs';

const root = path.resolve(import.meta.dirname, '..');
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);

function rssOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

const cannon = (opts) =>
  new Promise((resolve, reject) =>
    autocannon({ connections: 50, duration: 10, ...opts }, (err, res) =>
      err ? reject(err) : resolve(res),
    ),
  );
const figures = (res) => ({
  p50: res.latency.p50,
  p99: res.latency.p99,
  rps: Math.round(res.requests.average),
  non2xx: res.non2xx + res.errors,
});

/** Runs the orders benchmarks; `record(area, metric, value, unit, budget, note)` prints a row. */
export async function benchOrders(record) {
  buildIfStale();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sm-bench-orders-'));
  // With BENCH_DATABASE_URL (a PostgreSQL server whose user may create databases), the same
  // figures on a fresh PostgreSQL database, dropped afterwards.
  const pgAdmin = process.env.BENCH_DATABASE_URL;
  const pgName = `sm_bench_orders_${process.pid}`;
  let dbEnv = {};
  if (pgAdmin) {
    ciDb(pgAdmin, 'create', pgName);
    const url = new URL(pgAdmin);
    url.pathname = `/${pgName}`;
    dbEnv = { DATABASE_URL: url.toString(), SEED_DEMO: 'true' };
  }
  const on = pgAdmin ? 'PostgreSQL' : 'PGlite';
  const seedStart = performance.now();
  const seed = spawnSync('npx', ['tsx', 'bench/seed-orders.ts', dataDir, String(ORDERS)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...dbEnv },
  });
  if (seed.status !== 0) throw new Error('seeding the orders failed');
  record(
    'orders',
    `${on}: seed ${ORDERS} orders (one SQL statement per table)`,
    ((performance.now() - seedStart) / 1000).toFixed(1),
    's',
    null,
  );

  // Reference: a bare Fastify hello-world, same machine, same run.
  const hello = spawn(
    process.execPath,
    [
      '-e',
      "const f=require('fastify')();f.get('/',async()=>({hello:'world'}));f.listen({port:4499,host:'127.0.0.1'})",
    ],
    { cwd: path.join(root, 'apps/server'), stdio: 'ignore' },
  );
  await waitHealthy('http://127.0.0.1:4499/');
  const ref = figures(await cannon({ url: 'http://127.0.0.1:4499/' }));
  hello.kill();
  record(
    'orders',
    'reference: Fastify hello-world, 50 connections',
    `${ref.p50}/${ref.p99}`,
    'ms',
    null,
    `p50/p99, ${ref.rps} req/s`,
  );

  const port = 4498;
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      ...dbEnv,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitHealthy(`${base}/api/health`);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ phone: '012-345 6789', password: 'Demo@1234' }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    if (!login.ok || !cookie) throw new Error(`sign-in failed: ${login.status}`);
    const headers = { cookie };

    for (const [label, query] of [
      ['orders list, first page (All)', ''],
      ['orders list, To Ship tab, 30d', '?tab=to_ship&period=30d'],
      ['orders list, search by order number', '?q=sb000000050000'],
    ]) {
      await cannon({ url: `${base}/api/orders${query}`, headers, duration: 2 }); // warm-up
      const r = figures(await cannon({ url: `${base}/api/orders${query}`, headers }));
      record(
        'orders',
        `${on}: ${label}, 50 conns`,
        `${r.p50}/${r.p99}`,
        'ms',
        'p99 ≤ 50 ms',
        `p50/p99, ${r.rps} req/s, ${r.non2xx} errors`,
      );
    }
    const counts = figures(await cannon({ url: `${base}/api/orders/counts`, headers }));
    record(
      'orders',
      `${on}: tab counts, 50 conns`,
      `${counts.p50}/${counts.p99}`,
      'ms',
      null,
      `p50/p99, ${counts.rps} req/s`,
    );

    for (const format of ['csv', 'xlsx']) {
      await sleep(500);
      const baseline = rssOf(server.pid);
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssOf(server.pid));
      }, 20);
      const started = performance.now();
      const res = await fetch(`${base}/api/orders/export?format=${format}`, { headers });
      let bytes = 0;
      for await (const chunk of res.body) bytes += chunk.length;
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      record(
        'orders',
        `${on}: export ${ORDERS} orders as ${format.toUpperCase()} (${(bytes / 1e6).toFixed(1)} MB)`,
        seconds.toFixed(1),
        's',
        null,
        `server RSS ${(baseline / 1e6).toFixed(0)} → peak ${(peak / 1e6).toFixed(0)} MB (+${((peak - baseline) / 1e6).toFixed(0)} MB)`,
      );
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
    if (pgAdmin) ciDb(pgAdmin, 'drop', pgName);
  }
}

/** Creates or drops a database on the PostgreSQL server at `adminUrl`, as .ci/run does. */
function ciDb(adminUrl, command, name) {
  const run = spawnSync(process.execPath, ['scripts/ci-db.mjs', command, name], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ADMIN_URL: adminUrl },
  });
  if (run.status !== 0) throw new Error(`ci-db.mjs ${command} ${name} failed`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchOrders((area, metric, value, unit, budget, note) =>
    printRow({ area, metric, value, unit, budget, note }),
  );
}
