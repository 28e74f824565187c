import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_PASSWORD_HASH_COST, type TestDatabase } from './helpers.js';
import { freePort } from './ports.js';
import { PROCESS_START_MS, refusedStart } from './processes.js';
import { builtServer } from './server-build.js';

/**
 * Issue 19: the server loads at start what serving needs, and the rest on first use. The built
 * server (its own code and most packages bundled into dist/, build.mjs) runs with a hook
 * (loaded-at-ready.mjs) that lists the module files loaded when it logs
 * 'ready', on an existing database (the first start migrates, seeds and makes the push key pair,
 * which loads web-push); none of these may be among them.
 */
const NOT_AT_START = [
  // Fastify's own compilers: every route has the zod ones.
  'node_modules/ajv/',
  'node_modules/@fastify/ajv-compiler/',
  // The compiled serializer's: loaded on the first JSON answer.
  'node_modules/fast-json-stringify/index.js',
  // On the first push or key pair.
  'node_modules/web-push/',
  // E-invoice signing, for a server that signs.
  'node_modules/node-forge/',
  // The API's documentation pages (Swagger UI, its second @fastify/static): on their first
  // request. The document's builder (@fastify/swagger, with yaml) collects the routes at start.
  'node_modules/@fastify/swagger-ui/',
];
/**
 * The `node --import` hook: when the server logs 'ready', it writes to stderr the module files
 * loaded by then (CommonJS from the require cache, ES modules from a load hook).
 */
const HOOK = `
import { createRequire, register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';

const esm = new Set();
const { port1, port2 } = new MessageChannel();
port1.on('message', (url) => esm.add(url));
port1.unref();
const hooks = \`
let port;
export function initialize(data) { port = data.port; }
export async function load(url, context, next) { port.postMessage(url); return next(url, context); }
\`;
register('data:text/javascript,' + encodeURIComponent(hooks), {
  data: { port: port2 },
  transferList: [port2],
});
const require = createRequire(import.meta.url);
const write = process.stdout.write.bind(process.stdout);
let reported = false;
process.stdout.write = (chunk, ...rest) => {
  if (!reported && String(chunk).includes('"msg":"ready"')) {
    reported = true;
    // The load hook's last messages are on their way: a moment more.
    setTimeout(() => {
      const files = [
        ...Object.keys(require.cache),
        ...[...esm].filter((u) => u.startsWith('file:')).map((u) => new URL(u).pathname),
      ];
      process.stderr.write('LOADED ' + JSON.stringify([...new Set(files)]) + '\\n');
    }, 50);
  }
  return write(chunk, ...rest);
};
`;
let hookFile: string | undefined;
/** The hook as a file of the temp directory (written once). */
function hook(): string {
  if (!hookFile) {
    hookFile = path.join(mkdtempSync(path.join(tmpdir(), 'sm-hook-')), 'loaded-at-ready.mjs');
    writeFileSync(hookFile, HOOK);
  }
  return hookFile;
}

/** The module files the built server has loaded when it is ready, on `env`; then stops it. */
async function loadedAtReady(env: Record<string, string>): Promise<string[]> {
  const child = spawn(process.execPath, ['--import', hook(), builtServer], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      WEB_CONCURRENCY: '1',
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST,
      ...env,
    },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    let stderr = '';
    return await new Promise<string[]>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('not ready in time')), PROCESS_START_MS);
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk;
        const line = /^LOADED (.*)$/m.exec(stderr);
        if (!line) return;
        clearTimeout(timer);
        resolve(JSON.parse(line[1] ?? '[]') as string[]);
      });
      void exited.then(() => reject(new Error(`the server exited before it was ready: ${stderr}`)));
    });
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const serverDir = path.resolve(path.dirname(builtServer), '..');

/**
 * The modules in `files`: a package's file from node_modules as it is, and for a file of dist/,
 * the modules bundled into it (the build's metafile, paths from apps/server).
 */
function modulesIn(files: string[]): string[] {
  const { outputs } = JSON.parse(
    readFileSync(path.join(serverDir, 'dist/metafile.json'), 'utf8'),
  ) as { outputs: Record<string, { inputs: Record<string, unknown> } | undefined> };
  return files.flatMap((file) => {
    const output = path.relative(serverDir, file);
    if (!output.startsWith(`dist${path.sep}`)) return [file];
    return Object.keys(outputs[output.split(path.sep).join('/')]?.inputs ?? {});
  });
}

const packageOf = (file: string) =>
  /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules\/)/.exec(file)?.[1];

describe('what the server loads at start', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
    if (hookFile) await rm(path.dirname(hookFile), { recursive: true, force: true });
  });

  it(
    'on PGlite: neither PostgreSQL’s driver nor what serves later',
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'sm-start-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
      await loadedAtReady(env);
      // On an existing database PGlite's thread starts before the configuration is parsed
      // (main.ts): one that fails to parse still ends the process with its error, and leaves the
      // database to the next start, which follows.
      const refused = await refusedStart({ ...env, PORT: 'not-a-port' });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/Invalid configuration:\n\s+PORT/);
      const files = modulesIn(await loadedAtReady(env));
      const packages = new Set(files.map(packageOf));
      // The hook saw the server load (a wrong hook would see nothing and pass).
      expect(packages).toContain('fastify');
      expect(packages).toContain('@electric-sql/pglite');
      expect(packages).not.toContain('pg');
      for (const part of NOT_AT_START) {
        expect(files.filter((f) => f.includes(part))).toEqual([]);
      }
    },
    PROCESS_START_MS,
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'on PostgreSQL: no PGlite, nor what serves later',
    async () => {
      const database: TestDatabase = await createTestDatabase('postgres');
      cleanups.push(() => database.drop());
      const dataDir = await mkdtemp(path.join(tmpdir(), 'sm-start-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const env = { DATA_DIR: dataDir, DATABASE_URL: database.url ?? '', SEED_DEMO: 'true' };
      await loadedAtReady(env);
      const files = modulesIn(await loadedAtReady(env));
      const packages = new Set(files.map(packageOf));
      expect(packages).toContain('pg');
      expect(packages).not.toContain('@electric-sql/pglite');
      for (const part of NOT_AT_START) {
        expect(files.filter((f) => f.includes(part))).toEqual([]);
      }
    },
    PROCESS_START_MS,
  );
});
