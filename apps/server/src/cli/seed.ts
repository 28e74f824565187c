import { normalizeMalaysianMobile } from '@sm/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { hashPassword } from '../lib/crypto.js';
import { countAccounts, insertAccount } from '../modules/auth/auth.repo.js';
import { insertBoat, insertStore, setBusinessStatus } from '../modules/store/store.repo.js';

export const DEMO_PASSWORD = 'Demo@1234';
export const DEMO_MERCHANT_PHONE = '012-345 6789';
const SEED_LOCK = 72_320_002;
export const DEMO_BUYER_PHONES = ['013-000 0001', '013-000 0002', '013-000 0003'];

const e164 = (phone: string) => {
  const value = normalizeMalaysianMobile(phone);
  if (!value) throw new Error(`demo phone ${phone} is not a Malaysian mobile`);
  return value;
};

/** PRODUCT.md §9: only into an empty database. Returns whether it seeded. */
export async function seedDemo(db: Db, now: Date = new Date()): Promise<boolean> {
  if ((await countAccounts(db)) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    // Several processes may start at once on one PostgreSQL: one seeds, the others see it done.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if ((await countAccounts(tx)) > 0) return false;
    const merchant = await insertAccount(tx, {
      role: 'merchant',
      phone: e164(DEMO_MERCHANT_PHONE),
      passwordHash,
      createdAt: now,
    });
    await setBusinessStatus(tx, merchant.id, 'verified');
    await insertStore(tx, {
      merchantId: merchant.id,
      name: 'Kuala Selangor Fresh Catch',
      address: 'Jeti Nelayan, Jalan Klinik, 45000 Kuala Selangor, Selangor',
      description: 'Daily landings from our own boats: prawns, pomfret, mackerel and crab.',
    });
    await insertBoat(tx, {
      merchantId: merchant.id,
      boatNumber: 'SLF 4521',
      ownerName: 'Ahmad bin Ismail',
    });
    await insertBoat(tx, {
      merchantId: merchant.id,
      boatNumber: 'SLF 3307',
      ownerName: 'Tan Ah Kow',
    });
    for (const phone of DEMO_BUYER_PHONES) {
      await insertAccount(tx, { role: 'buyer', phone: e164(phone), passwordHash, createdAt: now });
    }
    return true;
  });
}
