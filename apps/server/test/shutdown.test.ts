import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROCESS_START_MS, startServerProcess } from './processes.js';

/** The real server on the embedded database in `dataDir`, seeded, once it answers. */
const startServer = (dataDir: string) =>
  startServerProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'true',
    PASSWORD_HASH_COST: '17',
  });

const login = (base: string) =>
  fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: '012-345 6789', password: 'Demo@1234' }),
  });

describe('graceful shutdown of the real process', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });
  const newDataDir = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sm-shutdown-'));
    dirs.push(dir);
    return dir;
  };

  it(
    'finishes the in-flight request on SIGTERM, exits 0, and the data is there on restart',
    async () => {
      const dataDir = await newDataDir();
      const first = await startServer(dataDir);
      // Sign-in hashes with scrypt at the production cost (a few hundred ms), so it is still running
      // when the signal arrives. The login has reached the server once a request sent after it is
      // answered: a fixed wait was not enough on a loaded machine (the login arrived after the
      // signal and got the 503 of a closing server).
      const inFlight = login(first.base);
      expect((await fetch(`${first.base}/api/health`)).ok).toBe(true);
      first.child.kill('SIGTERM');
      const res = await inFlight;
      expect(res.status).toBe(200);
      expect(await first.exited).toBe(0);

      const second = await startServer(dataDir);
      expect((await login(second.base)).status).toBe(200);
      second.child.kill('SIGINT');
      expect(await second.exited).toBe(0);
    },
    2 * PROCESS_START_MS + 30_000,
  );

  it(
    'does not wait for a connection that never sent a request',
    async () => {
      const dataDir = await newDataDir();
      const server = await startServer(dataDir);
      // As a browser's preconnect or fetch's spare socket: open, and silent. The server counts
      // it neither idle nor done, and would hold its close until the forced exit (15 s, code 1).
      const silent = connect(Number(new URL(server.base).port), '127.0.0.1');
      await new Promise((resolve) => silent.once('connect', resolve));
      silent.on('error', () => {});
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(5_000);
      silent.destroy();
    },
    PROCESS_START_MS + 30_000,
  );
});
