import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A secret from configuration, or else one generated once and kept in the data directory, so a
 * fresh install works with no setup and the operator CLI on this machine can read the token.
 */
export async function persistedSecret(
  dataDir: string,
  name: string,
  given: string | undefined,
): Promise<string> {
  if (given) return given;
  const file = path.join(dataDir, name);
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not there yet
  }
  await mkdir(dataDir, { recursive: true });
  const value = randomBytes(32).toString('base64url');
  await writeFile(file, `${value}\n`, { mode: 0o600 });
  return value;
}
