import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DB_KINDS } from '../../../test/helpers.js';
import {
  callJson,
  HttpClient,
  PROCESS_OPERATOR_TOKEN,
  registerOverHttp,
  twoServersOnPostgres,
} from '../../../test/processes.js';

const operator = { authorization: `Bearer ${PROCESS_OPERATOR_TOKEN}`, 'x-operator': 'racer' };

/**
 * Withdrawals under real concurrency (PRODUCT.md §6): many requests of one merchant at once,
 * split across two server processes on one PostgreSQL, and operators racing to review the same
 * withdrawal. Only PostgreSQL can be shared by two processes, so this runs when it is there.
 */
describe.runIf(DB_KINDS.includes('postgres'))('withdrawals across two server processes', () => {
  let phone = 3_000_000;
  const processes = twoServersOnPostgres({
    prefix: 'sm-wallet-race-',
    env: {
      SEED_DEMO: 'false',
      // Two pools of 10: enough to have many transactions queue on one wallet's lock at once,
      // and room on a default max_connections for the other test files running beside this one.
      DB_POOL_MAX: '10',
    },
  });
  const { via } = processes;
  const call = callJson;

  /** A merchant signed up through process A, with a verified bank account and `amount` sen. */
  async function merchantWithMoney(amount: number) {
    const client = new HttpClient(via(0));
    const ops = new HttpClient(via(0));
    await registerOverHttp(client, 'merchant', `+6019${(phone += 1)}`, 'Demo@1234');
    const id = (await call(client, 'GET', '/api/me')).body.id as string;
    const bank = await call(client, 'PUT', '/api/bank-account', {
      bankCode: 'MBB',
      holderName: 'Tan Ah Kow',
      accountNumber: '5140 1234 5678',
    });
    expect(bank.status).toBe(200);
    expect(
      (await call(ops, 'POST', `/api/operator/bank-accounts/${id}/verify`, undefined, operator))
        .status,
    ).toBe(200);
    const credited = await call(
      ops,
      'POST',
      `/api/operator/wallets/${id}/credit`,
      { amount },
      { ...operator, 'idempotency-key': randomUUID() },
    );
    expect(credited.status).toBe(200);
    return { client, id };
  }

  const withdraw = (client: HttpClient, base: string, amount: number, key: string) =>
    call(
      client.at(base),
      'POST',
      '/api/wallet/withdrawals',
      { amount },
      { 'idempotency-key': key },
    );

  const count = async (query: string, params: unknown[]) =>
    Number((await processes.sql.query<{ n: string }>(query, params)).rows[0]?.n);

  /** What the database holds for one merchant: the ledger and the withdrawals. */
  async function ledgerOf(merchantId: string) {
    const { rows } = await processes.sql.query<{
      type: string;
      amount: string;
      balance_after: string;
    }>('select type, amount, balance_after from wallet_entries where account_id = $1 order by id', [
      merchantId,
    ]);
    let running = 0;
    for (const row of rows) {
      running += Number(row.amount);
      expect(Number(row.balance_after)).toBe(running);
    }
    return {
      types: rows.map((r) => r.type),
      balance: running,
      withdrawals: await count('select count(*) as n from withdrawals where merchant_id = $1', [
        merchantId,
      ]),
      pending: await count(
        "select count(*) as n from withdrawals where merchant_id = $1 and status = 'pending'",
        [merchantId],
      ),
    };
  }

  it('100 requests at once, each with its own key: one Pending withdrawal, 99 refused', async () => {
    const { client, id } = await merchantWithMoney(100_000);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => withdraw(client, via(i), 5_000, randomUUID())),
    );
    const ok = answers.filter((a) => a.status === 200);
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(ok).toHaveLength(1);
    expect(ok[0]?.body).toMatchObject({ amount: 5_000, status: 'pending' });
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(99);
    expect(new Set(refused.map((a) => `${a.status} ${String(a.body.code)}`))).toEqual(
      new Set(['409 WITHDRAWAL_PENDING']),
    );

    expect(await ledgerOf(id)).toEqual({
      types: ['deposit', 'withdrawal'],
      balance: 95_000,
      withdrawals: 1,
      pending: 1,
    });
    for (const s of processes.servers) {
      const wallet = await call(client.at(s.base), 'GET', '/api/wallet');
      expect(wallet.body).toMatchObject({
        balance: 95_000,
        pendingWithdrawal: { id: ok[0]?.body.id },
      });
    }
  }, 60_000);

  it('20 requests at once with one key: the same answer to all, one debit', async () => {
    const { client, id } = await merchantWithMoney(100_000);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => withdraw(client, via(i), 12_345, key)),
    );
    const first = answers[0];
    expect(first?.status, JSON.stringify(first?.body)).toBe(200);
    expect(first?.body).toMatchObject({ amount: 12_345, status: 'pending' });
    // Byte for byte: the replayed answers come from the stored first one.
    expect(new Set(answers.map((a) => `${a.status} ${JSON.stringify(a.body)}`)).size).toBe(1);
    expect(await ledgerOf(id)).toEqual({
      types: ['deposit', 'withdrawal'],
      balance: 100_000 - 12_345,
      withdrawals: 1,
      pending: 1,
    });
  }, 60_000);

  it('operators racing to review one withdrawal: one decision wins, a refund at most once', async () => {
    // Each round: the decisions sent at once, alternating between the two processes.
    const rounds: ('approve' | 'reject')[][] = [
      ['approve', 'reject'],
      ['reject', 'approve'],
      ['approve', 'approve'],
      ['reject', 'reject'],
      ['approve', 'reject', 'approve', 'reject', 'approve', 'reject', 'approve', 'reject'],
      ['reject', 'reject', 'reject', 'reject', 'approve', 'approve', 'approve', 'approve'],
    ];
    const merchants = await Promise.all(rounds.map(() => merchantWithMoney(50_000)));
    const ops = new HttpClient(via(0));
    for (const [r, decisions] of rounds.entries()) {
      const { client, id } = merchants[r]!;
      const requested = await withdraw(client, via(r), 10_000, randomUUID());
      expect(requested.status).toBe(200);
      const withdrawalId = requested.body.id as string;

      const answers = await Promise.all(
        decisions.map((decision, i) =>
          call(
            ops.at(via(i + r)),
            'POST',
            `/api/operator/withdrawals/${withdrawalId}/${decision}`,
            decision === 'reject' ? { reason: 'Account closed' } : undefined,
            operator,
          ),
        ),
      );
      const { rows } = await processes.sql.query<{ status: string }>(
        'select status from withdrawals where id = $1',
        [withdrawalId],
      );
      const won = rows[0]?.status === 'completed' ? 'approve' : 'reject';
      expect(rows[0]?.status).not.toBe('pending');
      const label = `round ${r}: ${decisions.join(', ')}; ${won} won`;
      for (const [i, answer] of answers.entries()) {
        if (decisions[i] === won) {
          expect(answer.status, label).toBe(200);
          expect(answer.body, label).toMatchObject({
            id: withdrawalId,
            status: rows[0]?.status,
          });
        } else {
          expect(answer, label).toMatchObject({ status: 409, body: { code: 'ALREADY_REVIEWED' } });
        }
      }
      // The winner's answer is the one state everyone who asked for it saw.
      const wins = answers.filter((_, i) => decisions[i] === won);
      for (const a of wins) expect(a.body, label).toEqual(wins[0]?.body);

      const ledger = await ledgerOf(id);
      expect(ledger, label).toEqual(
        won === 'reject'
          ? {
              types: ['deposit', 'withdrawal', 'refund_received'],
              balance: 50_000,
              withdrawals: 1,
              pending: 0,
            }
          : { types: ['deposit', 'withdrawal'], balance: 40_000, withdrawals: 1, pending: 0 },
      );
      // One review recorded, whatever the number of racers.
      expect(
        await count(
          "select count(*) as n from operator_actions where target_type = 'withdrawal' and target_id = $1",
          [withdrawalId],
        ),
        label,
      ).toBe(1);
    }
  }, 90_000);
});
