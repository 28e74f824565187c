import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { lockDataDir } from './data-dir-lock.js';
import { PGLITE_SETTINGS } from './pglite-settings.js';
import type { StartedPglite } from './pglite-start.js';
import type { PgliteThread } from './pglite-thread.js';
import type * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction, or the database itself: repos take either so services decide the boundaries. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /** The whole database as a tarball, to open copies of (PGlite only: the tests' template). */
  dump?(): Promise<Blob>;
  /**
   * PGlite only, which has no autovacuum: what a PostgreSQL server's autovacuum does, in the
   * hourly housekeeping. Without it the row versions every superseded bid and refigured lot
   * leave behind were never reused, and the planner never had statistics: it took the wrong one
   * of two indexes for a buyer's own bid on a lot (migration 0021).
   */
  upkeep?: () => Promise<void>;
  /**
   * Calls `onPayload` for each NOTIFY on `channel`, from any process on this database. On
   * PostgreSQL a dedicated connection listens and comes back by itself after it drops.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Beside this file in src/, copied beside the bundle in dist/ by the build. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/**
 * Whether the database has run this build's every migration: the newest in drizzle's table (its
 * `created_at` is the migration's `when`) is the journal's last. One statement, where drizzle's
 * migrate() runs five (schema, table, read, begin, commit) on every start, and on PostgreSQL
 * takes the migration lock first: a restart of a process that has nothing to migrate no longer
 * queues behind another that has.
 */
async function upToDate(db: Pick<Db, 'execute'>): Promise<boolean> {
  const journal = JSON.parse(
    await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] };
  const last = Math.max(...journal.entries.map((e) => e.when));
  try {
    const [row] = rowsOf<{ ran: string | null }>(
      await db.execute(sql`select max(created_at)::text as ran from drizzle.__drizzle_migrations`),
    );
    return Number(row?.ran) >= last;
  } catch {
    return false; // no table yet: a new database
  }
}

/** Any constant: serialises migrations when several processes start on one PostgreSQL. */
const MIGRATION_LOCK = 72_320_001;

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolMax?: number }
  /**
   * `dataDir` undefined keeps the database in memory (tests); `from` starts it as a copy of a
   * dump, which skips initdb (seconds of CPU per database in the test suites). `thread` (with a
   * `dataDir`: the server's database) runs it on a worker thread of its own; the in-memory test
   * databases stay in the calling thread, where a test reads them without a hop.
   */
  | {
      kind: 'pglite';
      dataDir?: string;
      from?: Blob;
      thread?: boolean;
      /** A thread on `dataDir` begun before the call (pglite-start.ts), in place of `thread`. */
      started?: Promise<StartedPglite>;
    };

/**
 * Start-up loads one driver only, and PGlite's WASM boot begins before the schema and drizzle's
 * adapter are loaded (main.ts opens the database first, and loads the app meanwhile).
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const schemaLoad = import('./schema.js');
  if (options.kind === 'postgres') {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }, schema] =
      await Promise.all([
        import('pg'),
        import('drizzle-orm/node-postgres'),
        import('drizzle-orm/node-postgres/migrator'),
        schemaLoad,
      ]);
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolMax ?? 20 });
    keepStatementsPrepared(pool);
    // An idle client's network error must not crash the process; the next query reports it.
    pool.on('error', () => {});
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      async migrate() {
        if (await upToDate(db)) return;
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(drizzlePg({ client }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
          client.release();
        }
      },
      async ping() {
        await db.execute(sql`select 1`);
      },
      listen: (channel, onPayload, onReconnect) =>
        listenPg(pg, options.url, channel, onPayload, onReconnect),
      close: () => pool.end(),
    };
  }
  const { dataDir, from } = options;
  // The server's PGlite runs on a thread of its own (pglite-thread.ts), the tests' in theirs. The
  // thread's client is here as soon as the thread starts: it runs what it is sent once PGlite has
  // opened, so the server sends its first statements while it builds the app. Its start locks the
  // directory (pglite-start.ts); main.ts begins it before the rest of the server loads.
  const starting =
    options.started ??
    (options.thread && dataDir
      ? import('./pglite-start.js').then(({ startPgliteThread }) => startPgliteThread(dataDir))
      : null);
  let unlock = async () => {};
  let booting: Promise<PGlite | PgliteThread>;
  if (starting) {
    const started = await starting;
    unlock = started.unlock;
    booting = Promise.resolve(started.thread);
  } else {
    if (dataDir) {
      await mkdir(dataDir, { recursive: true });
      // One process per data directory: a second one would write beside this one and lose writes.
      unlock = await lockDataDir(dataDir);
    }
    booting = import('@electric-sql/pglite').then(({ PGlite }) =>
      PGlite.create({
        dataDir,
        loadDataDir: from,
        startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
      }),
    );
  }
  const [client, { drizzle: drizzlePglite }, { migrate: migratePglite }, schema] =
    await Promise.all([
      booting,
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
      schemaLoad,
    ]).catch(async (err: unknown) => {
      // A client that booted while the adapter failed to load still holds the data directory.
      await booting.then((c) => c.close()).catch(() => {});
      await unlock();
      throw err;
    });
  // drizzle-orm/pglite calls query() and transaction() only, which the thread's client answers too.
  const asPglite = client as PGlite;
  const db = drizzlePglite({ client: asPglite, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    dump: 'dumpDataDir' in client ? () => client.dumpDataDir('none') : undefined,
    // Outside any transaction, as VACUUM must be. A pass after the first skips the pages left
    // all-visible, and ANALYZE reads a bounded sample: 0.26 s on a table of 200 000 rows, nine
    // tenths of them dead, then 14 ms.
    upkeep: async () => {
      await db.execute(sql`vacuum (analyze)`);
    },
    async migrate() {
      if (await upToDate(db)) return;
      await migratePglite(drizzlePglite({ client: asPglite }), { migrationsFolder });
      // PGlite serialises an array parameter by its type, and reads the array types only as it
      // opens: those the migrations just created (order_status[]) would go out as plain text.
      await client.refreshArrayTypes();
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    async close() {
      // A thread whose PGlite failed to open answers close() with that failure.
      try {
        await client.close();
      } finally {
        await unlock();
      }
    },
  };
}

/** Distinct statements a process names; past them (a query built for each input) stay unnamed. */
const MAX_NAMED_STATEMENTS = 2000;

/**
 * Sends each distinct statement text as a named prepared statement, parsed once per connection.
 * Drizzle's are unnamed, so PostgreSQL parsed and planned every one on every call: for the
 * dashboard 0.7 ms of parsing and 1 ms of planning around 0.35 ms of execution (statement log).
 * Named, a statement is parsed once per connection, and after five executions PostgreSQL plans it
 * once (a generic plan) unless that plan costs more than the custom ones. A migration that
 * changes a table invalidates the plans that read it; PostgreSQL then plans them again.
 */
function keepStatementsPrepared(pool: pg.Pool) {
  const names = new Map<string, string>();
  const named = (config: unknown): unknown => {
    if (typeof config !== 'object' || config === null) return config;
    const { text, name, submit } = config as { text?: unknown; name?: unknown; submit?: unknown };
    // A Query or a cursor (submit) is the driver's own object, and keeps its prototype.
    if (typeof text !== 'string' || name !== undefined || submit !== undefined) return config;
    let statement = names.get(text);
    if (statement === undefined) {
      if (names.size >= MAX_NAMED_STATEMENTS) return config;
      statement = `sm_${names.size}`;
      names.set(text, statement);
    }
    return { ...config, name: statement };
  };
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((config: unknown, ...rest: unknown[]) =>
      query(named(config), ...rest)) as typeof client.query;
  });
}

/** A LISTEN connection of its own (a pooled one would be handed to other queries). */
async function listenPg(
  { Client }: typeof pg,
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const scheduleRetry = () => {
    if (!stopped) retry = setTimeout(() => void connect(true), 1_000);
  };
  const connect = async (again: boolean): Promise<void> => {
    const next = new Client({ connectionString: url });
    let dropped = false;
    const drop = () => {
      if (dropped) return;
      dropped = true;
      if (client === next) client = null;
      next.end().catch(() => {});
      scheduleRetry();
    };
    next.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) onPayload(msg.payload);
    });
    next.on('error', drop);
    next.on('end', drop);
    client = next;
    try {
      await next.connect();
      await next.query(`listen "${channel.replace(/"/g, '')}"`);
    } catch {
      drop();
      return;
    }
    // Notifications sent while the connection was down are gone: let the listener catch up.
    if (again) onReconnect?.();
  };

  await connect(false);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}

/**
 * The SQLSTATE of a statement PostgreSQL refused, as node-postgres and PGlite report it (drizzle
 * wraps it as the cause), or null for any other failure (a lost connection, a bug): a refused
 * statement was rolled back, where a connection lost on the way may have committed.
 */
export function sqlStateOf(err: unknown): string | null {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as never) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return null;
}

/** Rows of `db.execute()`: PGlite and node-postgres both answer with `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The database the configuration names: PostgreSQL at DATABASE_URL, else PGlite in DATA_DIR/db. */
export function openConfiguredDatabase(
  config: { databaseUrl: string | undefined; dataDir: string },
  poolMax: number,
  started?: Promise<StartedPglite>,
): Promise<Database> {
  return config.databaseUrl
    ? openDatabase({ kind: 'postgres', url: config.databaseUrl, poolMax })
    : openDatabase({
        kind: 'pglite',
        dataDir: path.join(config.dataDir, 'db'),
        thread: true,
        started,
      });
}
