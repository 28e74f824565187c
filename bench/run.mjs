// `npm run bench`: the figures the issues ask for, each next to its budget or reference, taken in
// one run because these machines are noisy. Writes bench/results/latest.json and latest.md.
//   npm run bench                 start-up times and the sign-in page's JS
//   npm run bench -- --with-tests also times a whole `npm test`
//   npm run bench -- --orders     also the orders list and export with 100 000 orders
//                                 (BENCH_DATABASE_URL=postgres://… for PostgreSQL; see README)
//   npm run bench -- --wallet     also withdrawals by 50 merchants at once and the statement of a
//                                 merchant with 100 000 ledger entries (BENCH_DATABASE_URL too)
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
import { printRow, waitHealthy } from './lib.mjs';

const root = path.resolve(import.meta.dirname, '..');
const withTests = process.argv.includes('--with-tests');
const RUNS = 3;
const rows = [];
const record = (area, metric, value, unit, budget, note = '') => {
  const row = { area, metric, value, unit, budget, note };
  rows.push(row);
  printRow(row);
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// Built up front, so that no timed `npm start` below includes a build.
buildIfStale();

let nextPort = 4400;
/** Runs `npm start` on a data directory; resolves with seconds to a healthy /api/health. */
async function startServer(dataDir) {
  const port = nextPort++;
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
  });
  await waitHealthy(`http://127.0.0.1:${port}/api/health`);
  const seconds = (performance.now() - started) / 1000;
  const stop = async () => {
    process.kill(-child.pid, 'SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
  return { seconds, port, stop };
}

// Reference: the same machine starting a bare Node process through npm.
const bare = [];
for (let i = 0; i < RUNS; i += 1) {
  const t = performance.now();
  spawnSync('npm', ['exec', '--', 'node', '-e', '0'], { cwd: root, stdio: 'ignore' });
  bare.push((performance.now() - t) / 1000);
}
record('start', 'reference: npm exec node -e 0', median(bare).toFixed(2), 's', null);

const fresh = [];
const existing = [];
for (let i = 0; i < RUNS; i += 1) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sm-bench-'));
  const first = await startServer(dataDir);
  fresh.push(first.seconds);
  await first.stop();
  const second = await startServer(dataDir);
  existing.push(second.seconds);
  await second.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
record(
  'start',
  'npm start → healthy, fresh data dir (migrate + seed)',
  median(fresh).toFixed(2),
  's',
  null,
);
record(
  'start',
  'npm start → healthy, existing data dir',
  median(existing).toFixed(2),
  's',
  '≤ 2 s',
);

// The JS the sign-in page really loads, as the browser fetched it, gzip-compressed.
{
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sm-bench-'));
  const server = await startServer(dataDir);
  const browser = await chromium.launch(chromiumLaunchOptions);
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const scripts = new Map();
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    scripts.set(res.url(), await res.body().catch(() => Buffer.alloc(0)));
  });
  await page.goto(`http://127.0.0.1:${server.port}/#/pages/login/login`, {
    waitUntil: 'networkidle',
  });
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  const gzip = [...scripts.values()].reduce(
    (n, body) => n + gzipSync(body, { level: 9 }).length,
    0,
  );
  const raw = [...scripts.values()].reduce((n, body) => n + body.length, 0);
  record(
    'web',
    `sign-in page JS, gzip (${scripts.size} files, ${(raw / 1024).toFixed(0)} KB raw)`,
    (gzip / 1024).toFixed(1),
    'KB',
    '≤ 180 KB',
  );
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
mkdirSync(out, { recursive: true });
const meta = { at: new Date().toISOString(), node: process.version, runs: RUNS };
writeFileSync(path.join(out, 'latest.json'), `${JSON.stringify({ ...meta, rows }, null, 2)}\n`);
const md = [
  `# Benchmarks (${meta.at}, Node ${meta.node}, median of ${RUNS} where repeated)`,
  '',
  '| area | metric | value | budget |',
  '|---|---|---|---|',
  ...rows.map((r) => `| ${r.area} | ${r.metric} | ${r.value} ${r.unit} | ${r.budget ?? ''} |`),
  '',
];
writeFileSync(path.join(out, 'latest.md'), md.join('\n'));
console.log(`\nWrote ${path.relative(root, out)}/latest.json and latest.md`);
