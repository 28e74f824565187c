import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';

/** A selected field as Drizzle lists it for a prepared select (orderSelectedFields). */
export type SelectedField = { path: string[]; field: unknown };
type Decoder = { mapFromDriverValue(value: unknown): unknown };
/** An SQL's decoder (mapWith's), internal to Drizzle's types. */
type Decoded = { decoder: Decoder };

/** The decoder Drizzle's mapResultRow picks for a field. */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as Decoded).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: Decoded } })._.sql.decoder;
  return (field as { sql: Decoded }).sql.decoder;
}

/**
 * What Drizzle's mapResultRow makes of an array row, compiled once per statement into a function
 * that builds each row as object literals. Drizzle's own walks every field of every row through
 * its entity checks and grows each object key by key; on a lot's 50-bid ladder or a page of 25
 * lots of 30 fields that was a tenth of the request's CPU. The result is the same, key order and
 * nulls included: a left-joined table's object is null when its first column is (and all its
 * columns are that table's), unless the join cannot be null (joinsNotNullableMap).
 */
export function compileRowMapper(
  fields: readonly SelectedField[],
  joinsNotNullableMap: Record<string, boolean> | undefined,
): (rows: unknown[][]) => Record<string, unknown>[] {
  const decoders = fields.map(({ field }) => decoderOf(field));
  // The object literal, nested as the paths say, each value its column decoded (null stays null).
  type Shape = Map<string, number | Shape>;
  const shape: Shape = new Map();
  fields.forEach(({ path }, i) => {
    let node = shape;
    path.forEach((key, depth) => {
      if (depth === path.length - 1) {
        node.set(key, i);
        return;
      }
      let child = node.get(key);
      if (child === undefined || typeof child === 'number') node.set(key, (child = new Map()));
      node = child;
    });
  });
  // Each column's decoder called at a call site of its own, so that each stays monomorphic.
  const value = (i: number) => `row[${i}] === null ? null : d${i}.mapFromDriverValue(row[${i}])`;
  const literal = (node: Shape): string =>
    `{${[...node]
      .map(([key, v]) => `${JSON.stringify(key)}: ${typeof v === 'number' ? value(v) : literal(v)}`)
      .join(', ')}}`;

  // Objects a left join may make null: Drizzle decides by the first of their columns.
  const nullable: { key: string; first: number }[] = [];
  if (joinsNotNullableMap) {
    const firstOf = new Map<string, { first: number; table: string; sameTable: boolean }>();
    fields.forEach(({ path, field }, i) => {
      if (!is(field, Column) || path.length !== 2) return;
      const key = path[0] as string;
      const table = getTableName(field.table);
      const seen = firstOf.get(key);
      if (!seen) firstOf.set(key, { first: i, table, sameTable: true });
      else if (seen.table !== table) seen.sameTable = false;
    });
    for (const [key, { first, table, sameTable }] of firstOf) {
      if (sameTable && !joinsNotNullableMap[table]) nullable.push({ key, first });
    }
  }
  const nulls = nullable
    .map(({ key, first }) => `if (row[${first}] === null) o[${JSON.stringify(key)}] = null;`)
    .join('\n');

  // Generated from the statement's own field names, quoted by JSON.stringify: no input reaches it.
  const mapRow = new Function(
    'decoders',
    `${decoders.map((_, i) => `const d${i} = decoders[${i}];`).join('\n')}
     return (row) => { const o = ${literal(shape)}; ${nulls} return o; };`,
  )(decoders) as (row: unknown[]) => Record<string, unknown>;
  return (rows) => rows.map(mapRow);
}
