// `node --import` hook of start-loads.test.ts: when the server logs 'ready', writes to stderr the
// module files loaded by then (CommonJS from the require cache, ES modules from a load hook).
import { createRequire, register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';

const esm = new Set();
const { port1, port2 } = new MessageChannel();
port1.on('message', (url) => esm.add(url));
port1.unref();
const hooks = `
let port;
export function initialize(data) { port = data.port; }
export async function load(url, context, next) { port.postMessage(url); return next(url, context); }
`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`, {
  data: { port: port2 },
  transferList: [port2],
});

const require = createRequire(import.meta.url);
const write = process.stdout.write.bind(process.stdout);
let reported = false;
process.stdout.write = (chunk, ...rest) => {
  if (!reported && String(chunk).includes('"msg":"ready"')) {
    reported = true;
    // The load hook's last messages are on their way: one turn of the event loop more.
    setTimeout(() => {
      const files = [
        ...Object.keys(require.cache),
        ...[...esm].filter((u) => u.startsWith('file:')).map((u) => new URL(u).pathname),
      ];
      process.stderr.write(`LOADED ${JSON.stringify([...new Set(files)])}\n`);
    }, 50);
  }
  return write(chunk, ...rest);
};
