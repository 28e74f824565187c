// Start-up: `npm start` and the built server's process alone, to a healthy /api/health, on a fresh
// and on an existing data directory, on PGlite and (with BENCH_DATABASE_URL) on PostgreSQL; next
// to a bare Node process that answers HTTP, started and polled the same way, and to npm's own
// start. Beside each time, the server's own figure: the `ms` of its 'ready' log line, from the
// process's start to listening (apps/server/src/main.ts).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { benchDatabase, waitHealthy } from './lib.mjs';

const root = path.resolve(import.meta.dirname, '..');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

let nextPort = 4400;

/** Spawns `command`, waits for `/health` on its port; answers seconds to healthy, the port, stop. */
async function timeToHealthy(command, args, { env, healthPath, onStdout }) {
  const port = nextPort++;
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: root,
    detached: true,
    stdio: ['ignore', onStdout ? 'pipe' : 'ignore', 'ignore'],
    env: { ...env, PORT: String(port) },
  });
  if (onStdout) {
    let buffered = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop();
      for (const line of lines) onStdout(line);
    });
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await Promise.race([
    waitHealthy(`http://127.0.0.1:${port}${healthPath}`),
    exited.then((code) => {
      throw new Error(`${command} ${args.join(' ')} exited (${code}) before it was healthy`);
    }),
  ]);
  const seconds = (performance.now() - started) / 1000;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGTERM');
    await exited;
  };
  return { seconds, stop };
}

/**
 * Runs `npm start` (or with `direct`, the built server's node process alone) on a data directory
 * and, when `databaseUrl` is given, that PostgreSQL database; resolves with seconds to a healthy
 * /api/health and the ms of the server's 'ready' line.
 */
async function startServer({ dataDir, databaseUrl }, direct = false) {
  const [command, args] = direct
    ? [process.execPath, ['apps/server/dist/main.js']]
    : ['npm', ['start']];
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    // 'ready' is an info line; the health checks' request lines are a few more.
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    // One process, as on PGlite: a primary with workers would be ready when its workers are.
    WEB_CONCURRENCY: '1',
  };
  delete env.DATABASE_URL;
  if (databaseUrl) Object.assign(env, { DATABASE_URL: databaseUrl, SEED_DEMO: 'true' });
  let readyMs = null;
  const started = await timeToHealthy(command, args, {
    env,
    healthPath: '/api/health',
    onStdout(line) {
      if (!line.startsWith('{')) return; // npm's banner, the welcome text
      try {
        const entry = JSON.parse(line);
        if (entry.msg === 'ready') readyMs = entry.ms;
      } catch {
        // not a log line
      }
    },
  });
  await started.stop();
  return { seconds: started.seconds, readyMs };
}

/** The start-up figures; `record(area, metric, value, unit, budget, note)`. */
export async function benchStart(record, runs = 3) {
  // References: npm's own start, and a bare Node process answering HTTP, started and polled as
  // the server is (the floor of the figures below on this machine).
  const npmExec = [];
  const bareNode = [];
  for (let i = 0; i < runs; i += 1) {
    const t = performance.now();
    spawnSync('npm', ['exec', '--', 'node', '-e', '0'], { cwd: root, stdio: 'ignore' });
    npmExec.push((performance.now() - t) / 1000);
    const bare = await timeToHealthy(
      process.execPath,
      [
        '-e',
        "require('node:http').createServer((_, res) => res.end('ok')).listen(process.env.PORT, '127.0.0.1')",
      ],
      { env: process.env, healthPath: '/' },
    );
    await bare.stop();
    bareNode.push(bare.seconds);
  }
  record('start', 'reference: npm exec node -e 0', median(npmExec).toFixed(2), 's', null);
  record(
    'start',
    'reference: bare node HTTP server → answering',
    median(bareNode).toFixed(2),
    's',
    null,
    'node -e with http.createServer, started and polled as the server is',
  );

  const databases = [{ on: 'PGlite', budget: '≤ 0.8 s' }];
  if (process.env.BENCH_DATABASE_URL) databases.push({ on: 'PostgreSQL', budget: '≤ 0.5 s' });
  for (const { on, budget } of databases) {
    const fresh = [];
    const existing = [];
    const alone = [];
    for (let i = 0; i < runs; i += 1) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'sm-bench-'));
      const database =
        on === 'PostgreSQL'
          ? benchDatabase(`sm_bench_start_${process.pid}_${i}`)
          : { url: null, drop: () => {} };
      try {
        const where = { dataDir, databaseUrl: database.url };
        fresh.push(await startServer(where));
        existing.push(await startServer(where));
        alone.push(await startServer(where, true));
      } finally {
        database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
    const seconds = (starts) => median(starts.map((s) => s.seconds)).toFixed(2);
    const ready = (starts) => {
      const ms = starts.map((s) => s.readyMs).filter((v) => typeof v === 'number');
      return ms.length ? `${median(ms)} ms` : 'not logged';
    };
    const data = on === 'PGlite' ? 'data dir' : 'database';
    record(
      'start',
      `${on}: npm start → healthy, fresh ${data} (migrate, seed)`,
      seconds(fresh),
      's',
      null,
      `the server's 'ready': ${ready(fresh)}`,
    );
    record(
      'start',
      `${on}: npm start → healthy, existing ${data}`,
      seconds(existing),
      's',
      null,
      `the server's 'ready': ${ready(existing)}; npm's own start is in it (the reference row)`,
    );
    record(
      'start',
      `${on}: node …/dist/main.js → healthy, existing ${data}`,
      seconds(alone),
      's',
      budget,
      `the server's 'ready' (process start → listening): ${ready(alone)}; apps/server/dist/main.js alone, as a process manager starts it`,
    );
  }
}
