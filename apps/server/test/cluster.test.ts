import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './helpers.js';
import { PROCESS_START_MS, type ServerProcess, startServerProcess } from './processes.js';

/** The live processes whose parent is `pid` (Linux: /proc). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        // pid (comm) state ppid …: comm may hold spaces, so read after its closing parenthesis.
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return Number(ppid) === pid && state !== 'Z';
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

/** Which of `pids` holds the server's end of the TCP connection from local port `clientPort`. */
function holderOf(clientPort: number, serverPort: number, pids: number[]): number | undefined {
  const hex = (n: number) => `:${n.toString(16).toUpperCase().padStart(4, '0')}`;
  const row = readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .find(
      ([, local, remote]) => local?.endsWith(hex(serverPort)) && remote?.endsWith(hex(clientPort)),
    );
  const socket = `socket:[${row?.[9]}]`;
  return pids.find((pid) =>
    readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`) === socket;
      } catch {
        return false;
      }
    }),
  );
}

/** GET /api/health on a connection of its own: the answer's status line and who answered it. */
async function healthVia(serverPort: number, workers: number[]) {
  const socket = connect(serverPort, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  const answer = await new Promise<string>((resolve) =>
    socket.once('data', (chunk: Buffer) => resolve(chunk.toString())),
  );
  // Asked while the connection is still open: the process holding it is the one that answered.
  const pid = holderOf(socket.localPort ?? 0, serverPort, workers);
  socket.destroy();
  return { status: answer.split('\r\n')[0], pid };
}

const until = async <T>(read: () => T | Promise<T>, ok: (value: T) => boolean): Promise<T> => {
  for (let i = 0; i < 300; i++) {
    const value = await read();
    if (ok(value)) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out');
};

/**
 * WEB_CONCURRENCY (issue 20 item 5): `npm start` on PostgreSQL forks one server process per core
 * sharing the port. Seen from outside: the primary's children, which of them holds each
 * connection, and what happens to them when one dies and when the primary is told to stop.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('WEB_CONCURRENCY=2 on PostgreSQL', () => {
  let db: TestDatabase | undefined;
  let dir: string | undefined;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    await db?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it(
    'two worker processes answer; a dead one is replaced; SIGTERM stops them all',
    async () => {
      db = await createTestDatabase('postgres');
      dir = await mkdtemp(path.join(tmpdir(), 'sm-cluster-'));
      server = await startServerProcess({
        DATA_DIR: dir,
        DATABASE_URL: db.url ?? '',
        WEB_CONCURRENCY: '2',
      });
      const serverPort = Number(new URL(server.base).port);
      const primary = server.child.pid ?? 0;
      const serverFile = path.join(dir, 'server.json');
      // Written by the primary once both workers listen: the operator CLI's way to the server.
      const written = await until(() => {
        try {
          return readFileSync(serverFile, 'utf8');
        } catch {
          return '';
        }
      }, Boolean);
      expect(JSON.parse(written)).toEqual({ pid: primary, port: serverPort });
      const workers = childrenOf(primary);
      expect(workers).toHaveLength(2);

      // Connections are handed to the workers in turn: both answer.
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await healthVia(serverPort, workers));
      expect(answers.map((a) => a.status)).toEqual(Array(4).fill('HTTP/1.1 200 OK'));
      expect(new Set(answers.map((a) => a.pid))).toEqual(new Set(workers));

      // One dies: the other keeps answering, and a new worker takes the dead one's place.
      const [dead, alive] = workers as [number, number];
      process.kill(dead, 'SIGKILL');
      const now = await until(
        () => childrenOf(primary),
        (pids) => pids.length === 2 && !pids.includes(dead),
      );
      expect(now).toContain(alive);
      const replacement = now.find((pid) => pid !== alive) ?? 0;
      // Answers come from the one left until the new one listens, then from both.
      const first = await healthVia(serverPort, now);
      expect(first).toEqual({ status: 'HTTP/1.1 200 OK', pid: expect.any(Number) });
      await until(
        () => healthVia(serverPort, now),
        (answer) => answer.pid === replacement,
      );
      const after = [];
      for (let i = 0; i < 4; i++) after.push(await healthVia(serverPort, now));
      expect(new Set(after.map((a) => a.pid))).toEqual(new Set([alive, replacement]));

      // SIGTERM to the primary: every worker stops, then the primary, and server.json goes.
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(childrenOf(primary)).toEqual([]);
      for (const pid of now) expect(() => process.kill(pid, 0)).toThrow();
      await expect(readFile(serverFile)).rejects.toThrow(/ENOENT/);
    },
    PROCESS_START_MS + 60_000,
  );
});
