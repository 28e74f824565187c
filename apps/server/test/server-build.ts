import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const serverDir = path.resolve(import.meta.dirname, '..');
/** What the bundle is made of: the server's sources and the contract it bundles (build.mjs). */
const sources = [
  path.join(serverDir, 'src'),
  path.resolve(serverDir, '../../packages/contract/src'),
];
export const builtServer = path.join(serverDir, 'dist/main.js');

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

/**
 * Vitest globalSetup: the process tests start the built server (dist/main.js), since `tsx`
 * compiling the sources in every spawned process took one start past three minutes on a loaded CI
 * machine. So that they never test an old build, the server is rebuilt here, once before any test
 * file runs, when a source is newer than the bundle (esbuild: a second or two). In CI the build
 * layer has just run, and this finds nothing to do.
 */
export default function setup(): void {
  const builtAt = existsSync(builtServer) ? statSync(builtServer).mtimeMs : 0;
  if (builtAt >= Math.max(...sources.map(newest))) return;
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/server'], {
    cwd: path.resolve(serverDir, '../..'),
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the server build failed: the process tests need it');
}
