import cluster, { type Worker } from 'node:cluster';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config.js';
import { SERVER_FILE } from './lib/runtime-files.js';
import type { Secrets } from './modules/system/settings.service.js';

/** How long a server process must have served for its death not to count towards the back-off. */
const STABLE_MS = 60_000;
/** The wait before replacing a process that died young, doubling up to the most. */
const RESTART_MIN_MS = 1_000;
const RESTART_MAX_MS = 60_000;

/**
 * The wait before replacing a worker that died after `livedMs`, given the previous wait: none
 * after one that served a while, else doubling from the least to the most, so a crash loop waits.
 */
export function restartDelay(previousMs: number, livedMs: number): number {
  return livedMs >= STABLE_MS
    ? 0
    : Math.min(RESTART_MAX_MS, Math.max(RESTART_MIN_MS, previousMs * 2));
}

/**
 * The primary of WEB_CONCURRENCY server processes on one PostgreSQL (node:cluster: the workers
 * share the port). It has migrated, seeded and resolved the secrets already, so the workers only
 * serve; every job and live event is safe across processes (row locks, SKIP LOCKED, NOTIFY). A
 * worker that dies is replaced, after a wait that doubles while replacements die young, so a crash
 * loop does not spin; one that dies before all have started stops the server, as a single process
 * failing to start would. SIGTERM or SIGINT stops every worker gracefully, then the primary.
 */
export function runWorkers(
  config: Config,
  secrets: Secrets,
  at: {
    /** The file the workers run: main.ts (or the bundle), not what started the primary. */
    entry: string;
    started: number;
    seeded: boolean;
    onReady: (port: number) => void;
  },
) {
  const log = primaryLog(config.logLevel);
  const serverFile = path.join(config.dataDir, SERVER_FILE);
  // Resolved once here: to the workers they are configuration, so none generates its own.
  const env = { APP_SECRET: secrets.appSecret, OPERATOR_TOKEN: secrets.operatorToken };
  const workers = new Map<Worker, number>();
  const restarts = new Set<NodeJS.Timeout>();
  let listening = 0;
  let ready = false;
  let stopping = false;
  let failed = false;
  let restartMs = 0;

  cluster.setupPrimary({ exec: at.entry });
  const fork = () => void workers.set(cluster.fork(env), Date.now());
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log('info', { signal }, 'shutting down: every server process finishes its requests');
    restarts.forEach(clearTimeout);
    for (const worker of workers.keys()) worker.process.kill('SIGTERM');
    if (workers.size === 0) void finish();
  };
  const finish = async () => {
    await rm(serverFile, { force: true });
    process.exit(failed ? 1 : 0);
  };

  cluster.on('listening', (_worker, address) => {
    if (ready || (listening += 1) < config.webConcurrency) return;
    ready = true;
    const ms = Math.round(performance.now() - at.started);
    log('info', { processes: listening, port: address.port, seeded: at.seeded, ms }, 'ready');
    const port = address.port;
    void writeFile(serverFile, JSON.stringify({ pid: process.pid, port })).then(() =>
      at.onReady(port),
    );
  });
  cluster.on('exit', (worker, code, signal) => {
    const bornAt = workers.get(worker) ?? 0;
    workers.delete(worker);
    if (stopping) {
      if (code !== 0) failed = true;
      if (workers.size === 0) void finish();
      return;
    }
    const pid = worker.process.pid;
    if (!ready) {
      log('error', { pid, code, signal }, 'a server process failed to start: stopping');
      failed = true;
      stop('start failed');
      return;
    }
    restartMs = restartDelay(restartMs, Date.now() - bornAt);
    log('error', { pid, code, signal, restartMs }, 'a server process died: starting another');
    const timer = setTimeout(() => {
      restarts.delete(timer);
      fork();
    }, restartMs);
    restarts.add(timer);
  });
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  for (let i = 0; i < config.webConcurrency; i++) fork();
}

const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;

/** The primary's few lines, shaped as the workers' (pino) JSON: it has no app and no logger. */
function primaryLog(level: string) {
  const threshold = LEVELS[level as keyof typeof LEVELS] ?? Infinity;
  return (at: 'info' | 'error', fields: Record<string, unknown>, msg: string) => {
    if (LEVELS[at] < threshold) return;
    const line = { level: LEVELS[at], time: Date.now(), pid: process.pid, ...fields, msg };
    process.stdout.write(`${JSON.stringify(line)}\n`);
  };
}
