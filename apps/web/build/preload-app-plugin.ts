import type { HtmlTagDescriptor, Plugin } from 'vite';

/**
 * The page's script is the boot (src/boot.ts), which imports the app (src/main.tsx) only
 * dynamically, after it has asked for the language and the route's page. So that the app's code
 * does not wait for the boot to arrive and run, index.html asks for it and its CSS itself, with
 * the boot: one wave. The CSS is preloaded, not linked as a stylesheet: a stylesheet in the head
 * holds back the boot's script until it has arrived (Lighthouse: render-blocking, 150 ms), and
 * nothing needs it before the app renders. The app's import links it then (Vite's preload
 * helper, which waits for it), from the preload's copy.
 */
export function preloadApp(options: { module: string }): Plugin {
  return {
    name: 'sm:preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return;
        const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
        const app = chunks.find((c) => c.moduleIds.includes(options.module));
        if (!app) throw new Error(`preload-app: no chunk holds ${options.module}`);
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (file: string) => {
          const chunk = bundle[file];
          if (scripts.has(file) || chunk?.type !== 'chunk' || chunk.isEntry) return;
          scripts.add(file);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
          chunk.imports.forEach(visit);
        };
        visit(app.fileName);
        const present = (file: string) => html.includes(`/${file}"`);
        const link = (rel: string, file: string, as?: string): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { rel, ...(as ? { as } : {}), crossorigin: true, href: `/${file}` },
          injectTo: 'head',
        });
        return [
          ...[...styles].filter((f) => !present(f)).map((f) => link('preload', f, 'style')),
          ...[...scripts].filter((f) => !present(f)).map((f) => link('modulepreload', f)),
        ];
      },
    },
  };
}
