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
