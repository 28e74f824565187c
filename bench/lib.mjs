// What the benchmarks share: a database to run on, waiting for a server to answer, load at 50
// connections, and printing a row of figures.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `url` answers 2xx; polls every 25 ms, so a start-up time read after it is close. */
export async function waitHealthy(url, timeoutMs = 60_000) {
  const started = performance.now();
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > timeoutMs)
      throw new Error(`${url} not healthy in ${timeoutMs / 1000} s`);
    await sleep(25);
  }
}

/** One figure as a line of the console table. */
export function printRow({ area, metric, value, unit, budget, note = '' }) {
  console.log(
    `${area.padEnd(8)} ${metric.padEnd(52)} ${String(value).padStart(9)} ${unit.padEnd(4)} ${budget ?? ''} ${note}`,
  );
}

/** autocannon at 50 connections for 10 s unless told otherwise. */
export const cannon = (opts) =>
  new Promise((resolve, reject) =>
    autocannon({ connections: 50, duration: 10, ...opts }, (err, res) =>
      err ? reject(err) : resolve(res),
    ),
  );

/** The figures a row reports of an autocannon result. */
export const figures = (res) => ({
  p50: res.latency.p50,
  p99: res.latency.p99,
  rps: Math.round(res.requests.average),
  non2xx: res.non2xx + res.errors,
});

/** Creates or drops a database on the PostgreSQL server at `adminUrl`, as .ci/run does. */
function ciDb(adminUrl, command, name) {
  const run = spawnSync(process.execPath, ['scripts/ci-db.mjs', command, name], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ADMIN_URL: adminUrl },
  });
  if (run.status !== 0) throw new Error(`ci-db.mjs ${command} ${name} failed`);
}

/**
 * The database a benchmark runs on: PGlite in the server's data directory (`url` null) by default;
 * with BENCH_DATABASE_URL (a PostgreSQL server whose user may create databases), a fresh database
 * `name` there, which `drop` removes.
 */
export function benchDatabase(name) {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) return { on: 'PGlite', url: null, drop: () => {} };
  ciDb(adminUrl, 'create', name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { on: 'PostgreSQL', url: url.toString(), drop: () => ciDb(adminUrl, 'drop', name) };
}
