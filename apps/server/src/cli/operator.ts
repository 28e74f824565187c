import { randomBytes, randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import {
  type AuditEntry,
  type BankAccount,
  formatMalaysianMobile,
  formatRM,
  type OperatorBankAccount,
  type OperatorBuyer,
  type OperatorMerchant,
  type OperatorWithdrawal,
  parseRM,
  type PayoutRunResult,
  type SmsOutboxItem,
  type Withdrawal,
} from '@sm/contract';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openConfiguredDatabase } from '../db/client.js';
import { readOperatorToken, runningServerPort } from '../lib/runtime-files.js';
import { resolveSecrets } from '../modules/system/settings.service.js';

const USAGE = `Operator commands: npm run operator -- <command> [options]

  withdrawals [--status pending|completed|rejected|all]   (default: pending, oldest first)
  approve-withdrawal <withdrawal id>          the money was sent: Completed
  reject-withdrawal <withdrawal id> --reason "…"   the amount returns as Refund Received

  bank-accounts [--status unverified|verified|rejected|all]   (default: unverified)
  verify-bank <merchant id or phone>
  reject-bank <merchant id or phone> --reason "…"

  merchants [--status unverified|pending|verified|rejected]
  ssm-document <merchant id or phone> --out <file>   save the latest SSM document to read it
  verify-business <merchant id or phone>
  reject-business <merchant id or phone> --reason "…"

  credit <merchant id or phone> <amount RM> [--buyer] [--note "…"] [--key K]
      A Deposit into the wallet (--buyer: a buyer's phone). Repeat with the same --key to
      retry safely: it credits once.
  buyer <buyer id or phone>                    cover, record, suspension, links
  credit-limit <buyer id or phone> <amount RM>  how far it may bid beyond its balance (0: none)
  suspend-buyer <buyer id or phone> --reason "…"   it cannot bid or buy out
  unsuspend-buyer <buyer id or phone>
  link-buyer <buyer id or phone> --merchant <merchant id or phone>
      the same party: the buyer may not bid on that merchant's lots
  unlink-buyer <buyer id or phone>

  fee-rate [<percent>]       show, or set for new orders (e.g. 5 or 4.5)
  payouts                    run today's payout run now (it also runs by itself after 00:00 KL)
  audit [--limit 50]         the latest operator actions, with before and after
  sms-outbox [--phone 012-345 6789] [--limit 20]

Every command takes --as <name> (recorded as who acted; default: your user name) and --json.

With the embedded database, a running server owns the data directory, so the command goes
through the server's operator API (token from OPERATOR_TOKEN, or the one the server wrote to
DATA_DIR/operator-token); with no server running, or with DATABASE_URL, it runs the same API
in this process against the database.`;

interface Answer {
  status: number;
  body: unknown;
}
type Call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<Answer>;
/** A GET whose answer is a file: its bytes as they are, not parsed. */
type Download = (url: string) => Promise<{ status: number; bytes: Buffer }>;

/**
 * The operator API, wherever it is: over HTTP from the server that owns the embedded database,
 * or built here (the very same routes and rules) when no server holds it.
 */
async function openOperatorApi(
  config: Config,
): Promise<{ call: Call; download: Download; close(): Promise<void> }> {
  const port = config.databaseUrl ? null : await runningServerPort(config.dataDir);
  if (port !== null) {
    const token = config.operatorToken ?? (await readOperatorToken(config.dataDir));
    if (!token) throw new Error('No operator token: set OPERATOR_TOKEN or start the server once.');
    return {
      call: async (method, url, body, headers = {}) => {
        const res = await fetch(`http://127.0.0.1:${port}/api/operator${url}`, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...headers,
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        const text = await res.text();
        return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
      },
      download: async (url) => {
        const res = await fetch(`http://127.0.0.1:${port}/api/operator${url}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
      },
      close: async () => {},
    };
  }
  const database = await openConfiguredDatabase(config, 2);
  await database.migrate();
  // A token for this process only: nothing listens, requests are injected.
  const token = randomBytes(32).toString('base64url');
  const secrets = await resolveSecrets(database.db, { ...config, operatorToken: token });
  const app = await buildApp({ ...config, logLevel: 'warn' }, { database, secrets });
  return {
    call: async (method, url, body, headers = {}) => {
      const res = await app.inject({
        method,
        url: `/api/operator${url}`,
        headers: { authorization: `Bearer ${token}`, ...headers },
        ...(body === undefined ? {} : { payload: body as object }),
      });
      return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as unknown) : null };
    },
    download: async (url) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/operator${url}`,
        headers: { authorization: `Bearer ${token}` },
      });
      return { status: res.statusCode, bytes: res.rawPayload };
    },
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

class CommandError extends Error {}

/** A rate typed in percent (`5`, `4.5`, `4.5%`) as basis points. */
function feeRateBps(given: string): number {
  const percent = Number(given.replace(/%$/, ''));
  const rateBps = Math.round(percent * 100);
  if (!Number.isFinite(percent) || Math.abs(percent * 100 - rateBps) > 1e-6) {
    throw new CommandError('Give the rate in percent with at most 2 decimals, e.g. 5 or 4.5');
  }
  return rateBps;
}

const table = (rows: string[][]) => {
  if (rows.length === 0) return;
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  for (const r of rows)
    console.log(
      r
        .map((c, i) => c.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    );
};
const day = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : '-');
const phone = (e164: string) => formatMalaysianMobile(e164);

function describeBuyer(b: OperatorBuyer): string {
  const { cover, record } = b;
  return [
    `Buyer ${phone(b.phone)}${b.name ? ` (${b.name})` : ''}  ${b.id}`,
    `  balance ${formatRM(cover.balance)} + credit limit ${formatRM(cover.creditLimit)} − exposure ${formatRM(cover.exposure)} = ${formatRM(cover.available)} available`,
    `  record: ${record.ordersPaid} paid, ${record.paidOnTime} on time, ${record.defaults} defaults`,
    `  ${b.suspendedAt ? `SUSPENDED since ${day(b.suspendedAt)}: ${b.suspendedReason ?? ''}` : 'may bid'}`,
    ...(b.linkedMerchant ? [`  linked to merchant ${phone(b.linkedMerchant.phone)}`] : []),
    ...(b.samePhoneMerchantId ? ['  a merchant account has the same phone'] : []),
  ].join('\n');
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  if (command === undefined || command === 'help' || command === '--help') {
    console.log(USAGE);
    return;
  }
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      as: { type: 'string' },
      json: { type: 'boolean' },
      status: { type: 'string' },
      reason: { type: 'string' },
      buyer: { type: 'boolean' },
      note: { type: 'string' },
      key: { type: 'string' },
      limit: { type: 'string' },
      phone: { type: 'string' },
      out: { type: 'string' },
      merchant: { type: 'string' },
    },
  });
  const who = values.as ?? userInfo().username;
  const actor = { 'x-operator': who };
  // A phone may be typed with spaces (`012-345 6789`), so the words of a merchant or account
  // reference are joined back; a command's own last argument (credit's amount) is left out.
  const withAmount = command === 'credit' || command === 'credit-limit';
  const subject = positionals.slice(0, withAmount ? -1 : undefined).join(' ');
  const arg = (name: string) => {
    if (!subject) throw new CommandError(`Missing ${name}.\n\n${USAGE}`);
    return encodeURIComponent(subject);
  };
  const reason = () => {
    if (!values.reason?.trim()) throw new CommandError('Give the reason: --reason "…"');
    return { reason: values.reason };
  };
  const query = (params: Record<string, string | undefined>) => {
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v && v !== 'all') search.set(k, v);
    const text = search.toString();
    return text ? `?${text}` : '';
  };

  const api = await openOperatorApi(loadConfig());
  try {
    const call = async (...args: Parameters<Call>) => {
      const answer = await api.call(...args);
      if (answer.status >= 400) {
        const err = answer.body as { code?: string; message?: string } | null;
        throw new CommandError(`${err?.code ?? answer.status}: ${err?.message ?? 'failed'}`);
      }
      if (values.json) console.log(JSON.stringify(answer.body, null, 2));
      return answer.body;
    };
    /** What a command says when it is done; with --json, the answer printed is all. */
    const say = (text: string) => {
      if (!values.json) console.log(text);
    };
    /** A list command: `print` shows the rows; `empty` says there are none. */
    const list = async <T>(url: string, empty: string, print: (rows: T[]) => void) => {
      const { items } = (await call('GET', url)) as { items: T[] };
      if (values.json) return;
      if (items.length === 0) console.log(empty);
      else print(items);
    };
    /** approve-…, verify-… or reject-… (with its --reason): the command's verb ends the path. */
    const review = async <T>(path: string) => {
      const verb = command.slice(0, command.indexOf('-'));
      const body = verb === 'reject' ? reason() : undefined;
      return (await call('POST', `${path}/${verb}`, body, actor)) as T;
    };

    switch (command) {
      case 'withdrawals': {
        const status = values.status ?? 'pending';
        await list<OperatorWithdrawal>(
          `/withdrawals${query({ status, limit: values.limit })}`,
          `No ${status === 'all' ? '' : `${status} `}withdrawals.`,
          (rows) =>
            table(
              rows.map((w) => [
                w.id,
                w.status,
                formatRM(w.amount),
                phone(w.merchantPhone),
                w.storeName ?? '',
                `${w.bankName} ${w.accountNumber} (${w.holderName})`,
                day(w.requestedAt),
              ]),
            ),
        );
        return;
      }
      case 'approve-withdrawal':
      case 'reject-withdrawal': {
        const w = await review<Withdrawal>(`/withdrawals/${arg('withdrawal id')}`);
        say(`Withdrawal ${subject}: ${w.status} (${formatRM(w.amount)}).`);
        return;
      }
      case 'bank-accounts': {
        const status = values.status ?? 'unverified';
        await list<OperatorBankAccount>(
          `/bank-accounts${query({ status, limit: values.limit })}`,
          `No ${status === 'all' ? '' : `${status} `}bank accounts.`,
          (rows) =>
            table(
              rows.map((b) => [
                b.merchantId,
                phone(b.merchantPhone),
                b.storeName ?? '',
                b.bankName,
                b.accountNumber,
                b.holderName,
                b.status + (b.rejectReason ? `: ${b.rejectReason}` : ''),
              ]),
            ),
        );
        return;
      }
      case 'verify-bank':
      case 'reject-bank': {
        const b = await review<BankAccount>(`/bank-accounts/${arg('merchant id or phone')}`);
        say(`Bank account of ${subject}: ${b.status}.`);
        return;
      }
      case 'merchants': {
        await list<OperatorMerchant>(
          `/merchants${query({ businessStatus: values.status, limit: values.limit })}`,
          'No merchants.',
          (rows) =>
            table(
              rows.map((m) => [
                m.merchantId,
                phone(m.merchantPhone),
                m.storeName ?? '',
                m.businessStatus + (m.businessRejectReason ? `: ${m.businessRejectReason}` : ''),
                m.ssmSubmittedAt ? `SSM ${day(m.ssmSubmittedAt)}` : 'no SSM',
                formatRM(m.balance),
              ]),
            ),
        );
        return;
      }
      case 'ssm-document': {
        if (!values.out) throw new CommandError('Give the file to write: --out <file>');
        const { status, bytes } = await api.download(
          `/merchants/${arg('merchant id or phone')}/ssm-document`,
        );
        if (status >= 400) {
          const code = /"code":"(\w+)"/.exec(bytes.toString('utf8'))?.[1] ?? status;
          throw new CommandError(`${code}: no SSM document for ${subject}`);
        }
        await writeFile(values.out, bytes);
        say(`SSM document of ${subject}: ${bytes.length} bytes written to ${values.out}.`);
        return;
      }
      case 'verify-business':
      case 'reject-business': {
        const m = await review<OperatorMerchant>(
          `/merchants/${arg('merchant id or phone')}/business`,
        );
        say(`Business status of ${subject}: ${m.businessStatus}.`);
        return;
      }
      case 'credit': {
        const account = arg('merchant id or phone');
        const amount = parseRM(positionals.at(-1) ?? '');
        if (amount === null || amount <= 0) {
          throw new CommandError('Give the amount in RM with at most 2 decimals, e.g. 250.00');
        }
        const key = values.key ?? randomUUID();
        const role = values.buyer ? 'buyer' : 'merchant';
        const result = (await call(
          'POST',
          `/wallets/${account}/credit?role=${role}`,
          { amount, ...(values.note ? { note: values.note } : {}) },
          { ...actor, 'idempotency-key': key },
        )) as { balance: number };
        say(
          `Credited ${formatRM(amount)} to ${subject}: balance ${formatRM(result.balance)} (key ${key}).`,
        );
        return;
      }
      case 'buyer':
      case 'credit-limit':
      case 'suspend-buyer':
      case 'unsuspend-buyer':
      case 'link-buyer':
      case 'unlink-buyer': {
        const path = `/buyers/${arg('buyer id or phone')}`;
        let b: OperatorBuyer;
        if (command === 'buyer') b = (await call('GET', path)) as OperatorBuyer;
        else if (command === 'credit-limit') {
          const amount = parseRM(positionals.at(-1) ?? '');
          if (amount === null) {
            throw new CommandError('Give the credit limit in RM with at most 2 decimals, e.g. 500');
          }
          b = (await call('PUT', `${path}/credit-limit`, { amount }, actor)) as OperatorBuyer;
        } else if (command === 'suspend-buyer') {
          b = (await call('POST', `${path}/suspend`, reason(), actor)) as OperatorBuyer;
        } else if (command === 'unsuspend-buyer') {
          b = (await call('POST', `${path}/unsuspend`, undefined, actor)) as OperatorBuyer;
        } else {
          if (command === 'link-buyer' && !values.merchant?.trim()) {
            throw new CommandError('Give the merchant: --merchant <merchant id or phone>');
          }
          const merchant = command === 'link-buyer' ? (values.merchant ?? null) : null;
          b = (await call('PUT', `${path}/merchant-link`, { merchant }, actor)) as OperatorBuyer;
        }
        say(describeBuyer(b));
        return;
      }
      case 'fee-rate': {
        const given = positionals[0];
        // Setting answers the rate set, so showing it needs no second request.
        const { rateBps } = (
          given === undefined
            ? await call('GET', '/service-fee')
            : await call('PUT', '/service-fee', { rateBps: feeRateBps(given) }, actor)
        ) as { rateBps: number };
        say(`Service fee on new orders: ${rateBps / 100} %.`);
        return;
      }
      case 'payouts': {
        const r = (await call('POST', '/payouts/run', undefined, actor)) as PayoutRunResult;
        say(
          `Payout run for ${r.day}: ${r.completed} orders paid out (${formatRM(r.paidOut)} net), ${r.scheduled} scheduled for tomorrow.`,
        );
        return;
      }
      case 'audit': {
        await list<AuditEntry>(
          `/audit${query({ limit: values.limit })}`,
          'No operator actions yet.',
          (rows) => {
            for (const a of rows) {
              console.log(
                `${day(a.at)}  ${a.operator}  ${a.action}  ${a.targetType} ${a.targetId}`,
              );
              console.log(`    before ${JSON.stringify(a.before)}`);
              console.log(`    after  ${JSON.stringify(a.after)}`);
            }
          },
        );
        return;
      }
      case 'sms-outbox': {
        await list<SmsOutboxItem>(
          `/sms-outbox${query({ phone: values.phone, limit: values.limit })}`,
          'No SMS sent yet.',
          (rows) => {
            for (const i of rows)
              console.log(`${i.createdAt}  ${i.phone}  ${i.purpose.padEnd(8)}  ${i.code}`);
          },
        );
        return;
      }
      default:
        throw new CommandError(`Unknown command: ${command}\n\n${USAGE}`);
    }
  } finally {
    await api.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = err instanceof CommandError ? 2 : 1;
});
