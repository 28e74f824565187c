import type { BusinessStatus } from '@sm/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  accounts,
  businessDocuments,
  merchants,
  operatorActions,
  stores,
  walletEntries,
} from '../../db/schema.js';

export async function insertAction(
  tx: Tx,
  action: Omit<typeof operatorActions.$inferInsert, 'id'>,
) {
  await tx.insert(operatorActions).values(action);
}

export async function latestActions(tx: Tx, limit: number) {
  return tx.select().from(operatorActions).orderBy(desc(operatorActions.id)).limit(limit);
}

export async function accountPhone(tx: Tx, id: string) {
  const [row] = await tx
    .select({ phone: accounts.phone })
    .from(accounts)
    .where(eq(accounts.id, id));
  return row?.phone ?? null;
}

export async function accountRole(tx: Tx, id: string) {
  const [row] = await tx.select({ role: accounts.role }).from(accounts).where(eq(accounts.id, id));
  return row?.role ?? null;
}

/** Merchants with their business status and balance (the newest ledger entry's balance_after). */
export async function listMerchants(
  tx: Tx,
  options: { merchantId?: string; businessStatus?: BusinessStatus; limit: number },
) {
  return tx
    .select({
      merchantId: merchants.accountId,
      merchantPhone: accounts.phone,
      storeName: stores.name,
      businessStatus: merchants.businessStatus,
      businessRejectReason: merchants.businessRejectReason,
      ssmSubmittedAt: sql<Date | null>`(select max(${businessDocuments.createdAt})
        from ${businessDocuments} where ${businessDocuments.merchantId} = ${merchants.accountId})`.mapWith(
        businessDocuments.createdAt,
      ),
      createdAt: accounts.createdAt,
      balance: sql<number>`coalesce((select ${walletEntries.balanceAfter} from ${walletEntries}
        where ${walletEntries.accountId} = ${merchants.accountId}
        order by ${walletEntries.id} desc limit 1), 0)`.mapWith(Number),
    })
    .from(merchants)
    .innerJoin(accounts, eq(accounts.id, merchants.accountId))
    .leftJoin(stores, eq(stores.merchantId, merchants.accountId))
    .where(
      and(
        options.merchantId ? eq(merchants.accountId, options.merchantId) : undefined,
        options.businessStatus ? eq(merchants.businessStatus, options.businessStatus) : undefined,
      ),
    )
    .orderBy(desc(accounts.createdAt))
    .limit(options.limit);
}

export type MerchantListRow = Awaited<ReturnType<typeof listMerchants>>[number];
