import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotInput, publish, seedDemoData, signIn } from './auctions.js';
import { type Client, createTestApp, type TestApp } from './helpers.js';

/** JSON answers are compressed when they are worth it, in whichever encoding the client takes. */
describe('compressed answers', () => {
  let t: TestApp;
  let merchant: Client;
  let page: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    await seedDemoData(t);
    merchant = await signIn(t, 'merchant');
    const { lotIds } = await publish(merchant, [
      await lotInput(merchant, t),
      await lotInput(merchant, t),
      await lotInput(merchant, t),
    ]);
    page = `/api/lots/${lotIds[0]}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends a page over 1 KB as brotli or gzip, the same JSON once decoded', async () => {
    const plain = await merchant.request('GET', page, undefined, {
      'accept-encoding': 'identity',
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await merchant.request('GET', page, undefined, {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    // Compressed in one call, so its length is known and sent.
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await merchant.request('GET', page, undefined, {
      'accept-encoding': 'gzip',
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('streams an answer over 64 KB through the compressor', async () => {
    const res = await merchant.request('GET', '/api/docs/json', undefined, {
      'accept-encoding': 'br',
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-length']).toBeUndefined();
    const document = JSON.parse(brotliDecompressSync(res.rawPayload).toString()) as object;
    expect(document).toHaveProperty('openapi');
  });

  it('leaves a small answer as it is', async () => {
    const res = await merchant.request('GET', '/api/dashboard', undefined, {
      'accept-encoding': 'br',
    });
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
