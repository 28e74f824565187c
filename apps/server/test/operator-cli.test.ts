import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/cli/seed.js';
import { openDatabase } from '../src/db/client.js';
import { TEST_PASSWORD_HASH_COST } from './helpers.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../..');
/**
 * The built CLI (build.mjs bundles it beside the server; the tests' global setup rebuilds a stale
 * bundle): through tsx, each of the five processes compiled the sources first, 90 s for this test
 * in CI beside the browser tests on two cores.
 */
const CLI = path.join(ROOT, 'apps/server/dist/cli/operator.js');

/**
 * The CLI as an operator runs it, on an embedded database no server holds: the commands build
 * the operator API in-process, so they answer and record exactly as the API does.
 */
describe('operator CLI', () => {
  let dataDir: string;
  const operator = async (...args: string[]) => {
    try {
      const { stdout } = await run(process.execPath, [CLI, ...args, '--as', 'cli-test'], {
        cwd: ROOT,
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          LOG_LEVEL: 'warn',
          PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST,
        },
      });
      return { code: 0, out: stdout };
    } catch (err) {
      const e = err as { code: number; stdout: string; stderr: string };
      return { code: e.code, out: e.stdout + e.stderr };
    }
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'sm-cli-'));
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
    await database.migrate();
    await seedDemo(database.db, { passwordHashCost: Number(TEST_PASSWORD_HASH_COST) });
    await database.close();
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('credits once per key, sets the fee rate, and audits who did it', async () => {
    const first = await operator('credit', '012-345', '6789', '250.00', '--key', 'cli-key-0001');
    expect(first.out).toContain('Credited RM 250.00');
    const again = await operator('credit', '012-345', '6789', '250.00', '--key', 'cli-key-0001');
    expect(again.out).toBe(first.out);
    expect((await operator('fee-rate', '4.5')).out).toContain('4.5 %');
    expect(await operator('verify-bank', '019-999 9999')).toMatchObject({
      code: 2,
      out: expect.stringContaining('NOT_FOUND'),
    });

    const audit = JSON.parse((await operator('audit', '--json')).out) as {
      items: { operator: string; action: string }[];
    };
    expect(audit.items.map((a) => [a.operator, a.action])).toEqual([
      ['cli-test', 'service_fee.set'],
      ['cli-test', 'wallet.credit'],
    ]);
    // Five CLI processes, each opening PGlite: slow beside the browser tests on two cores.
  }, 300_000);
});
