// Starts the built server (rebuilt first when a source is newer) on a fresh data directory with
// the demo seed, for the browser tests, and removes the directory when the server stops.
// TEST_CLOCK lets the tests move the server's clock (POST /api/operator/test/clock), so a lot's
// 15 minutes pass in a moment.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';

if (!process.env.E2E_SKIP_BUILD) buildIfStale();
const dataDir = mkdtempSync(path.join(tmpdir(), 'sm-e2e-'));
const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    DATABASE_URL: '',
    TEST_CLOCK: 'true',
    // One process: the operator API moves that process's clock.
    WEB_CONCURRENCY: '1',
    // The fake network printer (e2e/helpers.ts) listens on 127.0.0.1 at a random port, which the
    // printing rules refuse on any real server; this test-only switch lets that one address in.
    PRINTER_TEST_LOOPBACK: 'true',
    // Every browser test signs up or in: scrypt N=2^12 instead of 2^17 (see config.ts).
    PASSWORD_HASH_COST: '12',
  },
});
const stop = (signal) => server.kill(signal);
process.on('SIGTERM', () => stop('SIGTERM'));
// Started by a Playwright worker (e2e/test.ts) with a pipe on stdin: when the worker ends, even
// killed, the pipe closes and the server stops with it.
if (process.env.E2E_STOP_WITH_STDIN) {
  process.stdin.resume();
  process.stdin.on('end', () => stop('SIGTERM'));
}
process.on('SIGINT', () => stop('SIGINT'));
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
