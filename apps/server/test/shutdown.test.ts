import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const serverDir = path.resolve(import.meta.dirname, '..');
let port = 4700 + Math.floor(Math.random() * 200);

function startServer(dataDir: string): {
  child: ChildProcess;
  port: number;
  exited: Promise<number | null>;
} {
  port += 1;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      DATABASE_URL: '',
      SEED_DEMO: 'true',
    },
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { child, port, exited };
}

async function healthy(p: number) {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const ok = await fetch(`http://127.0.0.1:${p}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

const login = (p: number) =>
  fetch(`http://127.0.0.1:${p}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: '012-345 6789', password: 'Demo@1234' }),
  });

describe('graceful shutdown of the real process', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  it('finishes the in-flight request on SIGTERM, exits 0, and the data is there on restart', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sm-shutdown-'));
    dirs.push(dataDir);
    const first = startServer(dataDir);
    await healthy(first.port);
    // Sign-in hashes with scrypt, so it is still running when the signal arrives.
    const inFlight = login(first.port);
    await new Promise((r) => setTimeout(r, 30));
    first.child.kill('SIGTERM');
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await first.exited).toBe(0);

    const second = startServer(dataDir);
    await healthy(second.port);
    expect((await login(second.port)).status).toBe(200);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  }, 120_000);
});
