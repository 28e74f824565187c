import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT_PHONE, DEMO_PASSWORD } from '../../src/cli/seed.js';
import { COOKIE_OF, DEVICE_COOKIE_OF } from '../../src/modules/auth/auth.guard.js';
import { DEMO_BUYER_PHONES, seedDemoData, signIn } from '../auctions.js';
import { Client, createTestApp, type TestApp } from '../helpers.js';

/**
 * Reliability (issue 7, item 6): sign-in under attack. Guessing passwords is stopped however the
 * guesses are dressed up, the session cookie cannot be read by scripts or sent by other sites (and
 * only over HTTPS in production), and no state-changing route obeys another origin. HTTP-level
 * rules, the same on every database: PGlite only.
 */

const EVIL = 'https://evil.example';
const HOST = 'localhost:3000';
/** One demo account's phone written every way the server accepts it. */
const PHONE_FORMS = ['012-345 6789', '0123456789', '+60123456789', '+60 12-345 6789'];

interface SetCookie {
  name: string;
  value: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
  path?: string;
  maxAge?: number;
}

describe('session cookies in production (reliability)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Production as configured by default: Secure cookies, HSTS, full-cost password hashes.
    t = await createTestApp('pglite', { NODE_ENV: 'production', PASSWORD_HASH_COST: '17' });
    await seedDemoData(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['merchant', '/api/auth/login', DEMO_MERCHANT_PHONE],
    ['buyer', '/api/buyer/auth/login', DEMO_BUYER_PHONES[0]!],
  ] as const)(
    'gives the %s an HttpOnly, SameSite, Secure session cookie',
    async (role, url, phone) => {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { host: HOST },
        payload: { phone, password: DEMO_PASSWORD },
      });
      expect(res.statusCode, res.body).toBe(200);
      const cookies = res.cookies as SetCookie[];
      // The session, and the device cookie that keeps this browser out of strangers' locks.
      expect(cookies.map((c) => c.name)).toEqual([COOKIE_OF[role], DEVICE_COOKIE_OF[role]]);
      const [cookie, device] = cookies;
      expect(device).toMatchObject({
        httpOnly: true,
        secure: true,
        sameSite: 'Lax',
        path: '/',
        maxAge: 365 * 24 * 3600,
      });
      expect(res.body).not.toContain(device!.value);
      expect(cookie).toMatchObject({
        httpOnly: true,
        secure: true,
        sameSite: 'Lax',
        path: '/',
        maxAge: 30 * 24 * 3600,
      });
      // The token is only ever in the cookie: never in the body a script can read.
      expect(res.body).not.toContain(cookie!.value);
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['cache-control'] ?? 'no-store').toMatch(/no-store|private/);

      // Signing out clears it with the same flags, and the old token is dead.
      const out = await t.app.inject({
        method: 'POST',
        url: url.replace('login', 'logout'),
        headers: { host: HOST, cookie: `${cookie!.name}=${cookie!.value}` },
        payload: {},
      });
      expect(out.statusCode).toBe(200);
      const cleared = (out.cookies as SetCookie[]).find((c) => c.name === cookie!.name);
      expect(cleared).toMatchObject({ value: '', httpOnly: true, secure: true, sameSite: 'Lax' });
      const me = await t.app.inject({
        url: role === 'merchant' ? '/api/me' : '/api/buyer/me',
        headers: { cookie: `${cookie!.name}=${cookie!.value}` },
      });
      expect(me.statusCode).toBe(401);
    },
  );
});

describe('password guessing (reliability)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The production limit of sign-in requests per address and minute.
    t = await createTestApp('pglite', { AUTH_RATE_LIMIT_PER_MINUTE: '30' });
    await seedDemoData(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['merchant', '/api/auth/login'],
    ['buyer', '/api/buyer/auth/login'],
  ] as const)(
    'locks the %s account for a guessing address however the phone is written or the address disguised',
    async (role, url) => {
      const phones = role === 'merchant' ? PHONE_FORMS : [DEMO_BUYER_PHONES[1]!];
      const attacker = new Client(t.app, role === 'merchant' ? '203.0.113.50' : '203.0.113.51');
      const codes: string[] = [];
      for (let i = 0; i < 8; i += 1) {
        // Each guess claims to come from elsewhere; without TRUST_PROXY the header is not believed.
        const res = await attacker.request(
          'POST',
          url,
          { phone: phones[i % phones.length], password: `guess-${i}-wrong` },
          { 'x-forwarded-for': `198.18.0.${i + 1}`, 'x-real-ip': `198.18.1.${i + 1}` },
        );
        codes.push(res.json().code);
      }
      expect(codes).toEqual([
        ...Array(4).fill('INVALID_CREDENTIALS'),
        ...Array(4).fill('ACCOUNT_LOCKED'),
      ]);
      // The right password does not get through the lock either, so guessing stops here.
      const right = await attacker.post(url, { phone: phones[0], password: DEMO_PASSWORD });
      expect(right.statusCode).toBe(429);
      expect(right.json().code).toBe('ACCOUNT_LOCKED');
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(14 * 60);

      // The lock ends after fifteen minutes (the server's clock).
      t.clock.advance(15 * 60_000 + 1000);
      const later = await attacker.post(url, { phone: phones[0], password: DEMO_PASSWORD });
      expect(later.statusCode, later.body).toBe(200);
    },
  );

  it('counts an IPv6 guesser by its /64 network, not by each of its 2^64 addresses', async () => {
    const codes: string[] = [];
    for (let i = 1; i <= 6; i += 1) {
      const guesser = new Client(t.app, `2001:db8:77:1::${i.toString(16)}:${i}`);
      const res = await guesser.post('/api/buyer/auth/login', {
        phone: DEMO_BUYER_PHONES[2],
        password: `guess-${i}-wrong`,
      });
      codes.push(res.json().code);
    }
    expect(codes).toEqual([
      ...Array(4).fill('INVALID_CREDENTIALS'),
      ...Array(2).fill('ACCOUNT_LOCKED'),
    ]);
    // Another network is another client.
    const other = new Client(t.app, '2001:db8:77:2::1');
    const res = await other.post('/api/buyer/auth/login', {
      phone: DEMO_BUYER_PHONES[2],
      password: DEMO_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('answers a wrong password and an unknown phone alike, so accounts cannot be discovered', async () => {
    const c = new Client(t.app, '203.0.113.52');
    const known = await c.post('/api/auth/login', { phone: '012-345 6789', password: 'Wrong#123' });
    const unknown = await c.post('/api/auth/login', {
      phone: '019-876 5432',
      password: 'Wrong#123',
    });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
  });

  it('limits sign-in requests per address, whatever address the request claims', async () => {
    const flood = new Client(t.app, '203.0.113.53');
    const statuses: number[] = [];
    for (let i = 0; i < 32; i += 1) {
      const res = await flood.request(
        'POST',
        '/api/auth/login',
        // A new unknown phone each time: no account lock, only the address's allowance counts.
        { phone: `019-000 ${String(1000 + i)}`, password: 'Wrong#123' },
        { 'x-forwarded-for': `198.18.2.${i + 1}` },
      );
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array(30).fill(401), 429, 429]);
    // An IPv6 client's whole /64 shares one allowance.
    const v6: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const res = await new Client(t.app, `2001:db8:99:5:${i.toString(16)}::1`).post(
        '/api/auth/login',
        { phone: `019-000 ${String(2000 + i)}`, password: 'Wrong#123' },
      );
      v6.push(res.statusCode);
    }
    expect(v6).toEqual([...Array(30).fill(401), 429]);
    // The demo merchant, from another address, signs in as usual.
    await signIn(t, 'merchant');
  });
});

describe('requests from other sites (reliability)', () => {
  let t: TestApp;
  let merchant: Client;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    await seedDemoData(t);
    merchant = await signIn(t, 'merchant');
    cookie = merchant.cookieHeader();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Every state-changing API route, as the app's OpenAPI document lists it, with made-up ids. */
  const stateChanging = () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    return Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.keys(ops)
        .filter((m) => ['post', 'put', 'patch', 'delete'].includes(m))
        .map((m) => ({
          method: m.toUpperCase() as 'POST',
          url: p.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000'),
        })),
    );
  };

  it('refuses every state-changing route from another origin, before it does anything', async () => {
    const routes = stateChanging();
    expect(routes.length).toBeGreaterThan(40);
    const disguises: Record<string, string>[] = [
      { origin: EVIL },
      { origin: `http://${HOST}.evil.example` },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    const obeyed: string[] = [];
    for (const { method, url } of routes) {
      for (const headers of disguises) {
        const res = await t.app.inject({
          method,
          url,
          headers: { host: HOST, cookie, 'content-type': 'application/json', ...headers },
          payload: '{}',
        });
        if (res.statusCode !== 403 || res.json().code !== 'CROSS_ORIGIN')
          obeyed.push(`${method} ${url} ${JSON.stringify(headers)} → ${res.statusCode}`);
      }
    }
    expect(obeyed).toEqual([]);

    // Nothing happened: the session still works, the store is as it was.
    const me = await merchant.get('/api/me');
    expect(me.statusCode).toBe(200);
  });

  it('changes the store from its own origin, and not from another one', async () => {
    const before = (await merchant.get('/api/store')).json();
    const input = { name: 'Renamed by evil', address: before.address ?? 'Jeti 1, Kuantan' };
    const evil = await t.app.inject({
      method: 'PUT',
      url: '/api/store/basic-info',
      headers: { host: HOST, cookie, origin: EVIL },
      payload: input,
    });
    expect(evil.statusCode).toBe(403);
    expect((await merchant.get('/api/store')).json().name).toBe(before.name);
    const own = await t.app.inject({
      method: 'PUT',
      url: '/api/store/basic-info',
      headers: { host: HOST, cookie, origin: `http://${HOST}` },
      payload: { ...input, name: 'Renamed at home' },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect((await merchant.get('/api/store')).json().name).toBe('Renamed at home');
  });

  it('lets no other origin read the API (no CORS grant)', async () => {
    const read = await t.app.inject({ url: '/api/me', headers: { cookie, origin: EVIL } });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/store/basic-info',
      headers: {
        origin: EVIL,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
  });
});
