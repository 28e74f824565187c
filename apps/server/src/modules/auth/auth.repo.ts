import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  accounts,
  buyers,
  merchants,
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
): Promise<AccountRow> {
  const [row] = await tx.insert(accounts).values(values).returning();
  if (!row) throw new Error('insert into accounts returned nothing');
  if (values.role === 'merchant') await tx.insert(merchants).values({ accountId: row.id });
  else await tx.insert(buyers).values({ accountId: row.id });
  return row;
}

export async function setPassword(tx: Tx, accountId: string, passwordHash: string): Promise<void> {
  await tx
    .update(accounts)
    .set({ passwordHash, failedLogins: 0, lockedUntil: null })
    .where(eq(accounts.id, accountId));
}

export async function recordLoginFailure(
  tx: Tx,
  accountId: string,
  maxFailures: number,
  lockUntil: Date,
): Promise<{ locked: boolean }> {
  // One statement, so concurrent wrong passwords cannot each see a count below the limit.
  const [row] = await tx
    .update(accounts)
    .set({
      failedLogins: sql`case when ${accounts.failedLogins} + 1 >= ${maxFailures} then 0 else ${accounts.failedLogins} + 1 end`,
      lockedUntil: sql`case when ${accounts.failedLogins} + 1 >= ${maxFailures} then ${lockUntil.toISOString()}::timestamptz else ${accounts.lockedUntil} end`,
    })
    .where(eq(accounts.id, accountId))
    .returning({ lockedUntil: accounts.lockedUntil });
  return { locked: row?.lockedUntil?.getTime() === lockUntil.getTime() };
}

export async function clearLoginFailures(tx: Tx, accountId: string): Promise<void> {
  await tx
    .update(accounts)
    .set({ failedLogins: 0, lockedUntil: null })
    .where(eq(accounts.id, accountId));
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

export async function insertCode(tx: Tx, values: typeof smsCodes.$inferInsert): Promise<void> {
  await tx.insert(smsCodes).values(values);
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

export async function deleteSessionsOf(tx: Tx, accountId: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.accountId, accountId));
}

export async function deleteExpiredSessions(tx: Tx, now: Date): Promise<void> {
  await tx.delete(sessions).where(lt(sessions.expiresAt, now));
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
