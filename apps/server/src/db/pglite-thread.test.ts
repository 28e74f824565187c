import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rowsOf } from './client.js';
import { accounts, appSettings } from './schema.js';

/** The server's PGlite, on its own thread (pglite-thread.ts), through drizzle as the app uses it. */
describe('PGlite on its own thread', () => {
  let dir: string;
  let database: Database;
  const open = () => openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'db'), thread: true });

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sm-pglite-thread-'));
    database = await open();
    await database.migrate();
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('opens with the settings of pglite-settings.ts, not those of postgresql.conf', async () => {
    const [row] = rowsOf<{ shared_buffers: string }>(
      await database.db.execute(sql`show shared_buffers`),
    );
    expect(row?.shared_buffers).toBe('32MB');
  });

  it('reads and writes rows, timestamps as dates', async () => {
    const { db } = database;
    const createdAt = new Date('2026-11-28T01:02:03.456Z');
    const [row] = await db
      .insert(accounts)
      .values({ role: 'buyer', phone: '+60130000101', passwordHash: 'x', createdAt })
      .returning();
    expect(row?.createdAt).toEqual(createdAt);
    const [read] = await db.select().from(accounts).where(eq(accounts.phone, '+60130000101'));
    expect(read).toEqual(row);
  });

  it('commits a transaction, and rolls one back that throws', async () => {
    const { db } = database;
    await db.transaction(async (tx) => {
      await tx.insert(appSettings).values({ name: 'thread-commit', value: '1' });
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(appSettings).values({ name: 'thread-rollback', value: '1' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const names = (await db.select().from(appSettings)).map((s) => s.name);
    expect(names).toContain('thread-commit');
    expect(names).not.toContain('thread-rollback');
  });

  it('keeps a statement outside an open transaction waiting until it ends', async () => {
    const { db } = database;
    const order: string[] = [];
    let inside!: () => void;
    const holding = new Promise<void>((resolve) => (inside = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.insert(appSettings).values({ name: 'thread-wait', value: 'inside' });
      inside();
      await released;
      order.push('commit');
    });
    await holding;
    const outside = db
      .select()
      .from(appSettings)
      .where(eq(appSettings.name, 'thread-wait'))
      .then((rows) => {
        order.push('outside');
        return rows;
      });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual([]);
    release();
    await transaction;
    // It ran after the commit, and saw the row.
    expect(await outside).toEqual([{ name: 'thread-wait', value: 'inside' }]);
    expect(order).toEqual(['commit', 'outside']);
  });

  it("answers PostgreSQL's errors with their code", async () => {
    const { db } = database;
    const values = { role: 'buyer' as const, phone: '+60130000102', passwordHash: 'x' };
    await db.insert(accounts).values(values);
    const err: unknown = await db
      .insert(accounts)
      .values(values)
      .then(
        () => null,
        (e: unknown) => e,
      );
    const cause = (err as { cause?: { code?: string; constraint?: string } }).cause;
    expect(cause?.code).toBe('23505');
    expect(cause?.constraint).toBe('accounts_role_phone_key');
  });

  it('delivers a NOTIFY to a listener, and none after it stops', async () => {
    const heard: string[] = [];
    const stop = await database.listen('thread_channel', (payload) => heard.push(payload));
    const notify = async (...payloads: string[]) => {
      for (const p of payloads)
        await database.db.execute(sql`select pg_notify('thread_channel', ${p})`);
    };
    await notify('one', 'two');
    await expect.poll(() => heard).toEqual(['one', 'two']);
    await stop();
    await notify('three');
    await database.ping();
    expect(heard).toEqual(['one', 'two']);
  });

  it('runs statements past the prepared ones it keeps, and the first ones again', async () => {
    // The thread keeps 256 prepared statements, closing the least recently used.
    const sums = async (from: number, to: number) => {
      const got: number[] = [];
      for (let n = from; n < to; n++) {
        const [row] = rowsOf<{ n: number }>(
          await database.db.execute(sql.raw(`select ${n} + 1 as n`)),
        );
        got.push(row!.n);
      }
      return got;
    };
    const first = await sums(0, 300);
    expect(first).toEqual(Array.from({ length: 300 }, (_, n) => n + 1));
    expect(await sums(0, 10)).toEqual(first.slice(0, 10));
  });

  it('answers a statement in the new shape of a table changed since it was prepared', async () => {
    const read = async () =>
      rowsOf<Record<string, unknown>>(await database.db.execute(sql`select * from thread_shape`));
    await database.db.execute(sql`create table thread_shape (a int)`);
    await database.db.execute(sql`insert into thread_shape values (1)`);
    expect(await read()).toEqual([{ a: 1 }]);
    await database.db.execute(sql`alter table thread_shape add column b text default 'x'`);
    expect(await read()).toEqual([{ a: 1, b: 'x' }]);
  });

  it('keeps what it wrote when it is opened again', async () => {
    await database.close();
    database = await open();
    const rows = rowsOf<{ value: string }>(
      await database.db.execute(sql`select value from app_settings where name = 'thread-commit'`),
    );
    expect(rows).toEqual([{ value: '1' }]);
  }, 60_000);
});
