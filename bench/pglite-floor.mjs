// PGlite's part of a start on this machine: a Node process that only opens the server's embedded
// database, on the server's own thread code (apps/server/dist/pglite-worker.mjs, as the built
// server starts it, with its settings), and prints 'open' once it answers. Run by start.mjs:
//   node bench/pglite-floor.mjs <data dir>
import path from 'node:path';
import { Worker } from 'node:worker_threads';

const root = path.resolve(import.meta.dirname, '..');
const worker = new Worker(path.join(root, 'apps/server/dist/pglite-worker.mjs'), {
  workerData: {
    // Where the server keeps it in DATA_DIR (apps/server/src/config-early.ts).
    dataDir: path.join(process.argv[2], 'db'),
    // The statement the thread answers 'ready' with, once open.
    arrayTypes: 'select 1',
    // apps/server/src/db/pglite-settings.ts (PGLITE_SETTINGS).
    settings: ['-c', 'shared_buffers=32MB'],
  },
});
worker.once('message', (message) => {
  if (!message.ready) throw new Error(`PGlite did not open: ${message.error?.message}`);
  process.stdout.write('open\n');
  // Closed as the server closes it, so that the directory is left as a stopped server leaves it.
  worker.once('message', () => void worker.terminate());
  worker.postMessage({ op: 'close', id: 1 });
});
