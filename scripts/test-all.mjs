// `npm test`: every layer (types and lint, build, then unit + API and reliability beside browser),
// then one line `N passed, N failed` summing them. A layer without its own count (types,
// lint, build) counts as one check. Browser tests need Chromium: `apt-get install chromium` on
// Debian.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { chromiumLaunchOptions } from './chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'test-results');
mkdirSync(results, { recursive: true });
const chromium = chromiumLaunchOptions.executablePath;

function readJson(file) {
  try {
    return JSON.parse(readFileSync(path.join(results, file), 'utf8'));
  } catch {
    return null;
  }
}

const unit = {
  name: 'unit + API',
  cmd: [
    'npx',
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    '--outputFile.json=test-results/vitest.json',
  ],
  report: 'vitest.json',
  count: (r) => ({
    passed: r.numPassedTests,
    failed: r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0),
  }),
};
const reliability = {
  ...unit,
  name: 'reliability',
  cmd: [
    'npx',
    'vitest',
    'run',
    '--config',
    'vitest.reliability.config.ts',
    '--reporter=default',
    '--reporter=json',
    '--outputFile.json=test-results/reliability.json',
  ],
  report: 'reliability.json',
};
const lintRules = {
  ...unit,
  name: 'lint rules',
  cmd: [
    'npx',
    'vitest',
    'run',
    '--config',
    'vitest.lint-rules.config.ts',
    '--reporter=default',
    '--reporter=json',
    '--outputFile.json=test-results/lint-rules.json',
  ],
  report: 'lint-rules.json',
};
const browser = {
  name: 'browser',
  cmd: ['npx', 'playwright', 'test'],
  report: 'e2e.json',
  needs: 'build',
  missing: () =>
    !existsSync(chromium) &&
    `Chromium not found at ${chromium}: apt-get install chromium (or set CHROMIUM_PATH)`,
  count: (r) => ({ passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected }),
};
// Each step's lanes run side by side, the layers of a lane one after another. Unit + API and
// reliability beside browser: alone, each leaves the CPU idle while it waits on PostgreSQL, a
// spawned server or the browser. Types and lint go first: beside the tests as well, on two cores,
// they pushed test hooks past their time limits. Knip (unused files, dependencies and exports)
// follows lint in its lane; the lint rules' proof follows the type check in the other, inside the
// time that lint takes anyway.
const steps = [
  [
    [{ name: 'types', cmd: ['npm', 'run', 'typecheck'] }, lintRules],
    [
      { name: 'lint', cmd: ['npm', 'run', 'lint'] },
      { name: 'knip', cmd: ['npm', 'run', 'knip'] },
    ],
  ],
  [{ name: 'build', cmd: ['npm', 'run', 'build'] }],
  [[unit, reliability], browser],
];

const summary = [];

/**
 * Runs one layer. Alone, its output goes straight to the terminal; beside another, to
 * test-results/<layer>.log, printed whole when it ends, so the two never interleave.
 */
async function runLayer(layer, alone) {
  const started = Date.now();
  // Why the layer cannot run, if it cannot.
  const blocked = summary.some((s) => s.name === layer.needs && s.failed)
    ? `${layer.needs} failed`
    : layer.missing?.();
  let passed = 0;
  let failed = 0;
  if (blocked) {
    console.error(`\n✗ ${layer.name}: not run (${blocked})`);
    failed = 1;
  } else {
    console.log(`\n▶ ${layer.name}: ${layer.cmd.join(' ')}`);
    if (layer.report) rmSync(path.join(results, layer.report), { force: true });
    const logFile = path.join(results, `${layer.name.replace(/\W+/g, '-')}.log`);
    const child = spawn(layer.cmd[0], layer.cmd.slice(1), {
      cwd: root,
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    if (!alone) {
      const log = createWriteStream(logFile);
      child.stdout.pipe(log);
      child.stderr.pipe(log);
    }
    const status = await new Promise((resolve) => child.on('close', (code) => resolve(code)));
    if (!alone) {
      console.log(`\n▼ ${layer.name} (${logFile})`);
      console.log(readFileSync(logFile, 'utf8'));
    }
    const report = layer.report ? readJson(layer.report) : null;
    if (report && layer.count) ({ passed, failed } = layer.count(report));
    else if (status === 0) passed = 1;
    // A crash or a non-zero exit with no failing test still fails the layer.
    if (status !== 0 && failed === 0) failed = 1;
  }
  return { name: layer.name, passed, failed, seconds: Math.round((Date.now() - started) / 1000) };
}

for (const step of steps) {
  const lanes = step.map((lane) => [lane].flat());
  await Promise.all(
    lanes.map(async (lane) => {
      for (const layer of lane) summary.push(await runLayer(layer, lanes.length === 1));
    }),
  );
}

console.log('\nlayer        passed  failed  seconds');
for (const s of summary) {
  console.log(
    `${s.name.padEnd(12)} ${String(s.passed).padStart(6)}  ${String(s.failed).padStart(6)}  ${String(s.seconds).padStart(7)}`,
  );
}
const passed = summary.reduce((n, s) => n + s.passed, 0);
const failed = summary.reduce((n, s) => n + s.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
