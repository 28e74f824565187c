import { randomUUID } from 'node:crypto';
import type { MerchantWalletResponse } from '@sm/contract';
import { expect } from 'vitest';
import { registerAccount } from './auctions.js';
import { type Client, TEST_OPERATOR_TOKEN, type TestApp } from './helpers.js';

/** A call to the operator API, as the CLI makes it (token and name). */
export async function operatorCall(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url: `/api/operator${url}`,
    ...(body === undefined ? {} : { payload: body as object }),
    headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}`, 'x-operator': 'tester', ...headers },
  });
}

/** Operator credit (Deposit) of `amount` sen to a merchant, by id or phone. */
export async function credit(t: TestApp, merchant: string, amount: number) {
  const res = await operatorCall(
    t,
    'POST',
    `/wallets/${encodeURIComponent(merchant)}/credit`,
    { amount },
    { 'idempotency-key': randomUUID() },
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { accountId: string; balance: number };
}

export const ACCOUNT_NUMBER = '5140 1234 5678';

/** Saves a bank account and has the operator verify it. */
async function verifiedBank(t: TestApp, merchant: Client, merchantId: string) {
  const saved = await merchant.request('PUT', '/api/bank-account', {
    bankCode: 'MBB',
    holderName: 'Tan Ah Kow',
    accountNumber: ACCOUNT_NUMBER,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const verified = await operatorCall(t, 'POST', `/bank-accounts/${merchantId}/verify`);
  expect(verified.statusCode, verified.body).toBe(200);
}

/** A new merchant (019 and `n`) with a verified bank account and `amount` sen in the wallet. */
export async function merchantWithMoney(t: TestApp, n: number, amount: number) {
  const client = await registerAccount(t, 'merchant', n);
  const me = (await client.get('/api/me')).json() as { id: string };
  await verifiedBank(t, client, me.id);
  if (amount > 0) await credit(t, me.id, amount);
  return { client, id: me.id };
}

export function withdraw(merchant: Client, amount: unknown, key: string = randomUUID()) {
  return merchant.request(
    'POST',
    '/api/wallet/withdrawals',
    { amount },
    { 'idempotency-key': key },
  );
}

export async function walletOf(merchant: Client): Promise<MerchantWalletResponse> {
  const res = await merchant.get('/api/wallet');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MerchantWalletResponse;
}
