import { normalizeMalaysianMobile } from '@sm/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { passwordHasher } from '../lib/crypto.js';
import { countAccounts, insertAccount } from '../modules/auth/auth.repo.js';
import { postEntry } from '../modules/wallet/wallet.ledger.js';
import { upsertBankAccount } from '../modules/bank/bank.repo.js';
import { insertBoat, insertColdRoom, setHasColdRoom } from '../modules/boats/boats.repo.js';
import { insertStore, setBusinessStatus } from '../modules/store/store.repo.js';

export const DEMO_PASSWORD = 'Demo@1234';
export const DEMO_MERCHANT_PHONE = '012-345 6789';
const SEED_LOCK = 72_320_002;
export const DEMO_BUYER_PHONES = ['013-000 0001', '013-000 0002', '013-000 0003'];
/** Names of the demo buyers, as a Malaysian fish market would see them on orders and invoices. */
const DEMO_BUYER_NAMES = [
  '陈记海鲜 Tan Kee Seafood',
  'Restoran Seri Melaka',
  'Siti Aminah binti Yusof',
];
/** What each demo buyer starts with in the wallet: RM 20,000. */
const DEMO_BUYER_CREDIT = 2_000_000;

const e164 = (phone: string) => {
  const value = normalizeMalaysianMobile(phone);
  if (!value) throw new Error(`demo phone ${phone} is not a Malaysian mobile`);
  return value;
};

/**
 * PRODUCT.md §9: only into an empty database. Returns whether it seeded. The demo passwords are
 * hashed at the configuration's cost, as a sign-up's would be.
 */
export async function seedDemo(
  db: Db,
  { passwordHashCost, now = new Date() }: { passwordHashCost: number; now?: Date },
): Promise<boolean> {
  if ((await countAccounts(db)) > 0) return false;
  const passwordHash = await passwordHasher(passwordHashCost).hash(DEMO_PASSWORD);
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
      // Made-up tax details in the formats LHDN uses, so the demo can build e-invoices.
      tin: 'C20880050010',
      registrationNumber: '202001234567',
      sstNumber: null,
      msicCode: '46312',
      businessActivity: 'Wholesale of fish and other seafood',
      addressLines: ['Jeti Nelayan, Jalan Klinik'],
      city: 'Kuala Selangor',
      postcode: '45000',
      stateCode: '10',
    });
    await insertBoat(tx, merchant.id, {
      boatNumber: 'SLF 4521',
      ownerName: 'Ahmad bin Ismail',
      imageMediaId: null,
    });
    await insertBoat(tx, merchant.id, {
      boatNumber: 'SLF 3307',
      ownerName: 'Tan Ah Kow',
      imageMediaId: null,
    });
    // A named cold room, so a room the merchant adds unnamed is still 'Cold Room 1'.
    await setHasColdRoom(tx, merchant.id, true);
    await insertColdRoom(tx, merchant.id, {
      name: 'Bilik Sejuk Jeti',
      ownerName: 'Ahmad bin Ismail',
      imageMediaId: null,
      active: true,
    });
    // A verified account, so that the demo's wallet can withdraw once orders have paid out.
    await upsertBankAccount(tx, {
      merchantId: merchant.id,
      bankCode: 'MBB',
      holderName: 'Kuala Selangor Fresh Catch Enterprise',
      accountNumber: '512345678901',
      status: 'verified',
      createdAt: now,
      updatedAt: now,
    });
    for (const [i, phone] of DEMO_BUYER_PHONES.entries()) {
      const buyer = await insertAccount(
        tx,
        { role: 'buyer', phone: e164(phone), passwordHash, createdAt: now },
        DEMO_BUYER_NAMES[i] ?? null,
      );
      await postEntry(tx, {
        accountId: buyer.id,
        type: 'deposit',
        amount: DEMO_BUYER_CREDIT,
        createdAt: now,
      });
    }
    return true;
  });
}
