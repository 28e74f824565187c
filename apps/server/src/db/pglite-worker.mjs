// PGlite on a thread of its own (pglite-thread.ts is the other side). Plain JavaScript, so that the
// same file runs beside the sources (tsx, Vitest) and beside the bundle (build.mjs copies it).
import v8 from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, protocol } from '@electric-sql/pglite';

// V8 compiles PostgreSQL's WASM quickly (Liftoff) and recompiles the functions that turn hot
// (TurboFan). Opening the database runs its start-up code hot enough for hundreds of those, most
// never run again: a third of the open's CPU, on a machine whose other core loads the server. A
// budget a hundred times V8's default leaves start-up on the quick code; the statements a server
// runs again and again still reach the optimised one (the same speed after a few hundred). The
// flag is the process's, and this thread's PGlite its only WASM.
v8.setFlagsFromString('--wasm-tiering-budget=180000000');

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

/** The array types, by the query the other side gives (ARRAY_TYPES): its parsers need them. */
const arrayTypes = async () => (await pg.query(workerData.arrayTypes)).rows;

// The other side sends its statements at once; they wait in this thread's port until the handler
// below is added, after the database opened. 'ready' comes first, with the array types, so the
// other side reads the answers that follow it without a round trip of its own for them.
const pg = await PGlite.create({
  dataDir: workerData.dataDir,
  startParams: [...PGlite.defaultStartParams, ...workerData.settings],
}).catch((err) => {
  post({ ready: false, error: describe(err) });
  return null;
});
if (pg) {
  await arrayTypes().then(
    (rows) => post({ ready: true, arrayTypes: rows }),
    (err) => post({ ready: false, error: describe(err) }),
  );
}

/**
 * Statements run as PostgreSQL's named prepared statements: parsed and planned once, then only
 * bound and executed. Their answer goes to the other thread as the protocol's bytes, transferred,
 * not copied: PGlite's own query() parses every row into objects on this thread, which the
 * message to the other thread then copies again; in a profile of the API under load that was a
 * third of this thread's time, and this thread, which runs every statement, is the one that
 * limits the server. pglite-thread.ts reads the bytes.
 */
const { serialize, Parser } = protocol;
const MAX_STATEMENTS = 256;
/** The prepared statements by text, least recently used first. */
const statements = new Map();
let lastStatement = 0;
/** Close messages of statements dropped from the map, sent ahead of the next execution. */
let closes = [];

const concat = (parts) => {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/** The first error (ErrorResponse) among the messages of an answer, or null. */
function errorIn(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 0; at + 5 <= bytes.length; at += 1 + view.getInt32(at + 1)) {
    if (bytes[at] !== 0x45) continue; // 'E'
    let error = null;
    new Parser().parse(bytes.subarray(at, at + 1 + view.getInt32(at + 1)), (m) => (error = m));
    return error;
  }
  return null;
}

/**
 * The bytes of PostgreSQL's answer to `parts`. Through the streaming call: the plain one also
 * parses every message on this thread, and keeps them all until PGlite's next query of its own.
 * So PGlite does not see these answers' NOTIFYs; pglite-thread.ts hands them to the listeners.
 */
async function raw(parts) {
  const chunks = [];
  await pg.execProtocolRawStream(concat(parts), {
    syncToFs: false,
    // A view of the WebAssembly memory, which the next statement overwrites.
    onRawData: (bytes) => chunks.push(bytes.slice()),
  });
  return chunks.length === 1 ? chunks[0] : concat(chunks);
}

/**
 * Runs one statement; answers the protocol's bytes of its preparation, if it was prepared now,
 * and of its execution.
 */
async function runStatement(text, params = [], autocommit, again = false) {
  const answers = [];
  let statement = statements.get(text);
  if (statement) {
    statements.delete(text); // to the end: the most recently used
  } else {
    const name = `s${(lastStatement += 1)}`;
    const prepared = await raw([
      serialize.parse({ name, text }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ]);
    answers.push(prepared);
    let paramTypes = [];
    let failed = false;
    new Parser().parse(prepared, (m) => {
      if (m.name === 'parameterDescription') paramTypes = m.dataTypeIDs;
      else if (m.name === 'error') failed = true;
    });
    if (failed) return answers;
    statement = { name, paramTypes };
    if (statements.size >= MAX_STATEMENTS) {
      const [oldest, { name: dropped }] = statements.entries().next().value;
      statements.delete(oldest);
      closes.push(serialize.close({ type: 'S', name: dropped }));
    }
  }
  statements.set(text, statement);
  // Each value as PGlite's query() sends it: by the serializer of the type PostgreSQL expects.
  const values = params.map((value, i) => {
    if (value === null || value === undefined) return null;
    const toText = pg.serializers[statement.paramTypes[i]];
    return toText ? toText(value) : value.toString();
  });
  const executed = await raw([
    ...closes.splice(0),
    serialize.bind({ statement: statement.name, values }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
    serialize.sync(),
  ]);
  answers.push(executed);
  // A statement whose plan no longer fits its tables (a migration changed them), or that the
  // database no longer knows, is prepared again: at once on its own, where nothing was done;
  // inside a transaction, which the failure has ended, by the next call.
  const code = errorIn(executed)?.code;
  if (code === '0A000' || code === '26000') {
    statements.delete(text);
    closes.push(serialize.close({ type: 'S', name: statement.name }));
    if (autocommit && !again) return runStatement(text, params, autocommit, true);
  }
  if (autocommit) await pg.syncToFs();
  return answers;
}

/** Open transactions by id: how to end each. */
const transactions = new Map();
let lastTransaction = 0;
const listeners = new Map();

parentPort.on('message', (msg) => {
  switch (msg.op) {
    case 'query': {
      const open = msg.tx ? transactions.get(msg.tx) : null;
      if (msg.tx && !open) {
        post({ id: msg.id, error: { message: `no open transaction ${msg.tx}` } });
        return;
      }
      // Outside a transaction a statement waits for any open one to end, as PGlite's own
      // query() does; inside one, the transaction holds that lock already.
      const run = () => pg._runExclusiveQuery(() => runStatement(msg.text, msg.params, !open));
      (open ? run() : pg._runExclusiveTransaction(run)).then(
        (answers) =>
          parentPort.postMessage(
            { id: msg.id, answers },
            answers.map((a) => a.buffer),
          ),
        (err) => post({ id: msg.id, error: describe(err) }),
      );
      return;
    }
    case 'begin': {
      const id = (lastTransaction += 1);
      let started = false;
      // PGlite holds its lock for as long as the callback runs: queries outside wait, as they
      // would for a transaction on a connection of PostgreSQL's.
      pg.transaction(
        () =>
          new Promise((resolve, reject) => {
            started = true;
            transactions.set(id, { resolve, reject, endId: null });
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
      void reply(msg.id, async () => {
        await pg.refreshArrayTypes();
        return arrayTypes();
      });
      return;
    case 'close':
      void reply(msg.id, () => pg.close());
      return;
    default:
      post({ id: msg.id, error: { message: `unknown operation ${msg.op}` } });
  }
});
