import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

const PRECACHE_PLACEHOLDER = 'self.__PRECACHE_MANIFEST__';
const VERSION_PLACEHOLDER = 'self.__CACHE_VERSION__';
const API_PLACEHOLDER = 'self.__API_PATHS__';
/** WEB_BUILD_META of the contract (this file runs in Vite's config loader, outside the workspace). */
const BUILD_META = 'sm-build';

function listFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

/**
 * Emits `sw.js` from a plain service-worker template, with the list of files to precache (the
 * app shell: `/`, every built chunk and asset, the manifest and icons) and a cache version derived
 * from that list, so each build with new hashed files installs a fresh cache. The same version is
 * the build's id: written into index.html, where the running app and the server (GET /api/version)
 * read it, so the app can tell when the server has a newer build than the one it runs.
 */
export function serviceWorker(options: {
  template: string;
  /** The paths of the API routes the worker calls, by name: taken from the route declarations. */
  api: Record<string, string>;
}): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'sm:service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_output, bundle) {
      const built = Object.keys(bundle).filter(
        (file) => !file.endsWith('.map') && file !== 'index.html',
      );
      const publicFiles = config.publicDir
        ? listFiles(config.publicDir).map((file) =>
            relative(config.publicDir, file).split(sep).join('/'),
          )
        : [];
      const urls = [
        '/',
        ...[...built, ...publicFiles].sort().map((file) => `${config.base}${file}`),
      ];
      const template = readFileSync(options.template, 'utf8');
      const html = bundle['index.html'];
      const hash = createHash('sha256').update(template).update(JSON.stringify(urls));
      if (html && html.type === 'asset') hash.update(html.source);
      const version = hash.digest('hex').slice(0, 16);
      if (html && html.type === 'asset') {
        html.source = String(html.source).replace(
          '</head>',
          `  <meta name="${BUILD_META}" content="${version}" />\n  </head>`,
        );
      }
      const source = template
        .replace(PRECACHE_PLACEHOLDER, JSON.stringify(urls))
        .replace(VERSION_PLACEHOLDER, JSON.stringify(version))
        .replace(API_PLACEHOLDER, JSON.stringify(options.api));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}
