import { randomUUID } from 'node:crypto';
import type { BuyerCover, OperatorBuyer } from '@sm/contract';
import { expect } from 'vitest';
import { insertBoat } from '../src/modules/boats/boats.repo.js';
import { setBusinessStatus } from '../src/modules/store/store.repo.js';
import { registerAccount } from './auctions.js';
import type { Client, TestApp } from './helpers.js';
import { operatorCall } from './wallet.js';

/** The E.164 phone of the account registerAccount(t, role, n) signs up. */
export const phoneOf = (n: number) => `+6019${String(n).padStart(7, '0')}`;

export interface Buyer {
  client: Client;
  id: string;
  phone: string;
}

/** Operator credit (Deposit) of `amount` sen to a buyer, by id or phone. */
export async function creditBuyer(t: TestApp, buyer: string, amount: number) {
  const res = await operatorCall(
    t,
    'POST',
    `/wallets/${encodeURIComponent(buyer)}/credit?role=buyer`,
    { amount },
    { 'idempotency-key': randomUUID() },
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { accountId: string; balance: number };
}

/** One of the operator's buyer calls (PRODUCT.md §4a), expected to succeed. */
export async function operatorBuyer(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT',
  buyer: string,
  action = '',
  body?: unknown,
): Promise<OperatorBuyer> {
  const res = await operatorCall(t, method, `/buyers/${encodeURIComponent(buyer)}${action}`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OperatorBuyer;
}

export const setCreditLimit = (t: TestApp, buyer: string, amount: number) =>
  operatorBuyer(t, 'PUT', buyer, '/credit-limit', { amount });

/**
 * A new buyer (019 and `n`) with `balance` sen credited by the operator and a credit limit of
 * `creditLimit` sen.
 */
export async function newBuyer(
  t: TestApp,
  n: number,
  { balance = 0, creditLimit = 0 }: { balance?: number; creditLimit?: number } = {},
): Promise<Buyer> {
  const client = await registerAccount(t, 'buyer', n);
  const phone = phoneOf(n);
  const id = ((await client.get('/api/buyer/me')).json() as { id: string }).id;
  if (balance > 0) await creditBuyer(t, id, balance);
  if (creditLimit > 0) await setCreditLimit(t, id, creditLimit);
  return { client, id, phone };
}

/** A new merchant (019 and `n`), verified, with a boat of its own: it may publish lots. */
export async function verifiedMerchant(t: TestApp, n: number) {
  const client = await registerAccount(t, 'merchant', n);
  const id = ((await client.get('/api/me')).json() as { id: string }).id;
  await setBusinessStatus(t.database.db, id, 'verified');
  await insertBoat(t.database.db, id, {
    boatNumber: `PKN ${n % 10_000}`,
    ownerName: 'Ali',
    imageMediaId: null,
  });
  return { client, id, phone: phoneOf(n) };
}

export async function coverOf(buyer: Client): Promise<BuyerCover> {
  const res = await buyer.get('/api/buyer/wallet');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { cover: BuyerCover }).cover;
}

export const bidOn = (buyer: Client, lotId: string, quantity: number, price: number) =>
  buyer.post(`/api/buyer/lots/${lotId}/bids`, { quantity, price });

export const buyOut = (buyer: Client, lotId: string) =>
  buyer.post(`/api/buyer/lots/${lotId}/buyout`);
