// What the benchmarks share: a database to run on, a server to start and wait for, load at 50
// connections, small HTTP helpers, and printing a row of figures.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
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
    `${area.padEnd(8)} ${metric.padEnd(58)} ${String(value).padStart(11)} ${unit.padEnd(4)} ${(budget ?? '').padEnd(14)} ${note}`,
  );
}

/** autocannon at 50 connections for 10 s unless told otherwise. */
export const cannon = (opts) =>
  new Promise((resolve, reject) =>
    autocannon({ connections: 50, duration: 10, ...opts }, (err, res) =>
      err ? reject(err) : resolve(res),
    ),
  );

/**
 * The figures a row reports of an autocannon result; `ok` counts only 2xx answers per second, and
 * `answered` all answers (with none, autocannon reports its latencies as 0).
 */
export const figures = (res) => ({
  p50: res.latency.p50,
  p99: res.latency.p99,
  answered: res.requests.total,
  rps: Math.round(res.requests.average),
  ok: Math.round(res['2xx'] / res.duration),
  non2xx: res.non2xx + res.errors,
});

/** Runs `work(worker)` in `workers` loops until `seconds` are over; answers the seconds taken. */
export async function workLoops(workers, seconds, work) {
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      while (performance.now() < until) await work(worker);
    }),
  );
  return (performance.now() - started) / 1000;
}

/** The q-quantile of latency samples, ms, to a tenth. */
/** The middle value (the upper one of an even count), unrounded. */
export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export function quantile(samples, q) {
  if (samples.length === 0) return NaN;
  const sorted = Float64Array.from(samples).sort();
  const value = sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
  return Math.round(value * 10) / 10;
}

/** Resident memory of a process, bytes. */
export function rssOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

/** Open-file limits of a process (this one by default): each socket is one. */
export function fdLimitOf(pid = process.pid) {
  const line = /Max open files\s+(\d+|unlimited)\s+(\d+|unlimited)/.exec(
    readFileSync(`/proc/${pid}/limits`, 'utf8'),
  );
  const n = (v) => (v === undefined || v === 'unlimited' ? Infinity : Number(v));
  return { soft: n(line?.[1]), hard: n(line?.[2]) };
}

/**
 * Throws if something answers on `port` already: a server left over, or another bench run. Its
 * health check would pass, and the figures would be that server's.
 */
export async function assertPortFree(port) {
  const taken = await new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => resolve(socket.destroy() || true));
    socket.once('error', () => resolve(false));
  });
  if (taken) throw new Error(`port ${port} is in use: stop what holds it, or set BENCH_PORT`);
}

/** The reference of the API figures: a bare Fastify hello-world on this machine, loaded the same way. */
export async function helloWorld(port, opts = {}) {
  await assertPortFree(port);
  const hello = spawn(
    process.execPath,
    [
      '-e',
      `const f=require('fastify')();f.get('/',async()=>({hello:'world'}));f.listen({port:${port},host:'127.0.0.1'})`,
    ],
    { cwd: path.join(root, 'apps/server'), stdio: 'ignore' },
  );
  try {
    await waitHealthy(`http://127.0.0.1:${port}/`);
    await cannon({ url: `http://127.0.0.1:${port}/`, duration: 2, ...opts }); // warm-up
    return figures(await cannon({ url: `http://127.0.0.1:${port}/`, ...opts }));
  } finally {
    hello.kill();
  }
}

/**
 * Starts the built server as `npm start` does once its build is current (apps/server/dist/main.js;
 * run.mjs builds first, and a source touched during the run must not start a rebuild here), with
 * the open-file limit raised to the hard limit: every stream or connection is a file.
 */
export async function startServer({ dataDir, port, env = {}, processes }) {
  await assertPortFree(port);
  const count = processes ?? process.env.BENCH_PROCESSES;
  // BENCH_SERVER_ARGS: Node flags for the server, e.g. --cpu-prof to see where a figure goes.
  const nodeArgs = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(
    'bash',
    [
      '-c',
      'ulimit -n "$(ulimit -Hn)"; exec "$0" "$@" apps/server/dist/main.js',
      process.execPath,
      ...nodeArgs,
    ],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        // The figures are a deployment's: production mode, which leaves out the development
        // server's check of every answer against its zod contract. The bench speaks plain HTTP
        // to 127.0.0.1, so its cookies cannot be Secure.
        NODE_ENV: 'production',
        COOKIE_SECURE: 'false',
        // As many server processes as `npm start` runs (one per core on PostgreSQL, the budget's
        // terms; one on PGlite) unless told (BENCH_PROCESSES); cpuMsOf adds the workers up.
        ...(count ? { WEB_CONCURRENCY: String(count) } : {}),
        // The events part holds thousands of streams on the demo merchant's one session.
        EVENT_STREAMS_PER_SESSION: '1000000',
        ...env,
      },
    },
  );
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await Promise.race([
    waitHealthy(`${base}/api/health`),
    exited.then((code) => {
      throw new Error(`the server exited (${code}) before it was healthy`);
    }),
  ]);
  return {
    base,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A JSON call; answers `{ status, body, headers }`. */
export async function api(base, method, url, { body, cookie, headers = {} } = {}) {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

/** The answer of a call that must succeed. */
export async function ok(pending) {
  const res = await pending;
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

/** Signs a new account up through the SMS flow, the code read from the operator's outbox. */
export async function signUp(base, role, phone, password, operatorHeaders) {
  const prefix = role === 'buyer' ? '/api/buyer' : '/api';
  await ok(api(base, 'POST', `${prefix}/auth/sms-code`, { body: { phone, purpose: 'register' } }));
  const outbox = await ok(
    api(base, 'GET', `/api/operator/sms-outbox?phone=${encodeURIComponent(phone)}&limit=1`, {
      headers: operatorHeaders,
    }),
  );
  return ok(
    api(base, 'POST', `${prefix}/auth/register`, {
      body: {
        phone,
        code: outbox.body.items[0].code,
        password,
        confirmPassword: password,
        agreePolicy: true,
      },
    }),
  );
}

/** `name=value` of the cookie `name` an answer sets. */
export const cookieOf = (headers, name) =>
  headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith(`${name}=`));

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

/** A process and its descendants: a cluster's primary and its workers. */
export function processTree(pid) {
  let children = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean);
  } catch {
    // Gone meanwhile: a worker that exited has no children to read.
  }
  return [pid, ...children.flatMap((child) => processTree(Number(child)))];
}

/** CPU time these processes have used so far (user + system), ms; Linux clock ticks of 10 ms. */
function cpuMsOfPids(pids) {
  let ticks = 0;
  for (const each of pids) {
    try {
      // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
      const stat = readFileSync(`/proc/${each}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Exited between the two reads.
    }
  }
  return ticks * 10;
}

/** CPU time a process and its descendants (a cluster's workers) have used so far, ms. */
export const cpuMsOf = (pid) => cpuMsOfPids(processTree(pid));

/**
 * CPU time the PostgreSQL backends connected to `database` have used so far, ms, or null when
 * none of them is a process of this machine (a server elsewhere). A backend's command line names
 * its database ("postgres: [cluster:] user database host(port) state"); the server's pool keeps its
 * connections, so a backend that ends during a load loses little.
 */
export function databaseCpuMsOf(database) {
  const pids = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const words = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\s\0]+/);
      if (words[0] === 'postgres:' && words.includes(database)) pids.push(pid);
    } catch {
      // Exited, or not ours to read.
    }
  }
  return pids.length > 0 ? cpuMsOfPids(pids) : null;
}

/**
 * A TCP proxy in front of PostgreSQL that counts database round trips: the client's Sync and
 * simple Query messages, each of which node-postgres sends and then waits for the answer to (one
 * statement, BEGIN and COMMIT included). The server reaches the database through `port`. It runs
 * on a thread of its own, so the load generator's event loop (autocannon, in this process) never
 * delays a query.
 */
export async function roundTripCounter(target) {
  const { Worker } = await import('node:worker_threads');
  const shared = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(
    `
    const net = require('node:net');
    const { workerData, parentPort } = require('node:worker_threads');
    const { shared, host, port } = workerData;
    const SYNC = 0x53, QUERY = 0x51, SSL_REQUEST = 80877103;
    /** Reads the client's messages as they pass: 1-byte type, 4-byte length (startup: untyped). */
    function reader() {
      let started = false;
      let header = Buffer.alloc(0);
      let skip = 0;
      return (chunk) => {
        let at = 0;
        while (at < chunk.length) {
          if (skip > 0) {
            const n = Math.min(skip, chunk.length - at);
            skip -= n;
            at += n;
            continue;
          }
          const need = started ? 5 : 8;
          const take = Math.min(need - header.length, chunk.length - at);
          header = Buffer.concat([header, chunk.subarray(at, at + take)]);
          at += take;
          if (header.length < need) return;
          if (started) {
            if (header[0] === SYNC || header[0] === QUERY) Atomics.add(shared, 0, 1);
            skip = header.readInt32BE(1) - 4;
          } else {
            // The startup message, or an SSL request that a startup message follows.
            if (header.readInt32BE(4) !== SSL_REQUEST) started = true;
            skip = header.readInt32BE(0) - 8;
          }
          header = Buffer.alloc(0);
        }
      };
    }
    const proxy = net.createServer((client) => {
      const server = net.connect(port, host);
      client.setNoDelay(true);
      server.setNoDelay(true);
      const read = reader();
      client.on('data', (chunk) => {
        read(chunk);
        server.write(chunk);
      });
      server.on('data', (chunk) => client.write(chunk));
      const close = () => {
        client.destroy();
        server.destroy();
      };
      client.on('error', close).on('close', close);
      server.on('error', close).on('close', close);
    });
    proxy.listen(0, '127.0.0.1', () => parentPort.postMessage(proxy.address().port));
    `,
    { eval: true, workerData: { shared, host: target.hostname, port: Number(target.port) } },
  );
  const port = await new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    port,
    get trips() {
      return Atomics.load(shared, 0);
    },
    close: () => worker.terminate(),
  };
}

/**
 * Database round trips of one call (PostgreSQL; null on PGlite): `n` calls one after another, less
 * what the server's jobs sent in an idle interval as long; the least of three tries, as the jobs'
 * bursts only ever add.
 */
export async function roundTripsPerCall(market, n, call) {
  if (market.roundTrips === null) return null;
  let busy = Infinity;
  let idle = Infinity;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const started = performance.now();
    const before = market.roundTrips;
    for (let i = 0; i < n; i += 1) await call(i);
    busy = Math.min(busy, market.roundTrips - before);
    const quiet = market.roundTrips;
    await sleep(performance.now() - started);
    idle = Math.min(idle, market.roundTrips - quiet);
  }
  return Math.round((Math.max(0, busy - idle) / n) * 10) / 10;
}
