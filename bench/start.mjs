// Start-up: `npm start` and the built server's process alone, to a healthy /api/health, on a fresh
// and on an existing data directory, on PGlite and (with BENCH_DATABASE_URL) on PostgreSQL; next
// to a bare Node process that answers HTTP, started and polled the same way, and to npm's own
// start. Beside each time, when the server's 'ready' log line came (it listens then) and its `ms`:
// main()'s own time to listening, after the imports (apps/server/src/main.ts).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { benchDatabase, median, waitHealthy } from './lib.mjs';

const root = path.resolve(import.meta.dirname, '..');

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
  // 'close' comes after the last of its output is read, which 'exit' may precede.
  const closed = new Promise((resolve) => child.once('close', resolve));
  await Promise.race([
    waitHealthy(`http://127.0.0.1:${port}${healthPath}`),
    exited.then((code) => {
      throw new Error(`${command} ${args.join(' ')} exited (${code}) before it was healthy`);
    }),
  ]);
  const seconds = (performance.now() - started) / 1000;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGTERM');
    await closed;
  };
  return { seconds, stop };
}

/**
 * Runs `npm start` (or with `direct`, the built server's node process alone, in `mode`) on a data
 * directory and, when `databaseUrl` is given, that PostgreSQL database; resolves with seconds to a
 * healthy /api/health and the ms of the server's 'ready' line.
 */
async function startServer({ dataDir, databaseUrl }, direct = false, mode = 'development') {
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
    NODE_ENV: mode,
  };
  delete env.DATABASE_URL;
  if (databaseUrl) Object.assign(env, { DATABASE_URL: databaseUrl, SEED_DEMO: 'true' });
  let ready = null;
  let rebuilt = false;
  const spawnedAt = Date.now();
  const started = await timeToHealthy(command, args, {
    env,
    healthPath: '/api/health',
    onStdout(line) {
      // `npm start` builds first when a source is newer than the build (scripts/start.mjs): a
      // source touched during the run, by someone else's work in the checkout.
      if (line.startsWith('Building the app')) rebuilt = true;
      // Not npm's banner, the welcome text or a build's progress (which may end without a newline).
      const at = line.indexOf('{"level"');
      if (at < 0) return;
      try {
        const entry = JSON.parse(line.slice(at));
        // `ms` counts from main()'s start, after the imports; `time` (pino's, epoch ms) dates the
        // line, which is written as the server listens.
        if (entry.msg === 'ready') ready = { main: entry.ms, listening: entry.time - spawnedAt };
      } catch {
        // not a log line
      }
    },
  });
  await started.stop();
  return { seconds: started.seconds, ready, rebuilt };
}

/**
 * Seconds from spawning bench/pglite-floor.mjs on `dataDir` (a server's DATA_DIR) to its 'open':
 * PGlite's own part of a start.
 */
async function pgliteOpenSeconds(dataDir) {
  const started = performance.now();
  const child = spawn(process.execPath, ['bench/pglite-floor.mjs', dataDir], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let seconds = null;
  child.stdout.setEncoding('utf8').on('data', (text) => {
    if (seconds === null && text.includes('open')) seconds = (performance.now() - started) / 1000;
  });
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0 || seconds === null) throw new Error(`bench/pglite-floor.mjs exited (${code})`);
  return seconds;
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
    const aloneDevelopment = [];
    const databaseAlone = [];
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
        alone.push(await startServer(where, true, 'production'));
        aloneDevelopment.push(await startServer(where, true));
        if (on === 'PGlite') databaseAlone.push(await pgliteOpenSeconds(dataDir));
      } finally {
        database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
    // A start that rebuilt first measures the build: left out when a clean one is there.
    const clean = (starts) =>
      starts.some((s) => !s.rebuilt) ? starts.filter((s) => !s.rebuilt) : starts;
    const seconds = (starts) => median(clean(starts).map((s) => s.seconds)).toFixed(2);
    // Spawned → listening (node's boot, npm's for `npm start`, the imports and main()), and of
    // it main() → listening: what the server's 'ready' line says.
    const ready = (starts) => {
      const logged = clean(starts).filter((s) => s.ready);
      const rebuilt = starts.filter((s) => s.rebuilt).length;
      const figures = logged.length
        ? `listening ${median(logged.map((s) => s.ready.listening))} ms after spawn, of which main() ${median(logged.map((s) => s.ready.main))} ms (the 'ready' line's ms; the rest is the imports and node's boot)`
        : "no 'ready' line";
      return `${figures}${rebuilt ? `; ${rebuilt} of ${starts.length} rebuilt first (a source changed during the run), left out unless all did` : ''}`;
    };
    const data = on === 'PGlite' ? 'data dir' : 'database';
    record(
      'start',
      `${on}: npm start → healthy, fresh ${data} (migrate, seed)`,
      seconds(fresh),
      's',
      null,
      ready(fresh),
    );
    record(
      'start',
      `${on}: npm start → healthy, existing ${data}`,
      seconds(existing),
      's',
      null,
      `npm's own start is in it (the reference row); ${ready(existing)}`,
    );
    record(
      'start',
      `${on}: node …/dist/main.js → healthy, existing ${data}`,
      seconds(alone),
      's',
      budget,
      `apps/server/dist/main.js alone, as a process manager starts it (NODE_ENV=production); ${ready(alone)}`,
    );
    if (databaseAlone.length > 0) {
      record(
        'start',
        `${on}: reference: the database alone, existing ${data}`,
        median(databaseAlone).toFixed(2),
        's',
        null,
        "a node process that only opens it, on the server's thread code and settings (bench/pglite-floor.mjs), spawn → open: the floor of the row above",
      );
    }
    record(
      'start',
      `${on}: the same in development`,
      seconds(aloneDevelopment),
      's',
      null,
      `NODE_ENV=development, as npm start runs it by default: the first answer also loads the compiler that checks answers against their contract; ${ready(aloneDevelopment)}`,
    );
  }
}
