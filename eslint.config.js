// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
      'import/no-restricted-paths': ['error', { zones }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      // Configuration is parsed once, in config.ts (house style 4).
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from config.ts.' },
      ],
    },
  },
  {
    files: [
      'apps/server/src/config.ts',
      'e2e/**',
      'bench/**',
      'scripts/**',
      '.ci/**',
      '*.config.*',
      'apps/*/*.config.*',
      'apps/server/test/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
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
          ],
        },
      ],
    },
  },
);
