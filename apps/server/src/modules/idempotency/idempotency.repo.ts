import { and, eq, lt } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema.js';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

/**
 * Claims a key in the caller's transaction. On PostgreSQL a second transaction claiming the same
 * key waits here until the first ends: then it finds the first one's answer, or, if the first rolled
 * back, claims the key itself. Returns the existing row when the key was already used.
 */
export async function claimKey(
  tx: Tx,
  row: { accountId: string; key: string; requestHash: string; createdAt: Date },
): Promise<IdempotencyRow | null> {
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ ...row, statusCode: 0, response: null })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length > 0) return null;
  const [existing] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.accountId, row.accountId), eq(idempotencyKeys.key, row.key)));
  if (!existing) throw new Error('idempotency key vanished');
  return existing;
}

export async function saveAnswer(
  tx: Tx,
  accountId: string,
  key: string,
  statusCode: number,
  response: unknown,
): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ statusCode, response })
    .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key)));
}

/** How long a key is remembered: longer than any client retries a request. */
const KEY_RETENTION_MS = 24 * 60 * 60_000;

export async function purgeKeys(tx: Tx, now: Date): Promise<void> {
  await tx
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - KEY_RETENTION_MS)));
}
