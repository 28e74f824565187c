import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Rolldown } from 'vite';
// By path, not by package name: Vite's config loader would leave a package to Node, which loads
// no TypeScript.
import { notificationsApi } from '../../packages/contract/src/routes/table/notificationsApi.ts';
import { pureContract } from './build/pure-contract-plugin.ts';
import { serviceWorker } from './build/service-worker-plugin.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const src = (file: string) => `${root}src/${file}`;

/**
 * Modules that re-export a whole package, most of which no chunk holds: the contract (and zod
 * with it), antd-mobile's icons and hooks.
 */
const BARREL =
  /[\\/]packages[\\/]contract[\\/]|[\\/]node_modules[\\/](antd-mobile-icons|ahooks)[\\/]es[\\/]index\.js$/;

/** Every module `roots` import statically, themselves included, short of the barrels. */
function staticClosure(ctx: Rolldown.ChunkingContext, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id) || BARREL.test(id)) continue;
    const info = ctx.getModuleInfo(id);
    if (!info) throw new Error(`code splitting: no module ${id}`);
    seen.add(id);
    queue.push(...info.importedIds);
  }
  return seen;
}

/** The pages a visitor opens before signing in: what they load must stay theirs. */
const PUBLIC_PAGES = [
  'features/auth/pages/LoginPage.tsx',
  'features/auth/pages/ForgetPasswordPage.tsx',
  'features/about/pages/TermsPage.tsx',
  'features/about/pages/PrivacyPage.tsx',
].map(src);

/**
 * A page's chunk holds the page and everything it alone imports (antd-mobile's components,
 * icons, the features' queries), instead of some fifty files of 1-2 KB that a phone fetches six
 * at a time; for the screens every signed-in merchant opens first: home, and the live events
 * every signed-in page starts. What the public pages share with them stays out, so the sign-in
 * page never loads either; as that part is closed under imports, the chunks need no
 * dependencies pulled in after them.
 */
function firstScreens(): Rolldown.CodeSplittingNameFunction {
  let chunkOf: Map<string, string> | undefined;
  return (id, ctx) => {
    if (!chunkOf) {
      const visitor = staticClosure(ctx, PUBLIC_PAGES);
      chunkOf = new Map();
      // The live events first: home's chunk may import theirs, which every signed-in page loads.
      for (const [name, page] of [
        ['liveEvents', 'app/liveEvents.ts'],
        ['HomePage', 'app/pages/HomePage.tsx'],
      ] as const) {
        for (const m of staticClosure(ctx, [src(page)])) {
          if (!visitor.has(m) && !chunkOf.has(m)) chunkOf.set(m, name);
        }
      }
    }
    return chunkOf.get(id) ?? null;
  };
}

// The server answers the API and the uploaded photos and videos it stores (/media).
const server = { target: 'http://localhost:3000', changeOrigin: false };
const api = { '/api': server, '/media': server };

export default defineConfig({
  root,
  base: '/',
  plugins: [
    react(),
    pureContract(),
    serviceWorker({
      template: `${root}src/sw/service-worker.js`,
      api: {
        markRead: notificationsApi.markRead.path,
        subscribe: notificationsApi.subscribePush.path,
      },
    }),
  ],
  server: { proxy: api },
  preview: { proxy: api },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What the entry imports statically is the entry: one file, not seven that the page
            // can only ask for once it has the first.
            { name: 'index', tags: ['$initial'], priority: 10 },
            {
              // antd-mobile's animation and gestures (pull to refresh, popups, swipes): one file
              // for every route that needs them, not two it finds one after the other.
              name: 'motion',
              test: /[\\/]node_modules[\\/](@react-spring|@use-gesture)[\\/]/,
              priority: 2,
            },
            { name: firstScreens(), includeDependenciesRecursively: false, priority: 1 },
          ],
        },
      },
    },
  },
});
