import type { Db } from '../../db/client.js';
import { sharedSecret } from './settings.repo.js';

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
