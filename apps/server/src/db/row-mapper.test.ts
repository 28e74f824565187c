import * as drizzleOrm from 'drizzle-orm';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import { compileRowMapper, type SelectedField } from './row-mapper.js';
import { accounts, bids, lotBidFigures, lots, stores } from './schema.js';

/** Drizzle's own row mapping, which the compiled one must match (exported, not typed). */
const { mapResultRow } = drizzleOrm as unknown as {
  mapResultRow: (
    fields: SelectedField[],
    row: unknown[],
    joins: Record<string, boolean> | undefined,
  ) => Record<string, unknown>;
};

const db = drizzle.mock();
type Internals = { fields: SelectedField[]; joinsNotNullableMap?: Record<string, boolean> };
const internalsOf = (query: { prepare(name: string): unknown }) =>
  query.prepare('row_mapper_test') as Internals;

/** A row of driver values for these fields: each column's own kind of value, or null. */
function rowOf(fields: SelectedField[], nullWhere: (path: string[], i: number) => boolean) {
  return fields.map(({ path, field }, i) => {
    if (nullWhere(path, i)) return null;
    const type = drizzleOrm.is(field, drizzleOrm.Column) ? field.columnType : 'SQL';
    if (type === 'PgTimestamp') return '2026-11-28 05:01:02.345+00';
    if (type === 'PgInteger' || type === 'PgBigInt53') return 7 + i;
    if (type === 'PgBoolean') return i % 2 === 0;
    if (type === 'SQL') return String(100 + i);
    return `value ${i}`;
  });
}

describe('compileRowMapper', () => {
  const queries = {
    // A whole table, a left-joined column, a mapWith figure and a JSON column (the buyer's page).
    'lots with their store': db
      .select({
        lot: lots,
        storeName: stores.name,
        count: sql`coalesce(${lotBidFigures.bidCount}, 0)`.mapWith(Number),
        media: sql<unknown[]>`'[]'::json`,
      })
      .from(lots)
      .leftJoin(stores, eq(stores.merchantId, lots.merchantId))
      .leftJoin(lotBidFigures, eq(lotBidFigures.lotId, lots.id)),
    // A nested partial object and an inner join (the ladder).
    'bids with phones': db
      .select({
        bid: { id: bids.id, seq: bids.seq, price: bids.price, createdAt: bids.createdAt },
        buyerPhone: accounts.phone,
      })
      .from(bids)
      .innerJoin(accounts, eq(accounts.id, bids.buyerId)),
    // Whole left-joined tables, which are null when the join found nothing.
    'a lot with its store and figures': db
      .select({ lot: lots, store: stores, figures: lotBidFigures })
      .from(lots)
      .leftJoin(stores, eq(stores.merchantId, lots.merchantId))
      .leftJoin(lotBidFigures, and(eq(lotBidFigures.lotId, lots.id))),
    // A left-joined object of two tables' columns: Drizzle keeps it however null.
    'mixed tables in one object': db
      .select({ lot: { id: lots.id }, mixed: { name: stores.name, phone: accounts.phone } })
      .from(lots)
      .leftJoin(stores, eq(stores.merchantId, lots.merchantId))
      .leftJoin(accounts, eq(accounts.id, lots.merchantId)),
  };

  for (const [name, query] of Object.entries(queries)) {
    it(`maps rows as Drizzle does: ${name}`, () => {
      const { fields, joinsNotNullableMap } = internalsOf(query);
      const map = compileRowMapper(fields, joinsNotNullableMap);
      const rows = [
        rowOf(fields, () => false),
        // Every joined table's columns null: what a left join that found nothing answers.
        rowOf(fields, (path) => path[0] !== 'lot'),
        // Only the first column of each object null, and then every other one.
        rowOf(fields, (path, i) => fields.findIndex((f) => f.path[0] === path[0]) === i),
        rowOf(fields, (_, i) => i % 2 === 1),
      ];
      const mapped = map(rows);
      rows.forEach((row, i) => {
        const expected = mapResultRow(fields, row, joinsNotNullableMap);
        expect(mapped[i]).toEqual(expected);
        // The same keys in the same order: the JSON of an answer depends on it.
        expect(JSON.stringify(mapped[i])).toBe(JSON.stringify(expected));
      });
    });
  }

  it('nulls a whole left-joined table and keeps the columns of the others', () => {
    const { fields, joinsNotNullableMap } = internalsOf(
      queries['a lot with its store and figures'],
    );
    const [row] = compileRowMapper(
      fields,
      joinsNotNullableMap,
    )([rowOf(fields, (path) => path[0] === 'store')]);
    expect(row?.store).toBeNull();
    expect(Object.keys(row?.lot as object)).toEqual(Object.keys(getTableColumns(lots)));
    expect(row?.figures).not.toBeNull();
  });
});
