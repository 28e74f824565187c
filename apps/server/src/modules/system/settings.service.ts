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
