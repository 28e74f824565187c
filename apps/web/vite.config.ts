import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Rolldown } from 'vite';
// By path, not by package name: Vite's config loader would leave a package to Node, which loads
// no TypeScript.
import { notificationsApi } from '../../packages/contract/src/routes/table/notificationsApi.ts';
import { withoutLegacyRender } from './build/antd-legacy-render-plugin.ts';
import { chunkCycles } from './build/chunk-cycles-plugin.ts';
import { preloadApp } from './build/preload-app-plugin.ts';
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

const CONTRACT = /[\\/]packages[\\/]contract[\\/]src[\\/]/;
const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;
/** The tax schemas' zod-free tables and formats, which the tax pages read without the schemas. */
const TAX_TABLES = /[\\/]packages[\\/]contract[\\/]src[\\/](tax-codes|tax-fields)\.ts$/;
/** The store's limits, documents and map links, which the store pages read without the schemas. */
const STORE_FIELDS = /[\\/]packages[\\/]contract[\\/]src[\\/]store-fields\.ts$/;

/** Stylesheets, CSS modules included: the signed-in first screens' go into the shell's CSS. */
const STYLES = /\.css(\?|$)/;

/** antd-mobile's animation and gestures: pull to refresh, popups, swipes. */
const MOTION = /[\\/]node_modules[\\/](@react-spring|@use-gesture)[\\/]/;

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

/** The list pages, tabs of the app a merchant lives in, which share much of their UI. */
const LIST_PAGES = [
  'features/orders/pages/OrdersPage.tsx',
  'features/wallet/pages/WalletPage.tsx',
].map(src);

/** Their windowed list and its scroll memory, which notifications' page alone shares. */
const WINDOWED_LIST = ['lib/ui/WindowedList.tsx', 'lib/ui/useScrollRestore.ts'].map(src);

/**
 * The chunks of the first screens, instead of some fifty files of 1-2 KB that a phone fetched six
 * at a time: the app's shell (main.tsx, one file beside the boot), with what the public pages
 * (sign-in) share with the signed-in first screens, which both load anyway; and one chunk for
 * what a signed-in first page needs besides: home, the live events every signed-in page starts
 * and the data the boot prefetches, with what they alone import (antd-mobile's components, icons,
 * the features' queries). Their styles go with the shell's CSS (2.6 KB gzip more for sign-in,
 * fetched beside the app's 155 KB of JS), so home loads one chunk beside the shell's, one wave
 * with the page's data; a signed-in page opened straight from its link loads home's code too
 * (6 KB gzip), which home's later tabs then have. Each group takes its modules' dependencies
 * too, those no earlier group took, so no chunk imports a later one (no cycles). A module's CSS
 * lands in its chunk's file in import order: a module restyling a component imports its own
 * styles after the component (AuctionConsole).
 */
function firstScreenChunks(): Rolldown.CodeSplittingGroup[] {
  let chunkOf: Map<string, string> | undefined;
  const name = (group: string) => (id: string, ctx: Rolldown.ChunkingContext) => {
    if (!chunkOf) {
      chunkOf = new Map();
      const boot = staticClosure(ctx, [src('boot.ts')]);
      const app = staticClosure(ctx, [src('main.tsx')]);
      const visitor = staticClosure(ctx, PUBLIC_PAGES);
      // The data a signed-in first page prefetches (boot.ts) comes with the live events' queries.
      const live = staticClosure(ctx, [src('app/liveEvents.ts'), src('app/prefetch.ts')]);
      const home = staticClosure(ctx, [src('app/pages/HomePage.tsx')]);
      for (const m of app) if (!boot.has(m)) chunkOf.set(m, 'app');
      for (const m of [...live, ...home]) {
        if (boot.has(m) || chunkOf.has(m) || MOTION.test(m)) continue;
        // What sign-in shares with them goes with the shell: sign-in never loads home's chunk.
        chunkOf.set(m, visitor.has(m) || STYLES.test(m) ? 'app' : 'signedIn');
      }
      // What the list pages share with other pages (a page's own modules stay in its chunk):
      // two chunks, not a dozen of 1-2 KB, which a phone on HTTP/1.1 fetched six at a time. The
      // other pages that import any of it load it whole (5 KB gzip; the lists' 11 KB only those
      // with a windowed list).
      const loaders = ctx.getModuleInfo(src('app/pageLoaders.ts'));
      if (!loaders) throw new Error('code splitting: no app/pageLoaders.ts');
      const others = staticClosure(
        ctx,
        loaders.dynamicallyImportedIds.filter((page) => !LIST_PAGES.includes(page)),
      );
      const windowed = staticClosure(ctx, WINDOWED_LIST);
      for (const m of staticClosure(ctx, LIST_PAGES)) {
        if (boot.has(m) || chunkOf.has(m) || visitor.has(m) || MOTION.test(m)) continue;
        if (others.has(m)) chunkOf.set(m, windowed.has(m) ? 'lists' : 'listUi');
      }
    }
    return chunkOf.get(id) === group ? group : null;
  };
  return [
    // The boot's own modules stay in the boot, which must not wait for the app's chunk.
    { name: 'index', tags: ['$initial'], priority: 9 },
    // zod alone: only the forms read it, though the contract's modules all import it.
    { name: 'zod', test: ZOD, priority: 8 },
    // A contract module that declares schemas stays a chunk of its own, as it would without
    // groups: taken into a group below, the schemas the forms keep in it would bring zod along.
    {
      name: (id, ctx) => {
        const info = ctx.getModuleInfo(id);
        if (CONTRACT.test(id) && info?.importedIds.some((m) => ZOD.test(m))) {
          return `contract-${id.replace(/.*[\\/]/, '').replace(/\.ts$/, '')}`;
        }
        // The tax tables and formats: a chunk of their own, which the tax schemas' chunk and the
        // tax pages both import. Left to the chunk of the tax pages, that chunk and the schemas'
        // would import each other (chunk-cycles-plugin.ts fails such a build); taken into the
        // schemas' chunk, a page reading a state's name would load zod.
        if (TAX_TABLES.test(id)) return 'contract-tax-tables';
        // The same for the store's fields, which the store schemas' chunk imports too. Left to
        // Rolldown, they went into the store pages' chunk, which the schemas' chunk then imported.
        return STORE_FIELDS.test(id) ? 'contract-store-fields' : null;
      },
      debugName: 'contract schemas',
      includeDependenciesRecursively: false,
      priority: 7,
    },
    { name: name('app'), debugName: 'app', priority: 6 },
    // Animation and gestures (pull to refresh, popups, swipes) for every route that needs them.
    { name: 'motion', test: MOTION, priority: 3 },
    { name: name('signedIn'), debugName: 'signedIn', priority: 2 },
    // Without their dependencies: those sign-in shares stay where sign-in finds them.
    { name: name('listUi'), priority: 1, includeDependenciesRecursively: false },
    { name: name('lists'), priority: 1, includeDependenciesRecursively: false },
  ];
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
    withoutLegacyRender(src('lib/antd-legacy-render.ts')),
    chunkCycles(),
    // Before the service worker's plugin, which takes the build's id from index.html.
    preloadApp({ module: src('main.tsx') }),
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
          groups: firstScreenChunks(),
        },
      },
    },
  },
});
