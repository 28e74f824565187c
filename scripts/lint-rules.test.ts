/**
 * Proof that the layout rules of eslint.config.js still bite: each case plants one violation and
 * expects ESLint to report it with that rule, and each allowed counterpart expects silence (so a
 * rule that flags everything fails too). One ESLint instance, code linted as text under the path of
 * an existing file: the type-aware rules only read files their tsconfig includes, and nothing is
 * written to disk.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const modules = 'apps/server/src/modules';
/** Any file of the zone will do: its content is replaced by the planted code. */
const SERVICE = `${modules}/auctions/auctions.service.ts`;
const REPO = `${modules}/buyers/buyers.repo.ts`;
const ROUTES = `${modules}/store/store.routes.ts`;
const LIB = 'apps/server/src/lib/group-by.ts';
const TEST = `${modules}/auctions/auctions.api.test.ts`;
const FEATURE = 'apps/web/src/features/boats/api.ts';
const WEB_LIB = 'apps/web/src/lib/api.ts';

interface Case {
  name: string;
  file: string;
  code: string;
  rule: string;
}

const violations: Case[] = [
  {
    name: "a service imports another module's repo",
    file: SERVICE,
    code: "import { boatsOf } from '../boats/boats.repo.js';\nexport { boatsOf };\n",
    rule: 'import/no-restricted-paths',
  },
  {
    name: "a repo imports another module's internals",
    file: REPO,
    code: "import { withdrawalOf } from '../wallet/wallet.view.js';\nexport { withdrawalOf };\n",
    rule: 'import/no-restricted-paths',
  },
  {
    name: "a route imports another module's route file",
    file: ROUTES,
    code: "import { mediaRoutes } from '../media/media.routes.js';\nexport { mediaRoutes };\n",
    rule: 'import/no-restricted-paths',
  },
  {
    name: 'a route imports the tables',
    file: ROUTES,
    code: "import { stores } from '../../db/schema.js';\nexport { stores };\n",
    rule: 'import/no-restricted-paths',
  },
  {
    name: 'a route imports the database client',
    file: ROUTES,
    code: "import { rowsOf } from '../../db/client.js';\nexport { rowsOf };\n",
    rule: 'import/no-restricted-paths',
  },
  {
    name: "a route imports its own module's repo",
    file: ROUTES,
    code: "import { storeNameOf } from './store.repo.js';\nexport { storeNameOf };\n",
    rule: 'import/no-restricted-paths',
  },
  {
    name: "a route imports a module's index (its data functions)",
    file: ROUTES,
    code: "import { boatsOf } from '../boats/index.js';\nexport { boatsOf };\n",
    rule: 'import/no-restricted-paths',
  },
  {
    // buyers.service imports buyers.repo: importing it back from the repo closes a cycle.
    name: 'an import cycle',
    file: REPO,
    code: "import { createBuyerTaxService } from './buyers.service.js';\nexport { createBuyerTaxService };\n",
    rule: 'import/no-cycle',
  },
  {
    name: 'a floating promise',
    file: LIB,
    code: 'export async function f() {}\nf();\n',
    rule: '@typescript-eslint/no-floating-promises',
  },
  {
    name: 'a promise where a void callback is expected',
    file: LIB,
    code: 'export const f = () => [1].forEach(async () => {});\n',
    rule: '@typescript-eslint/no-misused-promises',
  },
  {
    name: 'a promise as a condition',
    file: LIB,
    code: 'export const f = (p: Promise<boolean>) => (p ? 1 : 2);\n',
    rule: '@typescript-eslint/no-misused-promises',
  },
  {
    name: 'awaiting what is not a promise',
    file: LIB,
    code: 'export const f = async () => await 1;\n',
    rule: '@typescript-eslint/await-thenable',
  },
  {
    name: 'a promise returned un-awaited inside try',
    file: LIB,
    code: 'const g = async () => 1;\nexport async function f() {\n  try {\n    return g();\n  } catch {\n    return 0;\n  }\n}\n',
    rule: '@typescript-eslint/return-await',
  },
  {
    name: 'a web feature reaches into another feature',
    file: FEATURE,
    code: "import { ordersKeys } from '../orders/api';\nexport { ordersKeys };\n",
    rule: 'import/no-restricted-paths',
  },
  {
    name: "the web's lib imports a feature",
    file: WEB_LIB,
    code: "import { boatKeys } from '../features/boats/api';\nexport { boatKeys };\n",
    rule: 'import/no-restricted-paths',
  },
  {
    name: 'the contract imports the server',
    file: 'packages/contract/src/money.ts',
    code: "import { loadConfig } from '../../../apps/server/src/config.js';\nexport { loadConfig };\n",
    rule: 'import/no-restricted-paths',
  },
  {
    name: 'the app imports the route declarations (and their zod schemas) as values',
    file: FEATURE,
    code: "import { boatsApi } from '@sm/contract/routes';\nexport { boatsApi };\n",
    rule: '@typescript-eslint/no-restricted-imports',
  },
  {
    name: "the app uses antd-mobile's Tabs (and react-spring with them)",
    file: FEATURE,
    code: "import Tabs from 'antd-mobile/es/components/tabs';\nexport { Tabs };\n",
    rule: '@typescript-eslint/no-restricted-imports',
  },
  {
    name: "the app imports antd-mobile's Dialog with its page (and react-spring with it)",
    file: FEATURE,
    code: "import Dialog from 'antd-mobile/es/components/dialog';\nexport { Dialog };\n",
    rule: '@typescript-eslint/no-restricted-imports',
  },
  ...[
    ['process.env', 'export const a = process.env.A;\n', 'no-restricted-properties'],
    ["process['env']", "export const a = process['env'].A;\n", 'no-restricted-properties'],
    [
      "import { env } from 'node:process'",
      "import { env } from 'node:process';\nexport const a = env.A;\n",
      'no-restricted-imports',
    ],
    [
      "import { env } from 'process'",
      "import { env as e } from 'process';\nexport const a = e.A;\n",
      'no-restricted-imports',
    ],
    [
      "import process from 'node:process', then .env",
      "import process from 'node:process';\nexport const a = process.env.A;\n",
      'no-restricted-properties',
    ],
    [
      'the process module under another name',
      "import proc from 'node:process';\nexport const a = proc.env.A;\n",
      'no-restricted-syntax',
    ],
    [
      'const { env } = process',
      'const { env } = process;\nexport const a = env.A;\n',
      'no-restricted-properties',
    ],
    [
      'globalThis.process.env',
      'export const a = globalThis.process.env.A;\n',
      'no-restricted-syntax',
    ],
    [
      "globalThis['process']['env']",
      "export const a = globalThis['process']['env'].A;\n",
      'no-restricted-syntax',
    ],
    [
      'const { env } = globalThis.process',
      'const { env } = globalThis.process;\nexport const a = env.A;\n',
      'no-restricted-syntax',
    ],
  ].map(([spelling, code, rule]) => ({
    name: `the environment read as ${spelling}`,
    file: LIB,
    code: code!,
    rule: rule!,
  })),
];

const allowed: Omit<Case, 'rule'>[] = [
  {
    name: "a service imports another module's index and service",
    file: SERVICE,
    code: "import { boatsOf } from '../boats/index.js';\nimport type { BoatService } from '../boats/boats.service.js';\nexport type { BoatService };\nexport { boatsOf };\n",
  },
  {
    name: "a route imports a service, the auth guard and another module's *.http.ts",
    file: ROUTES,
    code: "import { authOf } from '../auth/auth.guard.js';\nimport { fileOf } from '../media/media.http.js';\nimport type { StoreService } from './store.service.js';\nexport type { StoreService };\nexport { authOf, fileOf };\n",
  },
  {
    name: "a test seeds through another module's repo and the tables",
    file: TEST,
    code: "import { insertBoat } from '../boats/boats.repo.js';\nimport { stores } from '../../db/schema.js';\nexport { insertBoat, stores };\n",
  },
  {
    name: 'a web feature imports lib, the route table, and the declarations as types',
    file: FEATURE,
    code: "import type { boatsApi as declared } from '@sm/contract/routes';\nimport { boatsApi } from '@sm/contract/route-table';\nimport { api } from '../../lib/api';\nexport type Declared = typeof declared;\nexport { api, boatsApi };\n",
  },
  {
    name: 'config.ts reads the environment',
    file: 'apps/server/src/config.ts',
    code: "import process from 'node:process';\nexport const a = process.env.A;\n",
  },
  {
    name: 'an awaited promise and the process module for other things',
    file: LIB,
    code: "import process from 'node:process';\nexport async function f() {}\nexport const g = async () => {\n  await f();\n  return process.pid;\n};\n",
  },
];

describe('lint rules (eslint.config.js)', () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: root });
  });
  const lint = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return result!.messages;
  };

  it.each(violations)(
    'reports $name ($rule)',
    { timeout: 120_000 },
    async ({ file, code, rule }) => {
      const messages = await lint(file, code);
      expect(messages.filter((m) => m.fatal)).toEqual([]);
      expect(messages.map((m) => m.ruleId)).toContain(rule);
    },
  );

  it.each(allowed)('allows $name', { timeout: 120_000 }, async ({ file, code }) => {
    expect(await lint(file, code)).toEqual([]);
  });
});
