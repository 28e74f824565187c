import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestDatabase, TEST_PASSWORD_HASH_COST, type TestDatabase } from './helpers.js';
import { freePort } from './ports.js';
import { builtServer } from './server-build.js';

const serverDir = path.resolve(import.meta.dirname, '..');
export const PROCESS_OPERATOR_TOKEN = 'process-test-operator-token';

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  exited: Promise<number | null>;
}

/**
 * How long a server process may take to answer its first health check. On a quiet machine it is
 * ready in about a second; beside the browser tests on two cores, PGlite seeding took past a
 * minute, and a minute's limit failed a CI run.
 */
export const PROCESS_START_MS = 180_000;

/**
 * The built server on `env`, which it is expected to refuse: its exit code and error output. Were
 * it to start, it would serve until killed, after `killAfterMs`.
 */
export async function refusedStart(
  env: Record<string, string>,
  killAfterMs = PROCESS_START_MS,
): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [builtServer], {
    cwd: serverDir,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, WEB_CONCURRENCY: '1', HOST: '127.0.0.1', ...env },
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const stop = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(stop);
  return { code, stderr };
}

/**
 * The real server as its own process, on the given environment: the build (dist/main.js, made
 * current by server-build.ts before the tests), as `npm start` runs it. One process unless the
 * environment asks for more (WEB_CONCURRENCY). On `port`, or on a free one.
 */
export async function startServerProcess(
  env: Record<string, string>,
  port?: number,
): Promise<ServerProcess> {
  port ??= await freePort();
  const child = spawn(process.execPath, [builtServer], {
    cwd: serverDir,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      WEB_CONCURRENCY: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      OPERATOR_TOKEN: PROCESS_OPERATOR_TOKEN,
      PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST,
      ...env,
    },
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  // Its log (warnings and errors), kept to say why a start failed; read always, so the pipe
  // never fills and stalls the server.
  const log: string[] = [];
  child.stdout?.setEncoding('utf8').on('data', (text: string) => {
    log.push(...text.split('\n').filter(Boolean));
    log.splice(0, log.length - 20);
  });
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + PROCESS_START_MS;
  let health = 'no answer';
  const why = () => `; last health check: ${health}; its log:\n${log.join('\n')}`;
  for (;;) {
    const ok = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(10_000) }).then(
      (r) => ((health = `HTTP ${r.status}`), r.ok),
      (err: Error) => ((health = String(err.cause ?? err)), false),
    );
    if (ok) return { child, base, exited };
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}${why()}`);
    if (Date.now() > until) {
      // Not left running on its port for the rest of the run.
      child.kill('SIGKILL');
      throw new Error(`server did not answer within ${PROCESS_START_MS} ms${why()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Two server processes of the calling describe block on one fresh PostgreSQL database, each on
 * its own port and temporary data directory, started before its tests and killed after them with
 * the database and the directories; `sql` is a direct connection for checks, `via(i)` alternates
 * between the two.
 */
export function twoServersOnPostgres(options: { prefix: string; env: Record<string, string> }) {
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  const processes = {
    db: undefined as unknown as TestDatabase,
    sql: undefined as unknown as pg.Client,
    servers,
    via: (i: number) => (servers[i % 2] as ServerProcess).base,
  };
  const start = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), options.prefix));
    dirs.push(dir);
    servers.push(
      await startServerProcess({
        DATA_DIR: dir,
        DATABASE_URL: processes.db.url ?? '',
        ...options.env,
      }),
    );
  };
  beforeAll(async () => {
    processes.db = await createTestDatabase('postgres');
    processes.sql = new pg.Client({ connectionString: processes.db.url ?? '' });
    await processes.sql.connect();
    await Promise.all([start(), start()]);
  }, PROCESS_START_MS + 30_000);
  afterAll(async () => {
    for (const s of servers) s.child.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.exited));
    await processes.sql?.end();
    await processes.db?.drop();
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });
  return processes;
}

export type Answer = { status: number; body: Record<string, unknown> };

/** A request whose answer is read as JSON at once. */
export async function callJson(
  client: HttpClient,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await client.request(method, url, body, headers);
  return { status: res.status, body: res.json() };
}

/** A cookie-keeping HTTP client of a server process. */
export class HttpClient {
  private cookies = new Map<string, string>();
  constructor(public base: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const isForm = body instanceof FormData;
    const res = await fetch(this.base + url, {
      method,
      headers: {
        cookie: this.cookieHeader(),
        ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const text = await res.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test code reads deep fields
    return { status: res.status, json: () => JSON.parse(text) as Record<string, any> };
  }

  /** The same session against another process of the same database. */
  at(base: string): HttpClient {
    const other = new HttpClient(base);
    other.cookies = new Map(this.cookies);
    return other;
  }
}

/**
 * Asks for an SMS code for `purpose` and reads it from the server's outbox (through the operator
 * API), as the phone would receive it.
 */
export async function smsCodeOverHttp(
  client: HttpClient,
  role: 'merchant' | 'buyer',
  phone: string,
  purpose: 'register' | 'reset',
): Promise<string> {
  const base = role === 'merchant' ? '/api' : '/api/buyer';
  const sent = await client.request('POST', `${base}/auth/sms-code`, { phone, purpose });
  expect(sent.status).toBe(200);
  const outbox = await client.request(
    'GET',
    `/api/operator/sms-outbox?phone=${encodeURIComponent(phone)}&limit=1`,
    undefined,
    { authorization: `Bearer ${PROCESS_OPERATOR_TOKEN}` },
  );
  return outbox.json().items[0]?.code as string;
}

/** Signs `client` up as a new account through the SMS flow. */
export async function registerOverHttp(
  client: HttpClient,
  role: 'merchant' | 'buyer',
  phone: string,
  password: string,
): Promise<void> {
  const base = role === 'merchant' ? '/api' : '/api/buyer';
  const registered = await client.request('POST', `${base}/auth/register`, {
    phone,
    code: await smsCodeOverHttp(client, role, phone, 'register'),
    password,
    confirmPassword: password,
    agreePolicy: true,
  });
  expect(registered.status, JSON.stringify(registered.json())).toBe(200);
}
