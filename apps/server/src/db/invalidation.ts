import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from './client.js';

const CHANNEL = 'sm_invalidate';

/** What a process keeps in memory and a change in any process makes stale. */
export type Invalidation =
  | { kind: 'session'; tokenHash: string }
  /** Every session of the account (a password reset). */
  | { kind: 'account'; accountId: string }
  /** The shared settings (the service fee rate). */
  | { kind: 'settings' };

/**
 * Tells every process, this one included, that `what` changed. In the caller's transaction: sent at
 * commit, never for a change that rolled back.
 */
export async function notifyInvalidation(tx: Tx, what: Invalidation): Promise<void> {
  await tx.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(what)})`);
}

export type InvalidationListener = (what: Invalidation | { kind: 'all' }) => void;

export interface Invalidations {
  /** Calls `listener` with each invalidation from now on; `all` when some may have been missed. */
  subscribe(listener: InvalidationListener): void;
  stop(): Promise<void>;
}

/** Every process listens, so a logout in one drops the session that another keeps in memory. */
export async function startInvalidations(
  database: Database,
  log: FastifyBaseLogger,
): Promise<Invalidations> {
  const listeners: InvalidationListener[] = [];
  const unlisten = await database.listen(
    CHANNEL,
    (payload) => {
      let what: Invalidation;
      try {
        what = JSON.parse(payload) as Invalidation;
      } catch (err) {
        log.warn({ err }, 'unreadable invalidation');
        return;
      }
      for (const listener of listeners) listener(what);
    },
    // While the listening connection was down, notifications were lost.
    () => listeners.forEach((listener) => listener({ kind: 'all' })),
  );
  return {
    subscribe: (listener) => void listeners.push(listener),
    // The database may be closed already when the server shuts down.
    stop: () => unlisten().catch(() => {}),
  };
}
