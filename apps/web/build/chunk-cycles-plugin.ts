import type { Plugin } from 'vite';

/**
 * Fails the build when chunks import one another in a circle. The browser runs such chunks in an
 * order the bundler did not plan: a module reads another's export before it is set, and a page
 * fails to load at run time ("Cannot convert undefined or null to object") where nothing failed
 * at build time. The code-splitting groups (vite.config.ts) are what can make a circle.
 */
export function chunkCycles(): Plugin {
  return {
    name: 'sm-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const imports = new Map<string, readonly string[]>();
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk') imports.set(item.fileName, item.imports);
      }
      const done = new Set<string>();
      const path: string[] = [];
      const visit = (file: string): string[] | null => {
        const at = path.indexOf(file);
        if (at >= 0) return [...path.slice(at), file];
        if (done.has(file)) return null;
        path.push(file);
        for (const next of imports.get(file) ?? []) {
          const cycle = visit(next);
          if (cycle) return cycle;
        }
        path.pop();
        done.add(file);
        return null;
      };
      for (const file of imports.keys()) {
        const cycle = visit(file);
        if (cycle) this.error(`chunks import one another in a circle: ${cycle.join(' → ')}`);
      }
    },
  };
}
