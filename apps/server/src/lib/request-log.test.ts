import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { lazyChildLogger, RequestLog } from './request-log.js';

async function appAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  const app = Fastify({
    logger: { level, stream },
    logController: new RequestLog(),
    childLoggerFactory: lazyChildLogger,
  });
  const child = vi.spyOn(app.log, 'child');
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/chatty', async (req) => {
    req.log.info({ step: 1 }, 'said at info');
    req.log.warn({ step: 2 }, 'said at warn');
    return { ok: true };
  });
  await app.ready();
  const settled = () => new Promise((resolve) => setImmediate(resolve));
  return { app, lines, child, settled };
}

describe('request logging', () => {
  it('writes one line per request at info, as it is answered', async () => {
    const { app, lines, settled } = await appAt('info');
    await app.inject({ url: '/quiet?x=1', remoteAddress: '10.0.0.7' });
    await settled();
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        reqId: expect.any(String),
        req: expect.objectContaining({
          method: 'GET',
          url: '/quiet?x=1',
          remoteAddress: '10.0.0.7',
        }),
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
  });

  it('makes no child logger for a request that writes no line', async () => {
    const { app, lines, child, settled } = await appAt('warn');
    child.mockClear();
    await app.inject('/quiet');
    await settled();
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
  });

  it('writes what a handler logs at the level, with the request id', async () => {
    const { app, lines, settled } = await appAt('warn');
    await app.inject('/chatty');
    await settled();
    expect(lines).toEqual([
      expect.objectContaining({ level: 40, msg: 'said at warn', step: 2, reqId: 'req-1' }),
    ]);
  });
});
