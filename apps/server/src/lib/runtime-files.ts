import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Files a running server leaves in its data directory for the operator CLI on the same machine:
 * where it listens (the embedded database belongs to that one process) and the operator token.
 */
export const SERVER_FILE = 'server.json';
const OPERATOR_TOKEN_FILE = 'operator-token';

export async function writeOperatorToken(dataDir: string, token: string): Promise<void> {
  await writeFile(path.join(dataDir, OPERATOR_TOKEN_FILE), `${token}\n`, { mode: 0o600 });
}

export async function readOperatorToken(dataDir: string): Promise<string | null> {
  try {
    return (await readFile(path.join(dataDir, OPERATOR_TOKEN_FILE), 'utf8')).trim() || null;
  } catch {
    return null;
  }
}

/** Where the server that wrote DATA_DIR/server.json listens, if that process still runs. */
export async function runningServerPort(dataDir: string): Promise<number | null> {
  try {
    const info = JSON.parse(await readFile(path.join(dataDir, SERVER_FILE), 'utf8')) as {
      pid: number;
      port: number;
    };
    process.kill(info.pid, 0);
    return info.port;
  } catch {
    return null;
  }
}
