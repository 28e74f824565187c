import { randomBytes } from 'node:crypto';
import { DEFAULT_SERVICE_FEE_BPS } from '@sm/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { appSettings } from '../../db/schema.js';

/**
 * The stored value, or `make()` stored now. The first process to get here wins; every other
 * process, now or later, reads the same value.
 */
export async function settingOrCreate(tx: Tx, name: string, make: () => string): Promise<string> {
  await tx.insert(appSettings).values({ name, value: make() }).onConflictDoNothing();
  const [row] = await tx.select().from(appSettings).where(eq(appSettings.name, name)).limit(1);
  if (!row) throw new Error(`setting ${name} missing after insert`);
  return row.value;
}

/** The stored value, or null when none was ever set. */
export async function settingValue(tx: Tx, name: string): Promise<string | null> {
  const [row] = await tx.select().from(appSettings).where(eq(appSettings.name, name)).limit(1);
  return row?.value ?? null;
}

const SERVICE_FEE = 'service_fee_bps';

/** The service fee rate new orders are charged (PRODUCT.md §5), basis points. */
export async function serviceFeeBps(tx: Tx): Promise<number> {
  const value = await settingValue(tx, SERVICE_FEE);
  return value === null ? DEFAULT_SERVICE_FEE_BPS : Number(value);
}

export async function setServiceFeeBps(tx: Tx, bps: number): Promise<void> {
  await tx
    .insert(appSettings)
    .values({ name: SERVICE_FEE, value: String(bps) })
    .onConflictDoUpdate({ target: appSettings.name, set: { value: String(bps) } });
}

/**
 * A secret kept in the database when the configuration gives none (the session and SMS-code
 * key, the operator token), so that every process on one PostgreSQL shares it.
 */
export const sharedSecret = (tx: Tx, name: 'app_secret' | 'operator_token') =>
  settingOrCreate(tx, name, () => randomBytes(32).toString('base64url'));
