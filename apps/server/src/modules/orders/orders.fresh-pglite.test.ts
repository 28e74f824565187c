import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.js';
import { merchantOrderCounts, merchantOrders } from './orders.repo.js';

/**
 * PGlite serialises an array parameter by its type, and reads the database's array types as it
 * opens: on a database it has migrated since (a first start, every browser test's server), an
 * order_status[] parameter went out as plain text and the orders list's tabs failed, until
 * migrate() made it read them again. The API tests open copies of a migrated dump, whose types
 * PGlite reads as it opens, so this one migrates its own.
 */
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
});
afterAll(() => database?.close());

it('reads a tab of orders on a database migrated since PGlite opened', async () => {
  const merchantId = '00000000-0000-4000-8000-000000000001';
  const selection = { statuses: ['paid', 'canceled'] as const, from: null, to: null, q: 'x' };
  expect(await merchantOrders(database.db, merchantId, selection, null, 10)).toEqual([]);
  expect(await merchantOrderCounts(database.db, merchantId, selection)).toEqual([]);
});
