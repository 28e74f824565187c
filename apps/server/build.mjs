// Bundles the server, the contract and the npm packages it loads at start into dist/: Node then
// reads a few files instead of some six hundred (resolving and reading each module cost more than
// running it). Packages stay external (node_modules) when they read files beside their own code
// (WASM, fonts, static pages), are native, or load on first use only.
import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { build } from 'esbuild';

const root = new URL('./', import.meta.url);

const EXTERNAL = [
  // Files beside their code: PGlite's WASM and data, pdfkit's and the fonts' font files, Swagger
  // UI's pages, pino's transport workers (pino-pretty in development).
  '@electric-sql/pglite',
  'pdfkit',
  '@expo-google-fonts/*',
  '@fastify/swagger-ui',
  'pino',
  'pino-pretty',
  // A CommonJS package that @fastify/cookie loads through import(): bundled, its chunk would
  // export a default only, not the names (the check after the build finds any such chunk).
  'cookie',
  // Native.
  'sharp',
  'pg-native',
  // Fastify's own compilers, which it requires only when given none (app.ts gives the zod ones).
  '@fastify/ajv-compiler',
  '@fastify/fast-json-stringify-compiler',
  // Loaded on first use: left out of the bundle, they cost nothing at start.
  'fast-json-stringify',
  'file-type',
  'node-forge',
  'qrcode',
  'web-push',
];

await rm(new URL('dist/', root), { recursive: true, force: true });
const { metafile } = await build({
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
  // What each output file holds, for the test of what the server loads at start.
  metafile: true,
  external: EXTERNAL,
  // The bundled CommonJS packages require Node's modules and the external ones.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
// A CommonJS module reached through import() becomes a chunk exporting a default only, where Node
// would give its names too: such a package must stay external (as 'cookie' above).
for (const file of await readdir(new URL('dist/', root))) {
  if (!file.endsWith('.js')) continue;
  const code = await readFile(new URL(`dist/${file}`, root), 'utf8');
  if (/^export default require_\w+\(\);$/m.test(code)) {
    throw new Error(`dist/${file}: a CommonJS package loaded through import(); make it external`);
  }
}
await writeFile(new URL('dist/metafile.json', root), JSON.stringify(metafile));
await cp(new URL('src/db/migrations/', root), new URL('dist/migrations/', root), {
  recursive: true,
});
// The common-password list, read beside the bundle (common-passwords.ts).
await cp(
  new URL('src/modules/auth/common-passwords.txt', root),
  new URL('dist/common-passwords.txt', root),
);
// PGlite's thread, started beside the bundle (db/pglite-thread.ts): plain JavaScript, as it is.
await cp(new URL('src/db/pglite-worker.mjs', root), new URL('dist/pglite-worker.mjs', root));
