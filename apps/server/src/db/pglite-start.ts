import { mkdir } from 'node:fs/promises';
import { lockDataDir } from './data-dir-lock.js';
import { openPgliteThread, type PgliteThread } from './pglite-thread.js';

/** PGlite's thread on a data directory this process holds the lock of. */
export interface StartedPglite {
  dataDir: string;
  thread: PgliteThread;
  unlock: () => Promise<void>;
}

/** Locks `dataDir` (one process per directory: data-dir-lock.ts) and starts PGlite's thread on it. */
export async function startPgliteThread(dataDir: string): Promise<StartedPglite> {
  await mkdir(dataDir, { recursive: true });
  const unlock = await lockDataDir(dataDir);
  try {
    return { dataDir, thread: openPgliteThread(dataDir), unlock };
  } catch (err) {
    await unlock();
    throw err;
  }
}
