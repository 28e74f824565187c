import type { RouteDeclaration } from './define.js';

/**
 * The text of table.ts: every declared route's method and path, each typed by its declaration.
 * The app imports that table instead of the declarations, so its bundle holds no zod schema for
 * them; `npm run routes:table` writes it, and table.test.ts fails when it is out of date.
 */
export function routeTableSource(
  areas: Readonly<Record<string, Readonly<Record<string, RouteDeclaration>>>>,
): string {
  const lines = [
    '// Generated from the route declarations by `npm run routes:table`: do not edit.',
    '// The app’s run-time view of the routes: method and path, typed by their declarations.',
    "import type * as declared from './index.js';",
    "import { ref } from './ref.js';",
    '',
    "export type { ContentAnswer, RouteDeclaration } from './define.js';",
    "export type { RouteAnswer, RouteInput, RouteRef } from './ref.js';",
  ];
  for (const [area, routes] of Object.entries(areas)) {
    lines.push('', `export const ${area} = {`);
    for (const [name, { method, path }] of Object.entries(routes)) {
      lines.push(`  ${name}: ref<typeof declared.${area}.${name}>('${method}', '${path}'),`);
    }
    lines.push('};');
  }
  return `${lines.join('\n')}\n`;
}
