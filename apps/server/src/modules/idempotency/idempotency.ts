import type { Db, Tx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { sha256 } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { claimKey, purgeKeys, saveAnswer } from './idempotency.repo.js';

/**
 * Runs a money-moving request at most once per Idempotency-Key, inside the caller's transaction:
 * the same key with the same request answers the first answer again; with another request it is
 * refused. A request that fails rolls back with its key, so a retry after a refusal (say, too
 * little balance) is tried afresh: nothing moved the first time.
 */
export async function idempotent<T>(
  tx: Tx,
  scope: { accountId: string; key: string; request: unknown; now: Date },
  run: () => Promise<T>,
): Promise<T> {
  const requestHash = sha256(JSON.stringify(scope.request));
  const existing = await claimKey(tx, {
    accountId: scope.accountId,
    key: scope.key,
    requestHash,
    createdAt: scope.now,
  });
  if (existing) {
    if (existing.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    return existing.response as T;
  }
  const answer = await run();
  await saveAnswer(tx, scope.accountId, scope.key, 200, answer);
  return answer;
}

/** The keys' housekeeping, for the hourly job. */
export function createIdempotencyService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    /** Keys older than any client retries a request. */
    purgeExpired: () => purgeKeys(db, clock.now()),
  };
}
