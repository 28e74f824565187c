import Fastify from 'fastify';
import { systemApi } from '@sm/contract/routes';
import { describe, expect, it } from 'vitest';
import { route } from './route.js';
import { createSerializerCompiler } from './serializer.js';
import { contentSecurityPolicy, securityHeadersPlugin } from './security-headers.js';

const OSM = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** What helmet 8 sent with the app's options, pinned: building them once must change no byte. */
const HELMET_HEADERS = {
  'content-security-policy':
    "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob: https://tile.openstreetmap.org;media-src 'self' blob:;font-src 'self' data:;connect-src 'self';manifest-src 'self';worker-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none';upgrade-insecure-requests",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** What a JSON answer needs of them: no framing, referrer or XSS-auditor headers of a page. */
const API_HEADERS = [
  'content-security-policy',
  'cross-origin-resource-policy',
  'strict-transport-security',
  'x-content-type-options',
];
const PAGE_ONLY = Object.keys(HELMET_HEADERS).filter((name) => !API_HEADERS.includes(name));

async function appWith(secure: boolean) {
  const app = Fastify();
  app.setSerializerCompiler(createSerializerCompiler({ checkContract: true }));
  await app.register(securityHeadersPlugin, { secure, mapTilesUrl: OSM });
  await app.register(
    async (api) => {
      route(api, systemApi.version, async () => ({ version: '1', code: 1, build: null }));
    },
    { prefix: '/api' },
  );
  app.get('/page', async (_req, reply) => reply.type('text/html').send('<p>page</p>'));
  app.get('/raw', (_req, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
    reply.raw.end(': hello\n\n');
  });
  app.get('/own-csp', async (_req, reply) =>
    reply.header('content-security-policy', "default-src 'none'").send('x'),
  );
  return app;
}

describe('security headers', () => {
  it('sends what helmet sent on pages, raw answers and not found', async () => {
    const app = await appWith(true);
    for (const url of ['/page', '/raw', '/nothing']) {
      const res = await app.inject(url);
      expect(res.headers, url).toMatchObject(HELMET_HEADERS);
    }
  });

  it('sends a JSON answer of the API the headers that matter to it, the same values', async () => {
    const res = await (await appWith(true)).inject('/api/version');
    expect(res.statusCode).toBe(200);
    for (const name of API_HEADERS)
      expect(res.headers[name], name).toBe(HELMET_HEADERS[name as keyof typeof HELMET_HEADERS]);
    for (const name of PAGE_ONLY) expect(res.headers[name], name).toBeUndefined();
  });

  it('lets a route replace one through its reply', async () => {
    const app = await appWith(true);
    const res = await app.inject('/own-csp');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('asks for HTTPS only when served over it', async () => {
    const res = await (await appWith(false)).inject('/api/version');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['content-security-policy']).toBe(
      HELMET_HEADERS['content-security-policy'].replace(';upgrade-insecure-requests', ''),
    );
  });

  it('allows the map tiles from their origin, subdomains as a wildcard, none if local', () => {
    const imgSrc = (mapTilesUrl: string) =>
      /img-src ([^;]*)/.exec(contentSecurityPolicy({ secure: false, mapTilesUrl }))?.[1];
    expect(imgSrc('https://{s}.tile.example.com/{z}/{x}/{y}.png')).toBe(
      "'self' data: blob: https://*.tile.example.com",
    );
    expect(imgSrc('/tiles/{z}/{x}/{y}.png')).toBe("'self' data: blob:");
  });
});
