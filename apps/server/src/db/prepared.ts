import type { Tx } from './client.js';
import { compileRowMapper, type SelectedField } from './row-mapper.js';

/** What a prepared Drizzle select keeps that its row mapping reads (both drivers' sessions). */
type PreparedInternals = {
  fields?: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown[];
};

/**
 * A statement Drizzle builds once per database handle, with placeholders for its values
 * (sql.placeholder), and then runs with values only. Building a page's SQL with its JSON columns
 * cost Drizzle more CPU than PostgreSQL spent running it (about a fifth of a lot page's 1.9 ms in
 * a profile). Called inside a transaction, it is built for that transaction.
 *
 * Its rows are mapped by a function compiled once for the statement (row-mapper.ts): a session
 * that has a customResultMapper hands it the array rows instead of mapping each row itself.
 */
export function prepared<Query>(
  name: string,
  build: (tx: Tx) => { prepare(name: string): Query },
): (tx: Tx) => Query {
  const built = new WeakMap<Tx, Query>();
  let mapRows: PreparedInternals['customResultMapper'];
  return (tx) => {
    let query = built.get(tx);
    if (!query) {
      query = build(tx).prepare(name);
      const internals = query as PreparedInternals;
      if (internals.fields && !internals.customResultMapper) {
        mapRows ??= compileRowMapper(internals.fields, internals.joinsNotNullableMap);
        internals.customResultMapper = mapRows;
      }
      built.set(tx, query);
    }
    return query;
  };
}
