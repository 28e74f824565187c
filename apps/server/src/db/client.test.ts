import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DB_KINDS, type TestDatabase } from '../../test/helpers.js';
import { rowsOf } from './client.js';
import { accounts } from './schema.js';

describe.skipIf(!DB_KINDS.includes('postgres'))('statements on PostgreSQL', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await test?.drop();
  });

  it('are prepared once per connection under one name, and answer as before', async () => {
    const { db } = test.database;
    await db.transaction(async (tx) => {
      const read = () => tx.select({ id: accounts.id }).from(accounts).limit(1);
      expect(await read()).toEqual([]);
      expect(await read()).toEqual([]);
      // The connection's prepared statements: the read is there once, under the process's name.
      const prepared = rowsOf<{ name: string; statement: string }>(
        await tx.execute(sql`select name, statement from pg_prepared_statements`),
      );
      const reads = prepared.filter((p) => p.statement.startsWith('select "id" from "accounts"'));
      expect(reads).toHaveLength(1);
      expect(reads[0]!.name).toMatch(/^sm_\d+$/);
    });
  });
});

describe('PGlite’s upkeep', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await test?.drop();
  });

  it('vacuums and analyzes, as a PostgreSQL server’s autovacuum would', async () => {
    const { db, upkeep } = test.database;
    await db.execute(sql`create table upkeep_probe (id int primary key, superseded boolean)`);
    await db.execute(sql`insert into upkeep_probe select g, false from generate_series(1, 2000) g`);
    await db.execute(sql`update upkeep_probe set superseded = true where id % 2 = 0`);
    const state = async () =>
      rowsOf<{ statistics: number; all_visible: number }>(
        await db.execute(sql`select
          (select count(*)::int from pg_stats where tablename = 'upkeep_probe') as statistics,
          (select relallvisible from pg_class where relname = 'upkeep_probe') as all_visible`),
      )[0];
    expect(await state()).toEqual({ statistics: 0, all_visible: 0 });
    expect(upkeep).toBeDefined();
    await upkeep!();
    // The planner's statistics of both columns, and every page vacuumed to all-visible.
    const after = await state();
    expect(after?.statistics).toBe(2);
    expect(after?.all_visible).toBeGreaterThan(0);
  });
});
