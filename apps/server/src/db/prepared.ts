import type { Tx } from './client.js';

/**
 * A statement Drizzle builds once per database handle, with placeholders for its values
 * (sql.placeholder), and then runs with values only. Building a page's SQL with its JSON columns
 * cost Drizzle more CPU than PostgreSQL spent running it (about a fifth of a lot page's 1.9 ms in
 * a profile). Called inside a transaction, it is built for that transaction.
 */
export function prepared<Query>(
  name: string,
  build: (tx: Tx) => { prepare(name: string): Query },
): (tx: Tx) => Query {
  const built = new WeakMap<Tx, Query>();
  return (tx) => {
    let query = built.get(tx);
    if (!query) {
      query = build(tx).prepare(name);
      built.set(tx, query);
    }
    return query;
  };
}
