// The live events' floor on this machine: a bare Node process writing one event-sized frame to
// each of `n` loopback sockets, as the server's fan-out must, without the database, HTTP or the
// app. The peers (this bench's process) hold the sockets unread, as the bench holds the streams it
// does not sample. Run by events.mjs: socketWriteFloor(n) forks this file as the writer.
import { fork } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { median } from './lib.mjs';

const ROUNDS = 10;
const OPEN_AT_ONCE = 200;
/** A bid's frame as the server writes one (events.service.ts eventFrame): 179 bytes. */
const FRAME = `id: 1234567\ndata: ${JSON.stringify({
  type: 'bid',
  auctionId: '00000000-0000-4000-8000-000000000000',
  lotId: '00000000-0000-4000-8000-000000000001',
  orderId: null,
  at: new Date(0).toISOString(),
})}\n\n`;

/** Answers the ms of writing the frame to `n` sockets: the median and fastest of ten rounds. */
export async function socketWriteFloor(n) {
  const writer = fork(fileURLToPath(import.meta.url), ['writer', String(n)], { stdio: 'ignore' });
  const next = () => new Promise((resolve) => writer.once('message', resolve));
  const sockets = [];
  try {
    const { port } = await next();
    while (sockets.length < n) {
      const batch = Math.min(OPEN_AT_ONCE, n - sockets.length);
      await Promise.all(
        Array.from(
          { length: batch },
          () =>
            new Promise((resolve, reject) => {
              const socket = net.connect({ host: '127.0.0.1', port }, resolve);
              socket.once('error', reject);
              socket.pause();
              sockets.push(socket);
            }),
        ),
      );
    }
    const times = (await next()).times;
    return { median: median(times), min: Math.min(...times) };
  } finally {
    for (const socket of sockets) socket.destroy();
    writer.kill();
  }
}

if (process.argv[2] === 'writer') {
  const n = Number(process.argv[3]);
  const frame = Buffer.from(FRAME);
  const accepted = [];
  const server = net.createServer((socket) => {
    accepted.push(socket);
    if (accepted.length === n) void writeRounds();
  });
  const writeRounds = async () => {
    const times = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const started = performance.now();
      for (const socket of accepted) socket.write(frame);
      times.push(Math.round(performance.now() - started));
    }
    process.send({ times });
  };
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
}
