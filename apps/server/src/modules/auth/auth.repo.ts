import { and, count, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  accounts,
  buyers,
  loginFailures,
  merchants,
  pushSubscriptions,
  sessions,
  smsCodes,
  smsOutbox,
  stores,
} from '../../db/schema.js';

export type Role = 'merchant' | 'buyer';
export type AccountRow = typeof accounts.$inferSelect;
export type SmsCodeRow = typeof smsCodes.$inferSelect;

export async function findAccount(
  tx: Tx,
  role: Role,
  phone: string,
): Promise<AccountRow | undefined> {
  const [row] = await tx
    .select()
    .from(accounts)
    .where(and(eq(accounts.role, role), eq(accounts.phone, phone)))
    .limit(1);
  return row;
}

export async function insertAccount(
  tx: Tx,
  values: { role: Role; phone: string; passwordHash: string; createdAt: Date },
  /** A buyer's name as merchants see it on orders and invoices. */
  displayName: string | null = null,
): Promise<AccountRow> {
  const [row] = await tx.insert(accounts).values(values).returning();
  if (!row) throw new Error('insert into accounts returned nothing');
  if (values.role === 'merchant') await tx.insert(merchants).values({ accountId: row.id });
  else await tx.insert(buyers).values({ accountId: row.id, displayName });
  return row;
}

export async function setPassword(tx: Tx, accountId: string, passwordHash: string): Promise<void> {
  await tx.update(accounts).set({ passwordHash }).where(eq(accounts.id, accountId));
  await tx.delete(loginFailures).where(eq(loginFailures.accountId, accountId));
}

/** Until when this address may not try this account's password, if it is locked out. */
export async function loginLockedUntil(
  tx: Tx,
  accountId: string,
  ip: string,
): Promise<Date | null> {
  const [row] = await tx
    .select({ lockedUntil: loginFailures.lockedUntil })
    .from(loginFailures)
    .where(and(eq(loginFailures.accountId, accountId), eq(loginFailures.ip, ip)))
    .limit(1);
  return row?.lockedUntil ?? null;
}

/**
 * Counts a wrong password from this address; the `max`-th in a row within `windowMs` locks the
 * address out until `lockUntil`. One statement, so concurrent tries cannot slip under the limit.
 */
export async function recordLoginFailure(
  tx: Tx,
  key: { accountId: string; ip: string },
  rule: { now: Date; max: number; windowMs: number; lockUntil: Date },
): Promise<{ locked: boolean }> {
  const since = new Date(rule.now.getTime() - rule.windowMs).toISOString();
  const lockUntil = rule.lockUntil.toISOString();
  // Earlier failures count only while recent; the count restarts after a lock.
  const prior = sql`case when ${loginFailures.updatedAt} > ${since}::timestamptz then ${loginFailures.failures} else 0 end`;
  const [row] = await tx
    .insert(loginFailures)
    .values({
      ...key,
      failures: 1,
      lockedUntil: rule.max <= 1 ? rule.lockUntil : null,
      updatedAt: rule.now,
    })
    .onConflictDoUpdate({
      target: [loginFailures.accountId, loginFailures.ip],
      set: {
        failures: sql`case when ${prior} + 1 >= ${rule.max} then 0 else ${prior} + 1 end`,
        lockedUntil: sql`case when ${prior} + 1 >= ${rule.max} then ${lockUntil}::timestamptz else ${loginFailures.lockedUntil} end`,
        updatedAt: rule.now,
      },
    })
    .returning({ lockedUntil: loginFailures.lockedUntil });
  return { locked: row?.lockedUntil?.getTime() === rule.lockUntil.getTime() };
}

export async function clearLoginFailures(tx: Tx, accountId: string, ip: string): Promise<void> {
  await tx
    .delete(loginFailures)
    .where(and(eq(loginFailures.accountId, accountId), eq(loginFailures.ip, ip)));
}

/** Serialises work on one phone's codes across requests and processes, until the transaction ends. */
export async function lockPhone(tx: Tx, role: Role, phone: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${role}:${phone}`}))`);
}

export async function recentCodeTimes(
  tx: Tx,
  role: Role,
  phone: string,
  since: Date,
): Promise<Date[]> {
  const rows = await tx
    .select({ createdAt: smsCodes.createdAt })
    .from(smsCodes)
    .where(and(eq(smsCodes.role, role), eq(smsCodes.phone, phone), gt(smsCodes.createdAt, since)))
    .orderBy(smsCodes.createdAt);
  return rows.map((r) => r.createdAt);
}

export async function insertCode(tx: Tx, values: typeof smsCodes.$inferInsert): Promise<string> {
  const [row] = await tx.insert(smsCodes).values(values).returning({ id: smsCodes.id });
  if (!row) throw new Error('insert into sms_codes returned nothing');
  return row.id;
}

/** The newest code for this phone and purpose: only the last one sent counts. */
export async function latestCode(
  tx: Tx,
  role: Role,
  phone: string,
  purpose: 'register' | 'reset',
): Promise<SmsCodeRow | undefined> {
  const [row] = await tx
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.role, role), eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1)
    .for('update');
  return row;
}

export async function setCodeAttempts(tx: Tx, id: string, attempts: number): Promise<void> {
  await tx.update(smsCodes).set({ attempts }).where(eq(smsCodes.id, id));
}

export async function deleteCode(tx: Tx, id: string): Promise<void> {
  await tx.delete(smsCodes).where(eq(smsCodes.id, id));
}

export async function consumeCode(tx: Tx, id: string, at: Date): Promise<void> {
  await tx.update(smsCodes).set({ consumedAt: at }).where(eq(smsCodes.id, id));
}

export async function insertOutbox(tx: Tx, values: typeof smsOutbox.$inferInsert): Promise<void> {
  await tx.insert(smsOutbox).values(values);
}

export async function listOutbox(tx: Tx, options: { phone?: string; limit: number }) {
  return tx
    .select({
      phone: smsOutbox.phone,
      purpose: smsOutbox.purpose,
      code: smsOutbox.code,
      createdAt: smsOutbox.createdAt,
    })
    .from(smsOutbox)
    .where(options.phone ? eq(smsOutbox.phone, options.phone) : undefined)
    .orderBy(desc(smsOutbox.id))
    .limit(options.limit);
}

export async function insertSession(tx: Tx, values: typeof sessions.$inferInsert): Promise<void> {
  await tx.insert(sessions).values(values);
}

export async function findSession(tx: Tx, tokenHash: string) {
  const [row] = await tx
    .select({
      tokenHash: sessions.tokenHash,
      accountId: sessions.accountId,
      role: accounts.role,
      phone: accounts.phone,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  return row;
}

export async function touchSession(
  tx: Tx,
  tokenHash: string,
  lastSeenAt: Date,
  expiresAt: Date,
): Promise<void> {
  await tx.update(sessions).set({ lastSeenAt, expiresAt }).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteSession(tx: Tx, tokenHash: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/**
 * Signs the account out everywhere: its sessions, and the browsers its pushes go to (a reset
 * after a lost phone must also stop that phone showing order numbers and amounts).
 */
export async function deleteSessionsOf(tx: Tx, accountId: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.accountId, accountId));
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.merchantId, accountId));
}

/** Housekeeping: sessions past their expiry and codes too old to matter for any limit. */
export async function purgeExpired(tx: Tx, now: Date, codesBefore: Date): Promise<void> {
  await tx.delete(sessions).where(lt(sessions.expiresAt, now));
  await tx.delete(smsCodes).where(lt(smsCodes.createdAt, codesBefore));
}

export async function countAccounts(tx: Tx): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(accounts);
  return row?.n ?? 0;
}

export async function merchantProfileRow(tx: Tx, accountId: string) {
  const [row] = await tx
    .select({
      id: accounts.id,
      phone: accounts.phone,
      createdAt: accounts.createdAt,
      businessStatus: merchants.businessStatus,
      businessRejectReason: merchants.businessRejectReason,
      storeName: stores.name,
    })
    .from(accounts)
    .innerJoin(merchants, eq(merchants.accountId, accounts.id))
    .leftJoin(stores, eq(stores.merchantId, accounts.id))
    .where(eq(accounts.id, accountId))
    .limit(1);
  return row;
}

export async function buyerProfileRow(tx: Tx, accountId: string) {
  const [row] = await tx
    .select({
      id: accounts.id,
      phone: accounts.phone,
      createdAt: accounts.createdAt,
      displayName: buyers.displayName,
    })
    .from(accounts)
    .innerJoin(buyers, eq(buyers.accountId, accounts.id))
    .where(eq(accounts.id, accountId))
    .limit(1);
  return row;
}

/** Whether another address is locked out of the account right now (its lock already told). */
export async function otherLockActive(
  tx: Tx,
  accountId: string,
  key: string,
  now: Date,
): Promise<boolean> {
  const [row] = await tx
    .select({ ip: loginFailures.ip })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.accountId, accountId),
        ne(loginFailures.ip, key),
        gt(loginFailures.lockedUntil, now),
      ),
    )
    .limit(1);
  return row !== undefined;
}
