import type { Plugin } from 'vite';

const UNSTABLE_RENDER = /[\\/]antd-mobile[\\/]es[\\/]utils[\\/]unstable-render\.js$/;

/**
 * antd-mobile's default render is React 18's (rc-util's, with Babel's regenerator runtime: 3 KB
 * gzip of the shell), which it calls only until the app hands it another: main.tsx gives it React
 * 19's roots before anything renders. `stub` stands in for it.
 */
export function withoutLegacyRender(stub: string): Plugin {
  return {
    name: 'antd-mobile-without-legacy-render',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './render' && importer && UNSTABLE_RENDER.test(importer)) return stub;
    },
  };
}
