// PGlite on a thread of its own (pglite-thread.ts is the other side). Plain JavaScript, so that the
// same file runs beside the sources (tsx, Vitest) and beside the bundle (build.mjs copies it).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';

/**
 * Drizzle's parsers for PGlite: dates, times and intervals (and their arrays) stay text, as
 * drizzle-orm/pglite asks for them on every query. Functions cannot cross threads, so they are
 * applied here, to every query.
 */
const same = (value) => value;
const PARSERS = Object.fromEntries(
  [
    types.TIMESTAMP,
    types.TIMESTAMPTZ,
    types.INTERVAL,
    types.DATE,
    1231,
    1115,
    1185,
    1187,
    1182,
  ].map((type) => [type, same]),
);

/** A transaction's end that is a rollback, not a failure. */
class Rollback extends Error {}

/** What an error says, as fields a structured clone keeps (a class and its prototype do not). */
function describe(err) {
  if (!(err instanceof Error)) return { message: String(err) };
  const fields = { ...err, name: err.name, message: err.message, stack: err.stack };
  return JSON.parse(JSON.stringify(fields, (_, v) => (typeof v === 'bigint' ? String(v) : v)));
}

const post = (message) => parentPort.postMessage(message);
const reply = (id, work) =>
  Promise.resolve()
    .then(work)
    .then(
      (result) => post({ id, result }),
      (err) => post({ id, error: describe(err) }),
    );

// The other side sends nothing before it hears that the database is open.
const pg = await PGlite.create({ dataDir: workerData.dataDir }).catch((err) => {
  post({ ready: false, error: describe(err) });
  return null;
});
if (pg) post({ ready: true });

/** Open transactions by id: the client PGlite lends, and how to end the transaction. */
const transactions = new Map();
let lastTransaction = 0;
const listeners = new Map();

parentPort.on('message', (msg) => {
  switch (msg.op) {
    case 'query': {
      const client = msg.tx ? transactions.get(msg.tx)?.client : pg;
      if (!client) {
        post({ id: msg.id, error: { message: `no open transaction ${msg.tx}` } });
        return;
      }
      void reply(msg.id, async () => {
        const { rows, fields, affectedRows } = await client.query(msg.text, msg.params, {
          rowMode: msg.rowMode,
          parsers: PARSERS,
        });
        return { rows, fields, affectedRows };
      });
      return;
    }
    case 'begin': {
      const id = (lastTransaction += 1);
      let started = false;
      // PGlite holds its lock for as long as the callback runs: queries outside wait, as they
      // would for a transaction on a connection of PostgreSQL's.
      pg.transaction(
        (client) =>
          new Promise((resolve, reject) => {
            started = true;
            transactions.set(id, { client, resolve, reject, endId: null });
            post({ id: msg.id, result: id });
          }),
      )
        .then(
          () => ({ result: null }),
          (err) => (err instanceof Rollback ? { result: null } : { error: describe(err) }),
        )
        .then((answer) => {
          const endId = transactions.get(id)?.endId;
          transactions.delete(id);
          // The end's answer (the commit's error, if any), or the begin's when it never began.
          post({ id: started ? endId : msg.id, ...answer });
        });
      return;
    }
    case 'end': {
      const open = transactions.get(msg.tx);
      if (!open) {
        post({ id: msg.id, error: { message: `no open transaction ${msg.tx}` } });
        return;
      }
      open.endId = msg.id;
      if (msg.commit) open.resolve();
      else open.reject(new Rollback());
      return;
    }
    case 'listen':
      void reply(msg.id, async () => {
        const stop = await pg.listen(msg.channel, (payload) =>
          post({ notify: msg.listener, payload }),
        );
        listeners.set(msg.listener, stop);
      });
      return;
    case 'unlisten':
      void reply(msg.id, async () => {
        await listeners.get(msg.listener)?.();
        listeners.delete(msg.listener);
      });
      return;
    case 'refreshArrayTypes':
      void reply(msg.id, () => pg.refreshArrayTypes());
      return;
    case 'close':
      void reply(msg.id, () => pg.close());
      return;
    default:
      post({ id: msg.id, error: { message: `unknown operation ${msg.op}` } });
  }
});
