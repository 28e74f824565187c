import type { Db, Tx } from '../../db/client.js';
import { type Invalidations, notifyInvalidation } from '../../db/invalidation.js';
import { serviceFeeBps, sharedSecret } from './settings.repo.js';

export interface Secrets {
  /** Signs sessions' device cookies, SMS codes and cloud printers' keys. */
  appSecret: string;
  operatorToken: string;
}

/**
 * Each secret as configured, or else the one kept in the database, made by the first process that
 * asks, so that every process on one PostgreSQL shares it.
 */
export async function resolveSecrets(
  db: Db,
  configured: { appSecret: string | undefined; operatorToken: string | undefined },
): Promise<Secrets> {
  return {
    appSecret: configured.appSecret ?? (await sharedSecret(db, 'app_secret')),
    operatorToken: configured.operatorToken ?? (await sharedSecret(db, 'operator_token')),
  };
}

/**
 * Secrets to build the app with before the database has given them: main.ts builds it while PGlite
 * opens and the migrations run, which is most of a start. Each is read when used, and none is used
 * before the server listens, which waits for `resolve`; a read before it is a bug, and throws.
 */
export function lateSecrets(): { secrets: Secrets; resolve(secrets: Secrets): void } {
  let known: Secrets | null = null;
  const read = (key: keyof Secrets): string => {
    if (!known) throw new Error(`the ${key} was read before the database gave it`);
    return known[key];
  };
  return {
    secrets: {
      get appSecret() {
        return read('appSecret');
      },
      get operatorToken() {
        return read('operatorToken');
      },
    },
    resolve: (secrets) => {
      known = secrets;
    },
  };
}

/**
 * The service fee rate as the read paths show it (projected fees on lists and lot pages), kept in
 * memory and dropped whenever the operator sets it, in any process. Whatever fixes a fee (a lot's
 * end, an order) reads the rate in its own transaction instead.
 */
export function createFeeRateService({
  db,
  invalidations,
}: {
  db: Db;
  invalidations: Invalidations;
}) {
  let cached: Promise<number> | null = null;
  const forget = () => {
    cached = null;
  };
  invalidations.subscribe((what) => {
    if (what.kind === 'settings' || what.kind === 'all') forget();
  });
  return {
    current(): Promise<number> {
      const reading = (cached ??= serviceFeeBps(db));
      // A failed read is not kept.
      reading.catch(() => {
        if (cached === reading) forget();
      });
      return reading;
    },
    /** After the rate changed in this process: the next read is fresh at once. */
    forget,
    /** In the transaction that changes the rate: tells the other processes at commit. */
    changed: (tx: Tx) => notifyInvalidation(tx, { kind: 'settings' }),
  };
}

export type FeeRateService = ReturnType<typeof createFeeRateService>;
