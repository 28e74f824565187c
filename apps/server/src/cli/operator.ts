import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../config.js';
import { openDatabase } from '../db/client.js';
import { listOutbox } from '../modules/auth/auth.repo.js';
import { smsOutboxQuery, type SmsOutboxItem } from '@sm/contract';
import { readOperatorToken, runningServerPort } from '../lib/runtime-files.js';

const USAGE = `Operator commands: npm run operator -- <command> [options]

  sms-outbox [--phone 012-345 6789] [--limit 20]
      The latest codes written by the development SMS sender, newest first.

With the embedded database, a running server owns the data directory, so the command goes
through the server's operator API (token from OPERATOR_TOKEN, or the one the server wrote to DATA_DIR/operator-token).
With DATABASE_URL it reads the database directly.`;

/** The server that holds the embedded database, if one is running. */
async function runningServer(config: Config): Promise<{ port: number } | null> {
  if (config.databaseUrl) return null;
  const port = await runningServerPort(config.dataDir);
  return port === null ? null : { port };
}

async function smsOutbox(config: Config, args: string[]): Promise<SmsOutboxItem[]> {
  const { values } = parseArgs({
    args,
    options: { phone: { type: 'string' }, limit: { type: 'string' } },
  });
  const query = smsOutboxQuery.parse({ phone: values.phone, limit: values.limit });
  const server = await runningServer(config);
  if (server) {
    const token = config.operatorToken ?? (await readOperatorToken(config.dataDir));
    if (!token) throw new Error(`No operator token: set OPERATOR_TOKEN or start the server once.`);
    const params = new URLSearchParams({
      limit: String(query.limit),
      ...(query.phone ? { phone: query.phone } : {}),
    });
    const res = await fetch(`http://127.0.0.1:${server.port}/api/operator/sms-outbox?${params}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok) throw new Error(`server answered ${res.status}: ${await res.text()}`);
    return ((await res.json()) as { items: SmsOutboxItem[] }).items;
  }
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl, poolMax: 2 })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'db') });
  try {
    await database.migrate();
    const rows = await listOutbox(database.db, query);
    return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  } finally {
    await database.close();
  }
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  const config = loadConfig();
  switch (command) {
    case 'sms-outbox': {
      const items = await smsOutbox(config, args);
      if (items.length === 0) console.log('No SMS sent yet.');
      for (const i of items)
        console.log(`${i.createdAt}  ${i.phone}  ${i.purpose.padEnd(8)}  ${i.code}`);
      return;
    }
    case undefined:
    case 'help':
    case '--help':
      console.log(USAGE);
      return;
    default:
      console.error(`Unknown command: ${command}\n\n${USAGE}`);
      process.exitCode = 2;
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
});
