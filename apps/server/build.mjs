// Bundles the server's own code and the contract into dist/; npm dependencies stay external, so
// there is one copy of zod, fastify and the database drivers.
import { cp, readFile, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const root = new URL('./', import.meta.url);
const pkg = JSON.parse(await readFile(new URL('package.json', root), 'utf8'));

await rm(new URL('dist/', root), { recursive: true, force: true });
await build({
  entryPoints: { main: 'src/main.ts', 'cli/operator': 'src/cli/operator.ts' },
  absWorkingDir: new URL('.', root).pathname,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  // The contract is TypeScript from this repository: bundle it; everything else stays external.
  external: Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@sm/')),
  logLevel: 'warning',
});
await cp(new URL('src/db/migrations/', root), new URL('dist/migrations/', root), {
  recursive: true,
});
// The common-password list, read beside the bundle (common-passwords.ts).
await cp(
  new URL('src/modules/auth/common-passwords.txt', root),
  new URL('dist/common-passwords.txt', root),
);
