import type { KnipConfig } from 'knip';

/**
 * `npx knip`: files nothing imports, dependencies nothing uses and imports nothing declares, in
 * every workspace. Part of the lint step of `npm test` (scripts/test-all.mjs).
 */
const config: KnipConfig = {
  workspaces: {
    '.': {
      entry: ['scripts/*.mjs', 'e2e/*.spec.ts'],
      project: ['scripts/**', 'e2e/**', '*.config.ts'],
    },
    'packages/contract': {
      project: ['src/**'],
    },
    'apps/server': {
      entry: ['src/cli/*.ts', 'test/**/*.test.ts'],
      project: ['src/**', 'test/**', '*.{mjs,ts}'],
      // Loaded by name as pino's transport when LOG_FORMAT=pretty (app.ts), never imported.
      ignoreDependencies: ['pino-pretty'],
    },
    'apps/web': {
      // The stub of antd-mobile's legacy render is resolved by a build plugin, never imported.
      entry: ['src/sw/service-worker.js', 'scripts/*.mjs', 'src/lib/antd-legacy-render.ts'],
      project: ['src/**', 'build/**', 'scripts/**', '*.ts'],
    },
    bench: {
      entry: ['*.mjs', 'seed-orders.ts'],
      project: ['**'],
      // The hello-world baseline runs in a child `node -e` that requires it (lib.mjs, orders.mjs).
      ignoreDependencies: ['fastify'],
    },
  },
  // An export that its own file uses is the module's shape, not dead code.
  ignoreExportsUsedInFile: true,
};

export default config;
