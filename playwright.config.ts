import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './scripts/chromium.mjs';

// Ports of this run's own (one per worker from here), so two runs on one machine do not meet.
process.env.E2E_PORT ??= String(4310 + (process.pid % 2000));
export const E2E_OPERATOR_TOKEN = 'e2e-operator-token';

/** Browser tests: the system Chromium against the real, built server on a fresh data directory. */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Each worker has a server and a PGlite database of its own (e2e/test.ts); within one, the flows
  // run one after another. Two by default: in CI on two cores beside the other layers, one worker
  // got through 40 of the 60 tests in the 14 min two took for all of them.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  globalSetup: './e2e/global-setup.ts',
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
});
