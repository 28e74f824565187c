import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyDeadline } from './body-deadline.js';

/** A window short enough for a test; the rule is the same at 10 s. */
const WINDOW_MS = 300;

describe('a request body that stalls is cut off', () => {
  const app = Fastify();
  let port = 0;

  beforeAll(async () => {
    await app.register(bodyDeadline, { windowMs: WINDOW_MS });
    app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_r, body, done) =>
      done(null, body),
    );
    app.post('/upload', async (req) => ({ bytes: (req.body as Buffer).length }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app.close());

  /** Sends headers for `length` bytes, then `chunk` bytes every `everyMs`; what came back. */
  function send(length: number, chunk: number, everyMs: number) {
    return new Promise<{ text: string; ms: number }>((resolve) => {
      const started = Date.now();
      const socket = connect(port, '127.0.0.1');
      let text = '';
      let sent = 0;
      socket.write(
        `POST /upload HTTP/1.1\r\nhost: x\r\ncontent-type: application/octet-stream\r\ncontent-length: ${length}\r\n\r\n`,
      );
      const timer = setInterval(() => {
        if (sent >= length) return clearInterval(timer);
        const n = Math.min(chunk, length - sent);
        sent += n;
        socket.write(Buffer.alloc(n, 1));
      }, everyMs);
      socket.on('data', (d: Buffer) => (text += d.toString()));
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ text, ms: Date.now() - started });
      });
      socket.on('error', () => undefined);
      // A completed exchange: close our side once answered.
      socket.on('data', () => setTimeout(() => socket.end(), 20));
    });
  }

  it('answers 408 REQUEST_STALLED to a body trickling a byte at a time, within a window or two', async () => {
    const { text, ms } = await send(100_000, 1, 50);
    expect(text).toMatch(/^HTTP\/1\.1 408/);
    expect(text).toContain('REQUEST_STALLED');
    expect(ms).toBeLessThan(WINDOW_MS * 3 + 500);
  });

  it('lets a slow but moving body through', async () => {
    // 2 KB every 100 ms: far above the floor of 1 KB a window.
    const { text } = await send(20_000, 2_048, 100);
    expect(text).toMatch(/^HTTP\/1\.1 200/);
    expect(text).toContain('"bytes":20000');
  });
});
