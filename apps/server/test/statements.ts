import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Db } from '../src/db/client.js';
import * as schema from '../src/db/schema.js';
import { createServices } from '../src/services.js';
import { TEST_OPERATOR_TOKEN, type TestApp } from './helpers.js';

/**
 * The app's real services, made by the composition root over the test app's own database
 * connection, through a Drizzle handle that records every statement it sends: what a call costs
 * in statements is the figure the hot path is built to (docs/ARCHITECTURE.md, house style 10).
 */
export async function countingServices(t: TestApp) {
  let sent: string[] = [];
  const logger: Logger = { logQuery: (query) => sent.push(query) };
  const { $client } = t.database.db as unknown as { $client: never };
  const db = (t.database.kind === 'pglite'
    ? drizzlePglite({ client: $client, schema, logger })
    : drizzlePg({ client: $client, schema, logger })) as unknown as Db;
  const { services, stop } = await createServices(t.config, {
    database: { ...t.database, db },
    secrets: { appSecret: 'a'.repeat(43), operatorToken: TEST_OPERATOR_TOKEN },
    clock: t.clock,
    log: t.app.log,
  });
  return {
    services,
    stop,
    /** The statements `call` sent, in order; BEGIN and COMMIT included where the driver sends them. */
    async statementsOf(call: () => Promise<unknown>): Promise<string[]> {
      sent = [];
      await call();
      return sent;
    },
  };
}

/** A transaction's own control statements, which node-postgres sends through Drizzle and PGlite does not. */
export const isTransactionControl = (query: string) => /^(begin|commit)\b/i.test(query.trim());
