import { spawn } from 'node:child_process';
import { test as base } from '@playwright/test';
import { freePort } from '../apps/server/test/ports';
import { E2E_OPERATOR_TOKEN } from '../playwright.config';

/**
 * Starts a test server (scripts/e2e-server.mjs: the built app on a fresh data directory with the
 * demo seed and a movable clock) on a port nobody holds (this machine's own services sit among the
 * low ports), with `env` beside the usual settings; answers once it is healthy. Its stdin is the
 * caller's lifeline: the server stops when the worker goes, however.
 */
export async function startE2EServer(env: Record<string, string> = {}) {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    stdio: ['pipe', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      OPERATOR_TOKEN: E2E_OPERATOR_TOKEN,
      LOG_LEVEL: 'warn',
      // The global setup built the app once for every worker.
      E2E_SKIP_BUILD: 'true',
      E2E_STOP_WITH_STDIN: 'true',
      ...env,
    },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // A fresh data directory migrates and seeds PGlite: 10 s on a quiet machine, past a minute on a
  // busy one.
  const until = Date.now() + 170_000;
  for (;;) {
    const ok = await fetch(`${baseURL}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (child.exitCode !== null)
      throw new Error(`the test server on port ${port} exited with ${child.exitCode}`);
    if (Date.now() > until) throw new Error(`the test server on port ${port} did not start`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseURL,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The browser tests' `test`: each Playwright worker runs its own server on its own fresh data
 * directory, because the tests move the server's clock and build on its demo data. Tests within
 * a worker run one after another, as they would against one server.
 */
export const test = base.extend<object, { server: { baseURL: string } }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from it
    async ({}, use) => {
      const server = await startE2EServer();
      await use({ baseURL: server.baseURL });
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ server }, use) => use(server.baseURL),
});
