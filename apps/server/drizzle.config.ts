import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from the schema: `npm run db:generate -w apps/server`. Commit the result.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
});
