import path from 'node:path';

/**
 * The embedded database's directory, or null on PostgreSQL: read from the environment as
 * loadConfig (config.ts) reads it, an empty variable being unset, but without its parser. main.ts
 * starts PGlite's thread on it before anything else loads, the parser's zod alone a tenth of a
 * second; the parsed configuration decides after, and a start it does not confirm is closed.
 */
export function embeddedDatabaseDir(
  env: Record<string, string | undefined> = process.env,
): string | null {
  if (env.DATABASE_URL) return null;
  return path.join(path.resolve(env.DATA_DIR || './data'), 'db');
}
