// Builds the app and the server when a source is newer than the build, so `npm start`, the browser
// tests' server and the benchmarks never run an old build. A failed build ends the process.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const r = (...p) => path.join(root, ...p);

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

export function buildIfStale() {
  const outputs = [r('apps/web/dist/index.html'), r('apps/server/dist/main.js')];
  const sources = [r('packages/contract'), r('apps/web'), r('apps/server')];
  const builtAt = Math.min(...outputs.map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));
  if (builtAt >= Math.max(...sources.map(newest))) return;
  console.log('Building the app and the server…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
