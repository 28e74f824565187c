import { type ESTree, type Plugin, parseSync } from 'vite';

/** The contract's sources, by path (the app imports them through the workspace's link). */
const CONTRACT_SOURCE = /[\\/]packages[\\/]contract[\\/]src[\\/].*\.ts$/;
const PURE = '/* @__PURE__ */ ';

/** Whether `node` calls or constructs anything outside a function body. */
function calls(node: unknown): boolean {
  if (typeof node !== 'object' || node === null) return false;
  if (Array.isArray(node)) return node.some(calls);
  const { type } = node as { type?: string };
  if (
    type === 'ArrowFunctionExpression' ||
    type === 'FunctionExpression' ||
    type === 'ClassExpression'
  ) {
    return false;
  }
  if (type === 'CallExpression' || type === 'NewExpression' || type === 'TaggedTemplateExpression')
    return true;
  return Object.entries(node).some(([key, value]) => key !== 'parent' && calls(value));
}

/**
 * The contract's modules declare zod schemas beside the constants and helpers the app uses
 * (`ORDER_TABS`, `formatRM`, …). A schema is a call (`z.object(…)`), which a bundler must keep in
 * case it has effects, and with it the whole of zod: importing one constant from `orders.ts`
 * brought 25 KB gzip of zod onto home. Each top-level declaration whose value is built by calls is
 * wrapped in a pure IIFE, so one the app never reads is dropped; those it reads (a form's schema)
 * stay, with zod, in the chunks that read them. Statements that are not declarations run as
 * before. Nothing in the contract builds a declaration for its effects alone (the server's
 * OpenAPI registry is not part of the app).
 */
export function pureContract(): Plugin {
  return {
    name: 'sm:pure-contract',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!CONTRACT_SOURCE.test(id.split('?')[0] ?? id)) return null;
      const { program } = parseSync(id.replace(/\.ts$/, '.js'), code);
      const edits: { at: number; text: string }[] = [];
      for (const statement of program.body) {
        const declaration: ESTree.Node | null | undefined =
          statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const { init } of declaration.declarations) {
          if (!init || !calls(init)) continue;
          edits.push({ at: init.start, text: `${PURE}(() => (` });
          edits.push({ at: init.end, text: '))()' });
        }
      }
      if (edits.length === 0) return null;
      let out = code;
      for (const { at, text } of edits.sort((a, b) => b.at - a.at)) {
        out = out.slice(0, at) + text + out.slice(at);
      }
      return { code: out, map: null };
    },
  };
}
