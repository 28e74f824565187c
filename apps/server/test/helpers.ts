import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { type AppDeps, buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { migrationsFolder, openDatabase, type Database } from '../src/db/client.js';
import { createTestClock, type TestClock } from '../src/lib/clock.js';

export type DbKind = 'pglite' | 'postgres';

/** API tests run on PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set. */
export const DB_KINDS: DbKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export interface TestDatabase {
  database: Database;
  /** The connection string of a PostgreSQL test database, for other processes to use. */
  url: string | null;
  drop(): Promise<void>;
}

let pgliteTemplate: Promise<Blob> | undefined;
/**
 * A migrated, empty PGlite database as a dump, made once per version of the migrations and kept
 * in the temp directory for every test worker: a new PGlite database runs initdb (seconds of CPU
 * each), a copy of the dump does not.
 */
function migratedTemplate(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const hash = createHash('sha256');
    for (const name of (await readdir(migrationsFolder, { recursive: true })).sort()) {
      const file = path.join(migrationsFolder, name);
      if (name.endsWith('.sql') || name.endsWith('.json'))
        hash.update(name).update(await readFile(file));
    }
    const file = path.join(tmpdir(), `sm-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
    try {
      return new Blob([await readFile(file)]);
    } catch {
      // Not made yet: make it (two workers may both do so; each renames a whole file).
    }
    const database = await openDatabase({ kind: 'pglite' });
    await database.migrate();
    const dump = await database.dump!();
    await database.close();
    const part = `${file}.${process.pid}.part`;
    await writeFile(part, Buffer.from(await dump.arrayBuffer()));
    await rename(part, file);
    return dump;
  })();
  return pgliteTemplate;
}

/** A fresh, migrated database: PGlite in memory, or a new PostgreSQL database dropped afterwards. */
export async function createTestDatabase(kind: DbKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', from: await migratedTemplate() });
    return { database, url: null, drop: () => database.close().catch(() => {}) };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  // Named after the database in the URL, so whoever made that one (.ci/run) can sweep up ours
  // too if a run dies before its afterAll.
  const parent = new URL(adminUrl).pathname.slice(1) || 'sm';
  const name = `${parent === 'postgres' ? 'sm_test' : parent}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 10 });
  await database.migrate();
  return {
    database,
    url: url.toString(),
    async drop() {
      // A test may have closed it already to simulate an outage.
      await database.close().catch(() => {});
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  clock: TestClock;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** scrypt N=2^12 in tests: sign-ups by the thousand would otherwise dominate the suite's time. */
export const TEST_PASSWORD_HASH_COST = '12';

export const TEST_OPERATOR_TOKEN = 'test-operator-token-0123456789';

export async function createTestApp(
  kind: DbKind,
  env: Record<string, string> = {},
  deps: Pick<AppDeps, 'sms' | 'printerNetwork'> = {},
): Promise<TestApp> {
  const { database, drop } = await createTestDatabase(kind);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sm-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST,
    ...env,
  });
  const clock = createTestClock();
  const app = await buildApp(config, {
    database,
    clock,
    secrets: { appSecret: 'a'.repeat(43), operatorToken: TEST_OPERATOR_TOKEN },
    ...deps,
  });
  await app.ready();
  return {
    app,
    clock,
    database,
    config,
    async close() {
      // The test is over: its clients' sockets go too. fetch opens sockets it may never send a
      // request on, which the server neither counts as idle nor closes before its headers
      // timeout; waiting for them cost the live-events file 70 s.
      app.server.closeAllConnections();
      await app.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A cookie jar for one client of app.inject. */
export class Client {
  private cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    /** The client's address, as the server sees it. */
    private readonly ip = '127.0.0.1',
  ) {}

  /** The Cookie header this client sends, for requests made outside app.inject. */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) {
    const cookie = this.cookieHeader();
    const res = await this.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { ...(cookie ? { cookie } : {}), ...headers },
      remoteAddress: this.ip,
    });
    this.keepCookies(res);
    return res;
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, body?: unknown) => this.request('POST', url, body ?? {});

  private keepCookies(res: LightMyRequestResponse) {
    for (const c of res.cookies as {
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const gone =
        c.maxAge === 0 || (c.expires && c.expires.getTime() <= Date.now()) || c.value === '';
      if (gone) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }
}

/** The newest code the outbox SMS sender wrote for this phone (E.164). */
export async function latestSmsCode(app: FastifyInstance, phone: string): Promise<string> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/operator/sms-outbox?phone=${encodeURIComponent(phone)}&limit=1`,
    headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
  });
  const item = (res.json() as { items: { code: string }[] }).items[0];
  if (!item) throw new Error(`no SMS for ${phone}`);
  return item.code;
}

/** Signs `client` up as a new account through the SMS flow, with the code from the outbox. */
export async function registerBySms(
  app: FastifyInstance,
  client: Client,
  role: 'merchant' | 'buyer',
  phone: { display: string; e164: string },
  password: string,
): Promise<void> {
  const base = role === 'merchant' ? '/api' : '/api/buyer';
  const sent = await client.post(`${base}/auth/sms-code`, {
    phone: phone.display,
    purpose: 'register',
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const res = await client.post(`${base}/auth/register`, {
    phone: phone.display,
    code: await latestSmsCode(app, phone.e164),
    password,
    confirmPassword: password,
    agreePolicy: true,
  });
  expect(res.statusCode, res.body).toBe(200);
}
