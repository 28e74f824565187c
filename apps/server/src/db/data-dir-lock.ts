import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * PGlite on the file system takes no lock of its own: a second process that opens the same data
 * directory starts, writes beside the first, and acknowledged writes of one of them are lost (the
 * reliability suite showed it, issue 7). The lock is a socket that this process listens on: the
 * kernel closes it when the process dies, SIGKILL included, so a crash never leaves the directory
 * locked, and a socket file left behind is known stale because nobody answers on it.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const address = lockAddress(dataDir);
  const server = createServer((socket) => socket.destroy());
  if (!(await listen(server, address))) {
    if (await answers(address)) {
      throw new Error(
        `The database in ${dataDir} is in use by another process (a server already running?)`,
      );
    }
    // Left by a process that died: take it over.
    await rm(address, { force: true });
    if (!(await listen(server, address))) {
      throw new Error(`The database in ${dataDir} was just taken by another process`);
    }
  }
  server.unref();
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Beside the directory (not in it: PGDATA is PGlite's); a named pipe on Windows. */
function lockAddress(dataDir: string): string {
  const dir = path.resolve(dataDir);
  const id = createHash('sha256').update(dir).digest('hex').slice(0, 32);
  if (process.platform === 'win32') return `\\\\.\\pipe\\seafood-pglite-${id}`;
  // A socket path has room for about a hundred bytes; the kernel would cut a longer one short.
  const beside = `${dir}.lock`;
  return Buffer.byteLength(beside) <= 100
    ? beside
    : path.join(tmpdir(), `seafood-pglite-${id}.lock`);
}

function listen(server: Server, address: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE') resolve(false);
      else reject(err);
    };
    server.once('error', onError);
    server.listen(address, () => {
      server.off('error', onError);
      resolve(true);
    });
  });
}

function answers(address: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(address);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
