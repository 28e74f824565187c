// @ts-check
/*
 * The layout, enforced. Each rule, what it keeps, and where it is set in this file
 * (scripts/lint-rules.test.ts plants a violation of each, so none can silently stop working):
 * - import/no-restricted-paths, `zones`: one-way imports (contract → server / web → shell; a web
 *   feature not into another; server db and lib below modules).
 * - import/no-restricted-paths, `moduleZones`: a server module reaches another only through its
 *   published surface (below). Source files only: tests seed through repos and tables.
 * - import/no-restricted-paths, `routeZones`: a `*.routes.ts` imports no table (db/schema,
 *   db/client), no repo, no index.ts, no other route file.
 * - import/no-cycle: no import cycles in the TypeScript sources of apps/ and packages/.
 * - @typescript-eslint/no-floating-promises, no-misused-promises, await-thenable, return-await
 *   (type-aware, `typedSources`): every promise awaited, returned or voided on purpose.
 * - no-restricted-properties, no-restricted-syntax, no-restricted-imports (`envRules`):
 *   configuration read only in config.ts and its parser-free early part, config-early.ts (and
 *   tooling, tests), in every spelling.
 *
 * A server module's published surface (apps/server/src/modules/<area>/):
 * - `*.service.ts`: its services — the factories the composition root (services.ts) calls, and their types, for injection;
 * - `*.guard.ts`, `*.http.ts`: what routes of other modules use on a request or a reply
 *   (the auth guard, reading an upload, sending a download);
 * - `index.ts`: an explicit list of the data functions and views other modules' services and repos
 *   call, most of them taking the caller's transaction (`Db | Tx`) so that one change and its
 *   event, ledger entry or audit record commit together. It re-exports from the module's repos and
 *   views, never from its services (which import other modules: that way lie cycles).
 * Everything else in a module (repos, views, internals) is its own. Routes may not use index.ts:
 * they call services. Tests are outside these zones (they seed through repos and tables).
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const root = fileURLToPath(new URL('.', import.meta.url)).replace(/\/$/, '');
const dirs = (path) => {
  try {
    return readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
};

// One-way imports (ARCHITECTURE.md, house style 1): contract → server modules / app features → shell.
const webFeatures = dirs('./apps/web/src/features/');
const zones = [
  { target: './packages/contract', from: ['./apps'], message: 'The contract depends on nothing.' },
  { target: './apps/server', from: ['./apps/web'] },
  { target: './apps/web', from: ['./apps/server'] },
  {
    target: './apps/web/src/lib',
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'lib is below features and the shell.',
  },
  {
    target: './apps/web/src/features',
    from: ['./apps/web/src/app'],
    message: 'Features do not import the app shell.',
  },
  ...webFeatures.map((name) => ({
    target: `./apps/web/src/features/${name}`,
    from: './apps/web/src/features',
    except: [`./${name}`],
    message: 'A feature does not reach into another feature; move shared code to lib or contract.',
  })),
  {
    target: ['./apps/server/src/db', './apps/server/src/lib'],
    from: ['./apps/server/src/modules', './apps/server/src/app.ts', './apps/server/src/main.ts'],
  },
  {
    target: './apps/server/src/modules',
    from: ['./apps/server/src/app.ts', './apps/server/src/main.ts', './apps/server/src/cli'],
  },
];

// Module boundaries (house style 2), for the server's non-test sources. Globs are absolute: the
// rule matches them against resolved import paths.
const modulesDir = `${root}/apps/server/src/modules`;
const published = ['index.ts', '*.service.ts', '*.guard.ts', '*.http.ts'];
const moduleZones = dirs('./apps/server/src/modules/').map((name) => ({
  target: `./apps/server/src/modules/${name}`,
  from: `${modulesDir}/*/**`,
  except: [`${modulesDir}/${name}/**`, ...published.map((file) => `${modulesDir}/*/${file}`)],
  message:
    'Another module is reached through its service, guard, *.http.ts or index.ts (eslint.config.js).',
}));
const routeZones = [
  {
    target: `${modulesDir}/*/*.routes.ts`,
    from: [
      // Globs all (the rule takes no mix): the table definitions and the database client.
      `${root}/apps/server/src/db/{schema,client}.ts`,
      `${modulesDir}/*/*.repo.ts`,
      `${modulesDir}/*/index.ts`,
    ],
    message: 'A route parses, calls a service and replies: no tables, no repos (house style 2).',
  },
  {
    target: `${modulesDir}/*/*.routes.ts`,
    from: `${modulesDir}/*/*.routes.ts`,
    message: 'No route file imports another: move the shared piece to a service or *.http.ts.',
  },
];
const restrictedPaths = (list) => ['error', { basePath: root, zones: list }];

// Configuration is parsed once, in config.ts (house style 4; config-early.ts reads where the embedded
// database is before the parser loads, held to config.ts by its test): no reading of the environment
// in any spelling. Every binding of the process module is called `process`, so `process.env` covers them.
const processModule = '/^(node:)?process$/';
const envMessage = 'Read configuration from config.ts.';
const envRules = {
  'no-restricted-properties': [
    'error',
    // Also catches process['env'] and `const { env } = process`.
    { object: 'process', property: 'env', message: envMessage },
  ],
  'no-restricted-syntax': [
    'error',
    {
      // globalThis.process.env, global.process.env, globalThis['process']['env']
      selector:
        "MemberExpression:matches([property.name='env'], [property.value='env']):matches([object.property.name='process'], [object.property.value='process'])",
      message: envMessage,
    },
    {
      // const { env } = globalThis.process
      selector:
        "VariableDeclarator:matches([init.property.name='process'], [init.property.value='process'], [init.name='process']) > ObjectPattern > Property:matches([key.name='env'], [key.value='env'])",
      message: envMessage,
    },
    {
      selector: `ImportDeclaration[source.value=${processModule}] > :matches(ImportDefaultSpecifier, ImportNamespaceSpecifier)[local.name!='process']`,
      message: 'Import the process module as `process`.',
    },
  ],
  'no-restricted-imports': [
    'error',
    {
      paths: ['process', 'node:process'].map((name) => ({
        name,
        importNames: ['env'],
        message: envMessage,
      })),
    },
  ],
};
const envRulesOff = Object.fromEntries(Object.keys(envRules).map((rule) => [rule, 'off']));

// The sources the type-aware rules read: each under its own tsconfig, found by the project service.
const typedSources = [
  'apps/server/src/**/*.ts',
  'apps/server/test/**/*.ts',
  'apps/web/src/**/*.{ts,tsx}',
  'packages/*/src/**/*.ts',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { import: importPlugin },
    settings: {
      // Without these the plugin reads no .ts file it imports (only .js), and import/no-cycle
      // follows nothing.
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // eslint-plugin-import with the enhanced-resolve TypeScript resolver (3.x): import-x and
      // resolver 4.x need unrs-resolver, whose other-platform binaries this registry lacks, and
      // a lockfile without them fails `npm ci`.
      'import/resolver': {
        typescript: {
          project: ['./tsconfig.json', './packages/*/tsconfig.json', './apps/*/tsconfig.json'],
        },
      },
    },
    rules: {
      'import/no-restricted-paths': restrictedPaths(zones),
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      ...envRules,
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'import/no-restricted-paths': restrictedPaths([...zones, ...moduleZones, ...routeZones]),
    },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    // No SCC shortcut: it reads the graph from disk, so a cycle planted through lintText (the
    // rules' test) would go unseen. The walk stops at node_modules, which no cycle of ours can
    // pass through: walking the packages too was a third of lint's CPU (40 s; 28 s without them,
    // 35 s with the SCC pre-pass instead).
    rules: { 'import/no-cycle': ['error', { disableScc: true, ignoreExternal: true }] },
  },
  {
    files: typedSources,
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: root },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/return-await': ['error', 'in-try-catch'],
    },
  },
  {
    files: [
      'apps/server/src/config.ts',
      'apps/server/src/config-early.ts',
      'e2e/**',
      'bench/**',
      'scripts/**',
      '.ci/**',
      '*.config.*',
      'apps/*/*.config.*',
      'apps/server/test/**',
    ],
    rules: envRulesOff,
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The declarations carry every route's zod schemas: the app takes their types only, and
      // calls the routes through the generated table (lib/api.ts), so none enters its bundle.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@sm/contract/routes',
              allowTypeImports: true,
              message: 'Import routes from @sm/contract/route-table (zod-free).',
            },
            // Both pull react-spring (and use-gesture) into the first screens that show them.
            {
              name: 'antd-mobile/es/components/tabs',
              message: 'Use Tabs from lib/ui/Tabs (no animation library).',
            },
            {
              name: 'antd-mobile/es/components/pull-to-refresh',
              message: 'Use PullToRefresh from lib/ui/PullToRefresh (no animation library).',
            },
            // So do these: lib/ui has its own, or fetches antd's when first shown (lazyOverlay).
            ...[
              'dialog',
              'popup',
              'action-sheet',
              'picker',
              'date-picker',
              'image-viewer',
              'image-uploader',
              'spin-loading',
              'swiper',
            ].map((component) => ({
              name: `antd-mobile/es/components/${component}`,
              allowTypeImports: true,
              message:
                "Use lib/ui's (Dialog, BottomSheet, pickers, ImageUploader, Swiper, Spinner…): no animation library with the page.",
            })),
          ],
        },
      ],
    },
  },
);
