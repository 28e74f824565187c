import type { RouteDeclaration } from './define.js';

type Areas = Readonly<Record<string, Readonly<Record<string, RouteDeclaration>>>>;

const HEADER = '// Generated from the route declarations by `npm run routes:table`: do not edit.';

/**
 * The text of the app's route table: every declared route's method and path, each typed by its
 * declaration. The app imports this table instead of the declarations, so its bundle holds no
 * zod schema for them; one module per area lets the bundler put each area's routes in the chunk
 * that calls them. `npm run routes:table` writes it (file name → text), and table.test.ts fails
 * when it is out of date.
 */
export function routeTableSources(areas: Areas): Record<string, string> {
  const files: Record<string, string> = {};
  const index = [
    HEADER,
    '// The app’s run-time view of the routes: method and path, typed by their declarations.',
    "export type { ContentAnswer, RouteDeclaration } from './define.js';",
    "export type { RouteAnswer, RouteInput, RouteRef } from './ref.js';",
  ];
  for (const [area, routes] of Object.entries(areas)) {
    index.push(`export { ${area} } from './table/${area}.js';`);
    const lines = [
      HEADER,
      "import type * as declared from '../index.js';",
      "import { ref } from '../ref.js';",
      '',
      `export const ${area} = {`,
    ];
    for (const [name, { method, path }] of Object.entries(routes)) {
      lines.push(`  ${name}: ref<typeof declared.${area}.${name}>('${method}', '${path}'),`);
    }
    lines.push('};');
    files[`table/${area}.ts`] = `${lines.join('\n')}\n`;
  }
  files['table.ts'] = `${index.join('\n')}\n`;
  return files;
}
