import { Worker } from 'node:worker_threads';
import { ARRAY_TYPES, type AnswerReader, answerReader } from './pglite-answers.js';
import { PGLITE_SETTINGS } from './pglite-settings.js';

type Row = Record<string, unknown> | unknown[];
export interface ThreadResults {
  rows: Row[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}
type QueryOptions = { rowMode?: 'array' | 'object' };

/** What drizzle-orm/pglite calls on a client (and on the client of a transaction). */
export interface ThreadQueryable {
  query(text: string, params?: unknown[], options?: QueryOptions): Promise<ThreadResults>;
}
export interface PgliteThread extends ThreadQueryable {
  transaction<T>(fn: (tx: ThreadQueryable) => Promise<T>): Promise<T>;
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  refreshArrayTypes(): Promise<void>;
  close(): Promise<void>;
}

type ArrayTypes = { oid: number; typarray: number }[];

type Pending = { resolve: (value: unknown) => void; reject: (err: Error) => void };

/**
 * PGlite on a worker thread (pglite-worker.mjs), behind the few calls drizzle and db/client.ts
 * make. PGlite runs PostgreSQL in WebAssembly on the thread that calls it, so in the server's
 * process every statement stopped the event loop (stalls of 160-230 ms under load, and its boot
 * ran after the app's modules had loaded); on its own thread it boots while they load, and runs
 * statements while the loop parses requests and writes answers.
 *
 * It takes statements at once, before PGlite has opened, and runs them when it has: the server
 * sends its first ones (migrations, secrets) while it builds the app. A failure to open fails
 * them, and every later call.
 */
export function openPgliteThread(dataDir: string): PgliteThread {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: { dataDir, arrayTypes: ARRAY_TYPES, settings: PGLITE_SETTINGS },
  });
  const pending = new Map<number, Pending>();
  const listeners = new Map<number, { channel: string; onPayload: (payload: string) => void }>();
  let lastListener = 0;
  let lastId = 0;
  let failure: Error | null = null;
  /** It opened (a later exit is a crash), and whether close() stopped it. */
  let opened = false;
  let closing = false;

  const fail = (err: Error) => {
    failure ??= err;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => {
    const err = new Error(`the database thread stopped (exit code ${code})`);
    fail(err);
    // Without its database the server can only fail every request: it stops, and whatever runs
    // it starts it again (as a PGlite that aborted in this thread would have taken it down).
    if (!closing && opened) {
      process.nextTick(() => {
        throw err;
      });
    }
  });

  const call = <T>(op: string, args: Record<string, unknown> = {}): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = (lastId += 1);
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ id, op, ...args });
    });
  };
  // PGlite's protocol parser and type parsers, to read the answers here (pglite-worker.mjs says
  // why); loaded while the thread boots.
  const reading = import('@electric-sql/pglite');
  /** Made from the array types the thread sends as it opens, before any answer. */
  let reader: Promise<AnswerReader> | null = null;
  const readWith = (arrayTypes: ArrayTypes) => {
    reader = reading.then((pglite) => answerReader(pglite, arrayTypes));
    // A failed load fails the queries that read with it, not the process.
    reader.catch(() => {});
  };
  const onNotification = (channel: string, payload: string) => {
    for (const listener of listeners.values())
      if (listener.channel === channel) listener.onPayload(payload);
  };
  const query =
    (tx?: number) =>
    async (text: string, params: unknown[] = [], options: QueryOptions = {}) => {
      const answers = await call<Uint8Array[]>('query', { text, params, tx });
      if (!reader) throw new Error('the database thread is not open');
      const read = await reader;
      try {
        return read(answers, options.rowMode, onNotification);
      } catch (err) {
        throw Object.assign(err as Error, { query: text });
      }
    };

  worker.on('message', (msg: Message) => {
    if ('ready' in msg) {
      opened = msg.ready;
      if (msg.ready) {
        readWith(msg.arrayTypes);
      } else {
        fail(errorOf(msg.error));
        void worker.terminate();
      }
      return;
    }
    if ('notify' in msg) {
      listeners.get(msg.notify)?.onPayload(msg.payload);
      return;
    }
    const p = pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id);
    if ('error' in msg && msg.error) p.reject(errorOf(msg.error));
    else p.resolve('answers' in msg ? msg.answers : msg.result);
  });

  const thread: PgliteThread = {
    query: query(),
    async transaction(fn) {
      const tx = await call<number>('begin');
      let result;
      try {
        result = await fn({ query: query(tx) });
      } catch (err) {
        await call('end', { tx, commit: false });
        throw err;
      }
      await call('end', { tx, commit: true });
      return result;
    },
    async listen(channel, onPayload) {
      // Known here before the thread listens: a payload can arrive right after.
      const listener = (lastListener += 1);
      listeners.set(listener, { channel, onPayload });
      await call('listen', { channel, listener });
      return async () => {
        listeners.delete(listener);
        await call('unlisten', { listener });
      };
    },
    async refreshArrayTypes() {
      readWith(await call<ArrayTypes>('refreshArrayTypes'));
      await reader;
    },
    async close() {
      closing = true;
      try {
        await call('close');
      } finally {
        await worker.terminate();
      }
    },
  };
  return thread;
}

type Message =
  | { ready: true; arrayTypes: ArrayTypes }
  | { ready: false; error?: ErrorFields }
  | { notify: number; payload: string }
  | { id: number; answers: Uint8Array[] }
  | { id: number; result?: unknown; error?: ErrorFields };

type ErrorFields = { message: string; name?: string; stack?: string } & Record<string, unknown>;

/** PostgreSQL's error as the thread described it: its message and fields (code, constraint…). */
function errorOf(fields: ErrorFields | undefined): Error {
  const { message = 'database error', name, stack, ...rest } = fields ?? { message: '' };
  const err = Object.assign(new Error(message), rest);
  if (name) err.name = name;
  if (stack) err.stack = stack;
  return err;
}
