// `npm run bench -- --wallet` (or `node bench/wallet.mjs`): the merchant wallet under load.
//   (a) withdrawal requests, 50 merchants at once: rounds of one request per merchant, each round
//       approved by the operator and followed by 24 h on the server's test clock, next to rounds of
//       GET /api/me by the same 50 sessions, interleaved, in the same run;
//   (b) the statement of a merchant with 100 000 ledger entries (first page, and filtered to
//       withdrawals) at 50 connections, next to GET /api/me at 50 connections.
// PGlite by default; BENCH_DATABASE_URL=postgres://… runs it on a fresh PostgreSQL database.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import {
  api,
  benchDatabase,
  cannon,
  cookieOf,
  figures,
  ok,
  printRow,
  signUp,
  waitHealthy,
} from './lib.mjs';

const root = path.resolve(import.meta.dirname, '..');
const MERCHANTS = Number(process.env.BENCH_WALLET_MERCHANTS ?? 50);
const ROUNDS = Number(process.env.BENCH_WALLET_ROUNDS ?? 20);
const ENTRIES = Number(process.env.BENCH_WALLET_ENTRIES ?? 100_000);
const DAY_MS = 24 * 60 * 60_000;
const PASSWORD = 'Demo@1234';
const OPERATOR_TOKEN = 'bench-wallet-operator-token';
const operator = { authorization: `Bearer ${OPERATOR_TOKEN}`, 'x-operator': 'bench' };

/** The q-quantile of latency samples, ms, to a tenth. */
const quantile = (samples, q) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const value = sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
  return Math.round(value * 10) / 10;
};

/** A merchant signed up through the SMS flow, with a verified bank account. */
async function newMerchant(base, n) {
  const phone = `+6019${1_000_000 + n}`;
  const registered = await signUp(base, 'merchant', phone, PASSWORD, operator);
  const cookie = cookieOf(registered.headers, 'sm_session');
  const id = (await ok(api(base, 'GET', '/api/me', { cookie }))).body.id;
  await ok(
    api(base, 'PUT', '/api/bank-account', {
      cookie,
      body: { bankCode: 'MBB', holderName: 'Bench Merchant', accountNumber: '5140 1234 5678' },
    }),
  );
  await ok(api(base, 'POST', `/api/operator/bank-accounts/${id}/verify`, { headers: operator }));
  return { id, cookie };
}

/**
 * `count` ledger entries for one merchant in one statement, oldest first, every balance_after the
 * running sum (the ledger's invariant), the balance never below zero: sales, fees, withdrawals and
 * deposits in a fixed pattern.
 */
const SEED_STATEMENT = `
  insert into wallet_entries (account_id, type, amount, balance_after, created_at)
  select $1::uuid, type, amount, (sum(amount) over (order by g))::bigint,
    now() - ($2::int - g) * interval '1 minute'
  from (
    select g,
      (case when g % 20 = 0 then 'withdrawal' when g % 20 in (7, 14) then 'deposit'
            when g % 2 = 1 then 'sales_revenue' else 'service_fee' end)::wallet_entry_type as type,
      (case when g % 20 = 0 then -(5000 + 1000 * (g % 7)) when g % 20 in (7, 14) then 1000 * (1 + g % 5)
            when g % 2 = 1 then 2000 * (1 + g % 13) else -100 * (1 + g % 13) end)::bigint as amount
    from generate_series(1, $2::int) g
  ) s
  order by g`;
const CHECK_STATEMENT = `
  select count(*)::int as n, min(balance_after)::bigint as low,
    count(*) filter (where balance_after <> running)::int as wrong,
    count(*) filter (where type = 'withdrawal')::int as withdrawals
  from (select type, balance_after, sum(amount) over (order by id) as running
        from wallet_entries where account_id = $1::uuid) e`;

async function seedStatement({ dataDir, url, merchantId }) {
  const started = performance.now();
  let check;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(SEED_STATEMENT, [merchantId, ENTRIES]);
    await client.query('analyze wallet_entries');
    check = (await client.query(CHECK_STATEMENT, [merchantId])).rows[0];
    await client.end();
  } else {
    const db = await PGlite.create(path.join(dataDir, 'db'));
    await db.query(SEED_STATEMENT, [merchantId, ENTRIES]);
    await db.query('analyze wallet_entries');
    check = (await db.query(CHECK_STATEMENT, [merchantId])).rows[0];
    await db.close();
  }
  if (check.n !== ENTRIES || check.wrong !== 0 || Number(check.low) < 0) {
    throw new Error(`seeded statement is not consistent: ${JSON.stringify(check)}`);
  }
  return { seconds: (performance.now() - started) / 1000, withdrawals: check.withdrawals };
}

/** Runs the wallet benchmarks; `record(area, metric, value, unit, budget, note)` prints a row. */
export async function benchWallet(record) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sm-bench-wallet-'));
  const { on, url, drop } = benchDatabase(`sm_bench_wallet_${process.pid}`);
  const port = 4496;
  const base = `http://127.0.0.1:${port}`;

  let server = null;
  const start = async () => {
    server = spawn(process.execPath, ['apps/server/dist/main.js'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        ...(url ? { DATABASE_URL: url } : {}),
        SEED_DEMO: 'false',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        TEST_CLOCK: 'true',
        WEB_CONCURRENCY: '1',
        OPERATOR_TOKEN,
        AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      },
    });
    await waitHealthy(`${base}/api/health`);
  };
  const stop = async () => {
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  };

  try {
    await start();
    // Sign-ups hash a password (scrypt); a few at a time is what the server lets through at once.
    const merchants = [];
    for (let i = 0; i < MERCHANTS; i += 4) {
      const batch = Array.from({ length: Math.min(4, MERCHANTS - i) }, (_, j) =>
        newMerchant(base, i + j),
      );
      merchants.push(...(await Promise.all(batch)));
    }
    await Promise.all(
      merchants.map((m) =>
        ok(
          api(base, 'POST', `/api/operator/wallets/${m.id}/credit`, {
            body: { amount: 1_000 * ROUNDS + 100_000 },
            headers: { ...operator, 'idempotency-key': randomUUID() },
          }),
        ),
      ),
    );
    const reader = await newMerchant(base, MERCHANTS);

    // (b) The statement: the server stops while the entries go in (PGlite is one process's).
    await stop();
    const seeded = await seedStatement({ dataDir, url, merchantId: reader.id });
    record(
      'wallet',
      `${on}: seed ${ENTRIES} ledger entries (one SQL statement)`,
      seeded.seconds.toFixed(1),
      's',
      null,
      `${seeded.withdrawals} withdrawals; balance_after checked against the running sum`,
    );
    await start();
    const wallet = await ok(api(base, 'GET', '/api/wallet', { cookie: reader.cookie }));
    const statement = await ok(
      api(base, 'GET', '/api/wallet/statement?limit=1', { cookie: reader.cookie }),
    );
    if (wallet.body.balance !== statement.body.items[0]?.balanceAfter) {
      throw new Error('balance is not the newest balance_after');
    }

    const headers = { cookie: reader.cookie };
    for (const [label, query, budget] of [
      ['reference: GET /api/me', '/api/me', null],
      ['statement, first page (30)', '/api/wallet/statement', 'p99 ≤ 50 ms'],
      ['statement, withdrawals only', '/api/wallet/statement?type=withdrawal', 'p99 ≤ 50 ms'],
    ]) {
      await cannon({ url: base + query, headers, duration: 2 }); // warm-up
      const r = figures(await cannon({ url: base + query, headers }));
      record(
        'wallet',
        `${on}: ${label}, 50 conns`,
        `${r.p50}/${r.p99}`,
        'ms',
        budget,
        `p50/p99, ${r.rps} req/s, ${r.non2xx} errors`,
      );
    }

    // (a) Withdrawals, 50 merchants at once, next to GET /api/me by the same 50 at once.
    const samples = { me: [], withdraw: [], approve: [] };
    const busy = { me: 0, withdraw: 0 };
    let refused = 0;
    const timed = async (bucket, request) => {
      const t = performance.now();
      const res = await request();
      samples[bucket].push(performance.now() - t);
      return res;
    };
    const wave = async (bucket, request) => {
      const t = performance.now();
      const answers = await Promise.all(merchants.map((m) => timed(bucket, () => request(m))));
      busy[bucket] += performance.now() - t;
      return answers;
    };
    // One untimed round of each, so that connections and caches are warm for both.
    await Promise.all(merchants.map((m) => api(base, 'GET', '/api/me', { cookie: m.cookie })));
    for (let round = 0; round < ROUNDS; round += 1) {
      await wave('me', (m) => ok(api(base, 'GET', '/api/me', { cookie: m.cookie })));
      const requested = await wave('withdraw', (m) =>
        api(base, 'POST', '/api/wallet/withdrawals', {
          cookie: m.cookie,
          body: { amount: 1_000 },
          headers: { 'idempotency-key': randomUUID() },
        }),
      );
      refused += requested.filter((r) => r.status !== 200).length;
      await Promise.all(
        requested
          .filter((r) => r.status === 200)
          .map((r) =>
            timed('approve', () =>
              ok(
                api(base, 'POST', `/api/operator/withdrawals/${r.body.id}/approve`, {
                  headers: operator,
                }),
              ),
            ),
          ),
      );
      await ok(
        api(base, 'POST', '/api/operator/test/clock', {
          body: { advanceMs: DAY_MS },
          headers: operator,
        }),
      );
    }
    const rate = (bucket) => Math.round(samples[bucket].length / (busy[bucket] / 1000));
    record(
      'wallet',
      `${on}: reference: GET /api/me, ${MERCHANTS} at once`,
      `${quantile(samples.me, 0.5)}/${quantile(samples.me, 0.99)}`,
      'ms',
      null,
      `p50/p99 of ${samples.me.length}, ${rate('me')} req/s`,
    );
    record(
      'wallet',
      `${on}: withdrawal request, ${MERCHANTS} merchants at once`,
      `${quantile(samples.withdraw, 0.5)}/${quantile(samples.withdraw, 0.99)}`,
      'ms',
      null,
      `p50/p99 of ${samples.withdraw.length}, ${rate('withdraw')} req/s, ${refused} refused`,
    );
    record(
      'wallet',
      `${on}: operator approval, ${MERCHANTS} at once`,
      `${quantile(samples.approve, 0.5)}/${quantile(samples.approve, 0.99)}`,
      'ms',
      null,
      `p50/p99 of ${samples.approve.length}`,
    );
  } finally {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
    drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildIfStale();
  const rows = [];
  await benchWallet((area, metric, value, unit, budget, note = '') => {
    const row = { area, metric, value, unit, budget, note };
    rows.push(row);
    printRow(row);
  });
  // Beside run.mjs's latest.*, one file per database, so a PGlite and a PostgreSQL run both stay.
  const out = path.join(root, 'bench/results');
  const name = `wallet-${process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite'}`;
  const at = new Date().toISOString();
  mkdirSync(out, { recursive: true });
  writeFileSync(
    path.join(out, `${name}.json`),
    `${JSON.stringify({ at, node: process.version, rows }, null, 2)}\n`,
  );
  const md = [
    `# Wallet benchmarks (${at}, Node ${process.version})`,
    '',
    '| area | metric | value | budget | note |',
    '|---|---|---|---|---|',
    ...rows.map(
      (r) => `| ${r.area} | ${r.metric} | ${r.value} ${r.unit} | ${r.budget ?? ''} | ${r.note} |`,
    ),
    '',
  ];
  writeFileSync(path.join(out, `${name}.md`), md.join('\n'));
  console.log(`\nWrote bench/results/${name}.json and ${name}.md`);
}
