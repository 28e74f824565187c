// `npm run bench -- --orders` (or `node bench/orders.mjs`): the orders list under load and the
// export of every order, with 100 000 orders in the embedded database. Each figure is taken next to
// its reference in the same run: a bare Fastify hello-world for the list, the baseline memory of
// the same server for the export.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { benchDatabase, cannon, figures, printRow, sleep, waitHealthy } from './lib.mjs';

const root = path.resolve(import.meta.dirname, '..');
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);

function rssOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

/** Runs the orders benchmarks; `record(area, metric, value, unit, budget, note)` prints a row. */
export async function benchOrders(record) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sm-bench-orders-'));
  const { on, url, drop } = benchDatabase(`sm_bench_orders_${process.pid}`);
  const dbEnv = url ? { DATABASE_URL: url, SEED_DEMO: 'true' } : {};
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
      WEB_CONCURRENCY: '1',
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
    drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildIfStale();
  await benchOrders((area, metric, value, unit, budget, note) =>
    printRow({ area, metric, value, unit, budget, note }),
  );
}
