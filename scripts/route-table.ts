// Writes the app's route table (packages/contract/src/routes/table.ts and table/) from the route
// declarations (table-source.ts).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { apiAreas } from '../packages/contract/src/routes/index.js';
import { routeTableSources } from '../packages/contract/src/routes/table-source.js';

const dir = fileURLToPath(new URL('../packages/contract/src/routes/', import.meta.url));
// An area that is gone leaves no file behind.
rmSync(path.join(dir, 'table'), { recursive: true, force: true });
mkdirSync(path.join(dir, 'table'));
for (const [name, text] of Object.entries(routeTableSources(apiAreas))) {
  const file = path.join(dir, name);
  const options = await resolveConfig(file);
  writeFileSync(file, await format(text, { ...options, filepath: file }));
}
console.log(`wrote ${dir}table.ts and table/`);
