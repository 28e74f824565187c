import path from 'node:path';

/**
 * The embedded database's directory, or null on PostgreSQL: read from the environment as
 * loadConfig (config.ts) reads it, an empty variable being unset, but without its parser. main.ts
 * starts PGlite's thread on it before anything else loads, the parser's zod alone a tenth of a
 * second, and hands the thread to the database the parsed configuration opens: the test holds
 * the two readings to the same directory.
 */
export function embeddedDatabaseDir(
  env: Record<string, string | undefined> = process.env,
): string | null {
  if (env.DATABASE_URL) return null;
  return path.join(path.resolve(env.DATA_DIR || './data'), 'db');
}
