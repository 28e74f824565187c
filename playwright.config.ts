import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './scripts/chromium.mjs';

// A port of this run's own, so two runs on one machine do not meet; the workers inherit it.
process.env.E2E_PORT ??= String(4310 + (process.pid % 2000));
const port = Number(process.env.E2E_PORT);
export const E2E_OPERATOR_TOKEN = 'e2e-operator-token';

/** Browser tests: the system Chromium against the real, built server on a fresh data directory. */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // One server and one PGlite database: run the flows one after another.
  workers: 1,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      OPERATOR_TOKEN: E2E_OPERATOR_TOKEN,
      LOG_LEVEL: 'warn',
    },
  },
});
