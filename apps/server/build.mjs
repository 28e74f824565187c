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
  // A module the server imports on first use (the driver it does not use, e-invoice signing, the
  // demo seed) is a chunk of its own, loaded then; chunks sit beside main.js, so the paths they
  // resolve from import.meta.url (migrations/, common-passwords.txt) are main.js's.
  splitting: true,
  chunkNames: '[name]-[hash]',
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
