// Writes packages/contract/src/routes/table.ts from the route declarations (table-source.ts).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { apiAreas } from '../packages/contract/src/routes/index.js';
import { routeTableSource } from '../packages/contract/src/routes/table-source.js';

const file = fileURLToPath(new URL('../packages/contract/src/routes/table.ts', import.meta.url));
const options = await resolveConfig(file);
writeFileSync(file, await format(routeTableSource(apiAreas), { ...options, filepath: file }));
console.log(`wrote ${file}`);
