import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Client,
  createTestApp,
  DB_KINDS,
  latestSmsCode,
  registerBySms,
  type TestApp,
} from '../../../test/helpers.js';

const PASSWORD = 'Secret#2026';
let phoneSeq = 0;
/** A fresh Malaysian mobile per test, so tests do not share SMS limits. */
const newPhone = () => {
  phoneSeq += 1;
  const digits = String(4_000_000 + phoneSeq).padStart(7, '0');
  return { display: `017-${digits.slice(0, 3)} ${digits.slice(3)}`, e164: `+6017${digits}` };
};

describe.each(DB_KINDS)('sign-in on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function register(
    client: Client,
    phone = newPhone(),
    role: 'merchant' | 'buyer' = 'merchant',
  ) {
    await registerBySms(t.app, client, role, phone, PASSWORD);
    return phone;
  }

  it('registers, signs in, reads the profile and signs out', async () => {
    const client = new Client(t.app);
    const phone = await register(client);
    const me = await client.get('/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      role: 'merchant',
      phone: phone.e164,
      businessStatus: 'unverified',
      storeName: null,
    });

    const out = await client.post('/api/auth/logout');
    expect(out.json()).toEqual({ ok: true });
    expect((await client.get('/api/me')).json().code).toBe('NOT_LOGGED_IN');

    // Any accepted way of writing the number signs in to the same account.
    const again = new Client(t.app);
    const login = await again.post('/api/auth/login', {
      phone: phone.e164.replace('+60', '+60 '),
      password: PASSWORD,
    });
    expect(login.statusCode, login.body).toBe(200);
    const cookie = login.cookies.find((c) => c.name === 'sm_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect((await again.get('/api/me')).json().phone).toBe(phone.e164);
  });

  it('refuses a wrong password and an unknown phone alike', async () => {
    const client = new Client(t.app);
    const phone = await register(client);
    const wrong = await new Client(t.app).post('/api/auth/login', {
      phone: phone.display,
      password: 'not-the-one',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: 'Wrong phone number or password',
    });
    const unknown = await new Client(t.app).post('/api/auth/login', {
      phone: '019-999 9999',
      password: PASSWORD,
    });
    expect(unknown.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('locks an address out of an account after five wrong passwords, for fifteen minutes', async () => {
    const phone = await register(new Client(t.app));
    const attacker = new Client(t.app, '203.0.113.9');
    const codes: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      codes.push(
        (
          await attacker.post('/api/auth/login', { phone: phone.display, password: 'wrong-pass' })
        ).json().code,
      );
    }
    expect(codes).toEqual([
      'INVALID_CREDENTIALS',
      'INVALID_CREDENTIALS',
      'INVALID_CREDENTIALS',
      'INVALID_CREDENTIALS',
      'ACCOUNT_LOCKED',
    ]);
    const locked = await attacker.post('/api/auth/login', {
      phone: phone.display,
      password: PASSWORD,
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('ACCOUNT_LOCKED');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);

    // The owner, elsewhere, is not locked out by a stranger's guesses.
    const owner = new Client(t.app, '198.51.100.7');
    expect(
      (await owner.post('/api/auth/login', { phone: phone.display, password: PASSWORD }))
        .statusCode,
    ).toBe(200);

    t.clock.advance(15 * 60_000 + 1000);
    expect(
      (await attacker.post('/api/auth/login', { phone: phone.display, password: PASSWORD }))
        .statusCode,
    ).toBe(200);
  });

  it('a stranger behind the owner’s address cannot lock the owner’s known phone out', async () => {
    // One carrier NAT: the owner's phone and a stranger share 203.0.113.20.
    const phone = await register(new Client(t.app));
    const ownPhone = new Client(t.app, '203.0.113.20');
    const signIn = (c: Client, password = PASSWORD) =>
      c.post('/api/auth/login', { phone: phone.display, password });
    expect((await signIn(ownPhone)).statusCode).toBe(200);
    const device = ownPhone.cookieHeader().match(/sm_device=([^;]+)/)?.[1];
    expect(device).toMatch(/^[\w-]{22}\.[0-9a-f]{64}$/);

    const stranger = new Client(t.app, '203.0.113.20');
    for (let i = 0; i < 5; i += 1) await signIn(stranger, 'wrong-pass');
    expect((await signIn(stranger)).json().code).toBe('ACCOUNT_LOCKED');
    // A new browser at that address is locked too; the phone that signed in before is not.
    expect((await signIn(new Client(t.app, '203.0.113.20'))).json().code).toBe('ACCOUNT_LOCKED');
    expect((await signIn(ownPhone)).statusCode).toBe(200);
    // A device cookie made up, or of another account, is no known device.
    const forger = new Client(t.app, '203.0.113.20');
    const forged = await forger.request(
      'POST',
      '/api/auth/login',
      {
        phone: phone.display,
        password: PASSWORD,
      },
      { cookie: `sm_device=${'a'.repeat(22)}.${'0'.repeat(64)}` },
    );
    expect(forged.json().code).toBe('ACCOUNT_LOCKED');

    // The merchant is told, with the address: once per lock.
    const news = (await ownPhone.get('/api/notifications?limit=50')).json<{
      items: { type: string; data: { address: string } }[];
    }>();
    expect(news.items.filter((n) => n.type === 'sign_in_locked')).toEqual([
      expect.objectContaining({ data: { address: '203.0.113.20' } }),
    ]);

    // Guesses locking a second address while the first lock lasts: the same attack, no second
    // push.
    const another = new Client(t.app, '203.0.113.21');
    for (let i = 0; i < 5; i += 1) await signIn(another, 'wrong-pass');
    expect((await signIn(another)).json().code).toBe('ACCOUNT_LOCKED');
    const again = (await ownPhone.get('/api/notifications?limit=50')).json<{
      items: { type: string }[];
    }>();
    expect(again.items.filter((n) => n.type === 'sign_in_locked')).toHaveLength(1);

    // Its own wrong passwords lock the known phone by itself, and tell nobody.
    for (let i = 0; i < 5; i += 1) await signIn(ownPhone, 'wrong-pass');
    expect((await signIn(ownPhone)).json().code).toBe('ACCOUNT_LOCKED');
    const after = (
      await new Client(t.app, '198.51.100.20').post('/api/auth/login', {
        phone: phone.display,
        password: PASSWORD,
      })
    ).json<{ id: string }>();
    expect(after.id).toBeTruthy();
  });

  it('refuses a common password at sign-up and reset, in any case, before the code', async () => {
    const c = new Client(t.app);
    const phone = newPhone();
    await c.post('/api/auth/sms-code', { phone: phone.display, purpose: 'register' });
    const code = await latestSmsCode(t.app, phone.e164);
    for (const password of ['12345678', 'Password1', 'IloveYou', 'qwertyuiop']) {
      const res = await c.post('/api/auth/register', {
        phone: phone.display,
        code,
        password,
        confirmPassword: password,
        agreePolicy: true,
      });
      expect(res.statusCode, password).toBe(400);
      expect(res.json(), password).toMatchObject({
        code: 'PASSWORD_TOO_COMMON',
        field: 'password',
      });
    }
    // The code was not spent on them: it still signs up with a password of one's own.
    const ok = await c.post('/api/auth/register', {
      phone: phone.display,
      code,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      agreePolicy: true,
    });
    expect(ok.statusCode, ok.body).toBe(200);

    await c.post('/api/auth/sms-code', { phone: phone.display, purpose: 'reset' });
    const reset = await c.post('/api/auth/reset-password', {
      phone: phone.display,
      code: await latestSmsCode(t.app, phone.e164),
      password: 'baseball1',
      confirmPassword: 'baseball1',
    });
    expect(reset.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON', field: 'password' });
  });

  it('forgets old wrong passwords: only a run within fifteen minutes locks', async () => {
    const phone = await register(new Client(t.app));
    const c = new Client(t.app, '203.0.113.10');
    for (let i = 0; i < 4; i += 1)
      await c.post('/api/auth/login', { phone: phone.display, password: 'wrong-pass' });
    t.clock.advance(16 * 60_000);
    const fifth = await c.post('/api/auth/login', { phone: phone.display, password: 'wrong-pass' });
    expect(fifth.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses a wrong, an expired and a reused code', async () => {
    const c = new Client(t.app);
    const phone = newPhone();
    await c.post('/api/auth/sms-code', { phone: phone.display, purpose: 'register' });
    const code = await latestSmsCode(t.app, phone.e164);
    const body = {
      phone: phone.display,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      agreePolicy: true,
    };
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await c.post('/api/auth/register', { ...body, code: wrongCode });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CODE', field: 'code' });

    t.clock.advance(5 * 60_000 + 1);
    expect((await c.post('/api/auth/register', { ...body, code })).json().code).toBe(
      'INVALID_CODE',
    );

    // A fresh code works once; using it again for a reset fails even though it is still in time.
    t.clock.advance(60_000);
    await c.post('/api/auth/sms-code', { phone: phone.display, purpose: 'register' });
    const fresh = await latestSmsCode(t.app, phone.e164);
    expect((await c.post('/api/auth/register', { ...body, code: fresh })).statusCode).toBe(200);
    t.clock.advance(61_000);
    await c.post('/api/auth/sms-code', { phone: phone.display, purpose: 'reset' });
    const resetCode = await latestSmsCode(t.app, phone.e164);
    const reset = {
      phone: phone.display,
      code: resetCode,
      password: 'Another#2026',
      confirmPassword: 'Another#2026',
    };
    expect((await c.post('/api/auth/reset-password', reset)).statusCode).toBe(200);
    const reused = await c.post('/api/auth/reset-password', reset);
    expect(reused.json().code).toBe('INVALID_CODE');
  });

  it('burns a code after five wrong tries: the sixth try fails even with the right code', async () => {
    const c = new Client(t.app);
    const phone = newPhone();
    await c.post('/api/auth/sms-code', { phone: phone.display, purpose: 'register' });
    const code = await latestSmsCode(t.app, phone.e164);
    const wrongCode = code === '123456' ? '654321' : '123456';
    const body = {
      phone: phone.display,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      agreePolicy: true,
    };
    const answers: string[] = [];
    for (let i = 0; i < 5; i += 1)
      answers.push((await c.post('/api/auth/register', { ...body, code: wrongCode })).json().code);
    expect(answers).toEqual([
      'INVALID_CODE',
      'INVALID_CODE',
      'INVALID_CODE',
      'INVALID_CODE',
      'CODE_ATTEMPTS_EXCEEDED',
    ]);
    const sixth = await c.post('/api/auth/register', { ...body, code });
    expect(sixth.json().code).toBe('CODE_ATTEMPTS_EXCEEDED');
  });

  it('keeps 60 s between codes and at most ten an hour', async () => {
    const c = new Client(t.app);
    const phone = newPhone();
    const send = () => c.post('/api/auth/sms-code', { phone: phone.display, purpose: 'register' });
    const first = await send();
    expect(first.json()).toEqual({ retryAfterSeconds: 60, expiresInSeconds: 300 });
    t.clock.advance(20_000);
    const tooSoon = await send();
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ code: 'SMS_COOLDOWN', retryAfterSeconds: 40 });
    expect(tooSoon.headers['retry-after']).toBe('40');
    t.clock.advance(40_000);
    expect((await send()).statusCode).toBe(200);
    for (let i = 0; i < 8; i += 1) {
      t.clock.advance(60_000);
      expect((await send()).statusCode).toBe(200);
    }
    t.clock.advance(60_000);
    const eleventh = await send();
    expect(eleventh.json().code).toBe('SMS_HOURLY_LIMIT');
    expect(eleventh.json().retryAfterSeconds).toBeGreaterThan(0);
  });

  it('says when the phone is taken or unknown', async () => {
    const phone = await register(new Client(t.app));
    t.clock.advance(61_000);
    const taken = await new Client(t.app).post('/api/auth/sms-code', {
      phone: phone.display,
      purpose: 'register',
    });
    expect(taken.json()).toMatchObject({ code: 'PHONE_TAKEN', field: 'phone' });
    const unknown = await new Client(t.app).post('/api/auth/sms-code', {
      phone: newPhone().display,
      purpose: 'reset',
    });
    expect(unknown.json().code).toBe('PHONE_NOT_REGISTERED');
  });

  it('ends every other session when the password is reset', async () => {
    const phone = await register(new Client(t.app));
    const phoneA = new Client(t.app);
    const phoneB = new Client(t.app);
    await phoneA.post('/api/auth/login', { phone: phone.display, password: PASSWORD });
    await phoneB.post('/api/auth/login', { phone: phone.display, password: PASSWORD });
    expect((await phoneA.get('/api/me')).statusCode).toBe(200);

    t.clock.advance(61_000);
    const c = new Client(t.app);
    await c.post('/api/auth/sms-code', { phone: phone.display, purpose: 'reset' });
    const code = await latestSmsCode(t.app, phone.e164);
    const res = await c.post('/api/auth/reset-password', {
      phone: phone.display,
      code,
      password: 'Brand#New1',
      confirmPassword: 'Brand#New1',
    });
    expect(res.json()).toEqual({ ok: true });

    for (const client of [phoneA, phoneB]) {
      const me = await client.get('/api/me');
      expect(me.statusCode).toBe(401);
      expect(me.json().code).toBe('SESSION_EXPIRED');
    }
    expect(
      (await c.post('/api/auth/login', { phone: phone.display, password: PASSWORD })).statusCode,
    ).toBe(401);
    expect(
      (await c.post('/api/auth/login', { phone: phone.display, password: 'Brand#New1' }))
        .statusCode,
    ).toBe(200);
  });

  it('expires a session after 30 idle days and slides it while used', async () => {
    const c = new Client(t.app);
    await register(c);
    t.clock.advance(29 * 24 * 3600_000);
    const used = await c.get('/api/me');
    expect(used.statusCode).toBe(200);
    // Being used renewed it: 29 more days are still inside the new 30.
    expect(used.cookies.find((k) => k.name === 'sm_session')?.maxAge).toBe(30 * 24 * 3600);
    t.clock.advance(29 * 24 * 3600_000);
    expect((await c.get('/api/me')).statusCode).toBe(200);
    t.clock.advance(31 * 24 * 3600_000);
    expect((await c.get('/api/me')).json().code).toBe('SESSION_EXPIRED');
  });

  it('keeps buyers and merchants apart', async () => {
    const c = new Client(t.app);
    const phone = await register(c, newPhone(), 'buyer');
    const me = await c.get('/api/buyer/me');
    expect(me.json()).toMatchObject({ role: 'buyer', phone: phone.e164 });
    expect((await c.get('/api/me')).json().code).toBe('NOT_LOGGED_IN');
    // The same phone may also be a merchant: a separate account.
    t.clock.advance(61_000);
    await register(c, phone, 'merchant');
    expect((await c.get('/api/me')).json().role).toBe('merchant');
    expect((await c.get('/api/buyer/me')).json().role).toBe('buyer');
  });

  /** A sign-in request with a body exactly as given, not serialised by the client. */
  const postLoginRaw = (payload: string, contentType: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': contentType },
      payload,
    });

  it('answers bad input with 400 and a code, never a 5xx', async () => {
    const c = new Client(t.app);
    const malformed = await postLoginRaw('{"phone": "012', 'application/json');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('BAD_REQUEST');
    const jsonString = await postLoginRaw('"just a string"', 'application/json');
    expect(jsonString.statusCode).toBe(400);
    expect(jsonString.json().code).toBe('BAD_REQUEST');

    const cases: [unknown, string][] = [
      [{}, 'REQUIRED_FIELDS'],
      [{ phone: '012-345 6789' }, 'REQUIRED_FIELDS'],
      [{ phone: '', password: 'x' }, 'REQUIRED_FIELDS'],
      [{ phone: 'x'.repeat(10_000), password: 'secret123' }, 'TEXT_TOO_LONG'],
      [{ phone: '012-345 6789', password: 'p'.repeat(129) }, 'PASSWORD_TOO_LONG'],
      [{ phone: '03-1234 5678', password: 'secret123' }, 'INVALID_PHONE'],
      [{ phone: 12345, password: 'secret123' }, 'BAD_REQUEST'],
      [[], 'BAD_REQUEST'],
    ];
    for (const [body, code] of cases) {
      const res = await c.post('/api/auth/login', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().code, JSON.stringify(body).slice(0, 80)).toBe(code);
    }

    const registerCases: [Record<string, unknown>, string][] = [
      [
        {
          phone: '012-345 6789',
          code: '123456',
          password: 'secret123',
          confirmPassword: 'secret124',
          agreePolicy: true,
        },
        'PASSWORDS_DO_NOT_MATCH',
      ],
      [
        {
          phone: '012-345 6789',
          code: '123456',
          password: 'secret123',
          confirmPassword: 'secret123',
          agreePolicy: false,
        },
        'POLICY_NOT_AGREED',
      ],
      [
        {
          phone: '012-345 6789',
          code: '123456',
          password: 'short',
          confirmPassword: 'short',
          agreePolicy: true,
        },
        'PASSWORD_TOO_SHORT',
      ],
      [
        {
          phone: '012-345 6789',
          code: '12ab56',
          password: 'secret123',
          confirmPassword: 'secret123',
          agreePolicy: true,
        },
        'INVALID_CODE_FORMAT',
      ],
      [
        {
          phone: '012-345 6789',
          code: '123456',
          password: 'secret123',
          confirmPassword: 'secret123',
          agreePolicy: 'yes',
        },
        'BAD_REQUEST',
      ],
      [
        { phone: '012-345 6789', code: '123456', password: 'secret123', agreePolicy: true },
        'REQUIRED_FIELDS',
      ],
    ];
    for (const [body, code] of registerCases) {
      const res = await c.post('/api/auth/register', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(code);
    }
    const purpose = await c.post('/api/auth/sms-code', { phone: '012-345 6789', purpose: 'hack' });
    expect(purpose.json().code).toBe('BAD_REQUEST');

    const huge = await postLoginRaw(
      JSON.stringify({ phone: '0'.repeat(2_000_000), password: 'x' }),
      'application/json',
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('PAYLOAD_TOO_LARGE');
    const wrongType = await postLoginRaw('<a/>', 'text/xml');
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses a state-changing request from another site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example', host: 'localhost:3000' },
      payload: { phone: '012-345 6789', password: PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CROSS_ORIGIN');
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'http://localhost:3000', host: 'localhost:3000' },
      payload: { phone: '012-345 6789', password: PASSWORD },
    });
    expect(same.json().code).toBe('INVALID_CREDENTIALS');

    for (const headers of [
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
      { origin: 'not a url' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers,
        payload: {},
      });
      expect(res.json().code, JSON.stringify(headers)).toBe('CROSS_ORIGIN');
    }
    // Reading is not state-changing, and a request with no Origin (a native client) passes.
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/version',
      headers: { origin: 'https://evil.example' },
    });
    expect(read.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: {} })).statusCode,
    ).toBe(200);
  });

  it('guards the operator API with its token', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/operator/sms-outbox' });
    expect(none.statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/api/operator/sms-outbox',
      headers: { authorization: 'Bearer nope' },
    });
    expect(wrong.statusCode).toBe(401);
  });
});

describe('per-IP rate limit on sign-in routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { AUTH_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 429 RATE_LIMITED past the limit, with the wait', async () => {
    const c = new Client(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push(
        (await c.post('/api/auth/login', { phone: '019-999 9999', password: 'whatever1' }))
          .statusCode,
      );
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await c.post('/api/auth/login', {
      phone: '019-999 9999',
      password: 'whatever1',
    });
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Reading the profile is not a sign-in route and is not limited by it.
    expect((await c.get('/api/me')).statusCode).toBe(401);
  });
});

describe('SMS gateway failure', () => {
  let t: TestApp;
  let fail = true;
  beforeAll(async () => {
    t = await createTestApp(
      'pglite',
      {},
      {
        sms: {
          send: async () => {
            if (fail) throw new Error('gateway down');
          },
        },
      },
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers Send failed and does not count the code against the phone', async () => {
    const c = new Client(t.app);
    const body = { phone: '017-555 0101', purpose: 'register' };
    const failed = await c.post('/api/auth/sms-code', body);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().code).toBe('SMS_SEND_FAILED');
    fail = false;
    // No 60 s wait: the code that never left was taken back.
    expect((await c.post('/api/auth/sms-code', body)).statusCode).toBe(200);
  });
});
