import { createPublicKey, verify } from 'node:crypto';
import {
  type NotificationSettings,
  type PushMessage,
  type PushSubscriptionInput,
} from '@sm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import {
  lotInput,
  publish,
  registerAccount,
  seedDemoData,
  signIn,
} from '../../../test/auctions.js';
import {
  Client,
  createTestApp,
  DB_KINDS,
  latestSmsCode,
  type TestApp,
} from '../../../test/helpers.js';
import { browserKeys, decryptPush, type Received, standInPushService } from '../../../test/push.js';
import { createPushService } from './push.service.js';

/** RFC 8292: `vapid t=<JWT signed ES256>, k=<public key>`; checks it and returns its claims. */
function verifyVapid(header: string | undefined, publicKey: string, audience: string) {
  const match = /^vapid t=([^,]+), k=(\S+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, jwt = '', k = ''] = match;
  expect(k).toBe(publicKey);
  const [head = '', claims = '', signature = ''] = jwt.split('.');
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(valid).toBe(true);
  expect(JSON.parse(Buffer.from(head, 'base64url').toString())).toMatchObject({ alg: 'ES256' });
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  expect(body.aud).toBe(audience);
  expect(body.sub).toBe('mailto:support@seafoodmerchant.com.my');
  const now = Date.now() / 1000;
  expect(body.exp).toBeGreaterThan(now);
  expect(body.exp).toBeLessThanOrEqual(now + 24 * 60 * 60);
}

describe.each(DB_KINDS)('web push on %s', (kind) => {
  let t: TestApp;
  let merchant: Client;
  let buyer: Client;
  let push: Awaited<ReturnType<typeof standInPushService>>;
  let publicKey = '';

  beforeAll(async () => {
    t = await createTestApp(kind, { PUSH_ALLOW_INSECURE_ENDPOINTS: 'true' });
    await seedDemoData(t);
    merchant = await signIn(t, 'merchant');
    buyer = await signIn(t, 'buyer');
    push = await standInPushService();
  });
  afterAll(async () => {
    await push?.close();
    await t?.close();
  });

  const subscribe = (client: Client, body: PushSubscriptionInput) =>
    client.post('/api/push/subscriptions', body);
  const settingsFor = async (client: Client, endpoint: string) =>
    (
      await client.get(`/api/notifications/settings?endpoint=${encodeURIComponent(endpoint)}`)
    ).json<NotificationSettings>();
  const sendDue = () => t.app.services.push.sendDue();
  async function signInWith(app: TestApp, phone: string, password: string) {
    const client = new Client(app.app);
    const res = await client.post('/api/auth/login', { phone, password });
    expect(res.statusCode, res.body).toBe(200);
    return client;
  }

  async function newLot(name = 'Morning pomfret') {
    const auction = await publish(merchant, [await lotInput(merchant, t, { name })]);
    return auction.lotIds[0] as string;
  }
  let price = 2000;
  async function bidOn(lotId: string) {
    price += 10;
    const res = await buyer.post(`/api/buyer/lots/${lotId}/bids`, { quantity: 10, price });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('keeps one VAPID key pair for every process, in the database', async () => {
    const res = await merchant.get('/api/push/public-key');
    expect(res.statusCode).toBe(200);
    publicKey = res.json<{ publicKey: string }>().publicKey;
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const another = createPushService({
      db: t.database.db,
      clock: t.clock,
      config: t.config.push,
      log: t.app.log,
    });
    expect(await another.publicKey()).toBe(publicKey);
    expect((await settingsFor(merchant, 'none')).push).toEqual({ publicKey, subscribed: false });

    expect(() => loadConfig({ VAPID_PUBLIC_KEY: publicKey })).toThrow(/go together/);
  });

  it('takes subscriptions for push services only: no other host, no plain http', async () => {
    const { keys } = browserKeys();
    const refused = [
      'https://attacker.example.com/push',
      'https://10.0.0.8/push',
      'https://[::1]/push',
      'http://192.168.1.10/push',
      'ftp://fcm.googleapis.com/x',
      'not a url',
    ];
    for (const endpoint of refused) {
      const res = await subscribe(merchant, { endpoint, keys });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json(), endpoint).toMatchObject({
        code: 'PUSH_ENDPOINT_NOT_ALLOWED',
        field: 'endpoint',
      });
    }
    const badKeys = [
      { p256dh: keys.p256dh.slice(0, 40), auth: keys.auth },
      { p256dh: keys.p256dh, auth: 'short' },
      { p256dh: `${keys.p256dh.slice(0, -1)}!`, auth: keys.auth },
    ];
    for (const k of badKeys) {
      const res = await subscribe(merchant, { endpoint: `${push.origin}/bad`, keys: k });
      expect(res.statusCode, JSON.stringify(k)).toBe(400);
    }

    // Without the test flag, the stand-in on 127.0.0.1 is refused like any internal host.
    const strict = createPushService({
      db: t.database.db,
      clock: t.clock,
      config: { ...t.config.push, allowInsecureEndpoints: false },
      log: t.app.log,
    });
    expect(strict.endpointAllowed(`${push.origin}/x`)).toBe(false);
    expect(strict.endpointAllowed('https://fcm.googleapis.com/fcm/send/abc')).toBe(true);
    expect(strict.endpointAllowed('https://wns2-sg2p.notify.windows.com/w/?token=1')).toBe(true);
    expect(strict.endpointAllowed('https://web.push.apple.com/QGd')).toBe(true);
    expect(strict.endpointAllowed('https://fcm.googleapis.com.attacker.com/x')).toBe(false);
    expect(strict.endpointAllowed('https://user:pw@fcm.googleapis.com/x')).toBe(false);
  });

  it('leaves a merchant with no browser to push to out of the outbox; the list has it all', async () => {
    // A bid's notification (written by the bid's statement) and a buyout's (from its events).
    await bidOn(await newLot('Threadfin'));
    const bought = await publish(merchant, [
      await lotInput(merchant, t, { name: 'Red snapper', quantity: 300, buyoutPrice: 3500 }),
    ]);
    const res = await buyer.post(`/api/buyer/lots/${bought.lotIds[0]}/buyout`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await sendDue()).toMatchObject({ taken: 0, sent: 0 });
    const types = (await merchant.get('/api/notifications?limit=10'))
      .json<{ items: { type: string }[] }>()
      .items.map((n) => n.type);
    expect(types).toEqual(expect.arrayContaining(['new_bid', 'lot_ended']));
  });

  const browser = browserKeys();
  const endpoint = () => `${push.origin}/send/browser-1`;

  it('sends a new notification encrypted to the browser, signed with VAPID, once', async () => {
    const res = await subscribe(merchant, { endpoint: endpoint(), keys: browser.keys });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ publicKey, subscribed: true });
    expect((await settingsFor(merchant, endpoint())).push.subscribed).toBe(true);
    // Nobody else's: another merchant asking about this endpoint is told it is not theirs.
    const other = await registerAccount(t, 'merchant', 4_400);
    expect((await settingsFor(other, endpoint())).push.subscribed).toBe(false);

    const lotId = await newLot();
    await bidOn(lotId);
    const result = await sendDue();
    expect(result).toMatchObject({ taken: 1, sent: 1, removed: 0, failed: 0 });
    expect(push.received).toHaveLength(1);
    const [message] = push.received as [Received];
    expect(message.path).toBe('/send/browser-1');
    expect(message.headers).toMatchObject({
      'content-encoding': 'aes128gcm',
      'content-type': 'application/octet-stream',
      ttl: '900',
      urgency: 'normal',
      topic: lotId.replace(/-/g, ''),
    });
    verifyVapid(message.headers.authorization, publicKey, push.origin);

    const payload = JSON.parse(decryptPush(message.body, browser)) as PushMessage;
    const [item] = (await merchant.get('/api/notifications?limit=1')).json<{
      items: { id: string }[];
    }>().items;
    expect(payload).toEqual({
      id: item?.id,
      type: 'new_bid',
      text: {
        key: 'new_bid',
        vars: {
          lotName: 'Morning pomfret',
          price: `RM ${(price / 100).toFixed(2)}`,
          quantity: '1',
        },
      },
      url: `/#/pages/lot-detail/lot-detail?id=${lotId}`,
      data: { lotName: 'Morning pomfret', price, quantity: 10 },
      createdAt: t.clock.now().toISOString(),
    });

    // Sent once: the next runs find nothing to send.
    expect(await sendDue()).toMatchObject({ taken: 0, sent: 0 });
    expect(push.received).toHaveLength(1);
  });

  it('two processes running the job at once send each notification once', async () => {
    push.received.length = 0;
    // A bid on each of 12 lots: each is a push of its own (a lot's bids taken together are one).
    const lots = await Promise.all(
      Array.from({ length: 12 }, (_, i) => lotInput(merchant, t, { name: `Squid ${i + 1}` })),
    );
    for (const lotId of (await publish(merchant, lots)).lotIds) await bidOn(lotId);
    const second = createPushService({
      db: t.database.db,
      clock: t.clock,
      config: t.config.push,
      log: t.app.log,
    });
    const results = await Promise.all([sendDue(), second.sendDue(), sendDue(), second.sendDue()]);
    expect(results.reduce((n, r) => n + r.taken, 0)).toBe(12);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(12);
    const ids = push.received.map(
      (r) => (JSON.parse(decryptPush(r.body, browser)) as PushMessage).id,
    );
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
  });

  it('pushes the newest of a lot’s bids taken together, once; the list keeps them all', async () => {
    push.received.length = 0;
    const lotId = await newLot('Mackerel');
    const otherLot = await newLot('Prawn');
    for (let i = 0; i < 3; i++) await bidOn(lotId);
    await bidOn(otherLot);
    await bidOn(lotId);
    expect(await sendDue()).toMatchObject({ taken: 5, sent: 2, failed: 0 });
    const pushed = push.received.map(
      (r) => JSON.parse(decryptPush(r.body, browser)) as PushMessage,
    );
    expect(pushed.map((m) => [m.url.split('id=')[1], m.data])).toEqual([
      [otherLot, { lotName: 'Prawn', price: price - 10, quantity: 10 }],
      [lotId, { lotName: 'Mackerel', price, quantity: 10 }],
    ]);
    const list = (await merchant.get('/api/notifications?limit=10')).json<{
      items: { type: string }[];
    }>().items;
    expect(list.filter((n) => n.type === 'new_bid').length).toBeGreaterThanOrEqual(5);
    expect(await sendDue()).toMatchObject({ taken: 0, sent: 0 });
  });

  it('does not push a type switched off, nor one too old to matter', async () => {
    push.received.length = 0;
    const lotId = await newLot('Grouper');
    await bidOn(lotId);
    await merchant.request('PUT', '/api/notifications/settings', { types: { new_bid: false } });
    expect(await sendDue()).toMatchObject({ taken: 1, sent: 0 });
    await merchant.request('PUT', '/api/notifications/settings', { types: { new_bid: true } });

    // A bid's push lives 15 minutes: one left unsent longer (no server ran) stays unpushed.
    await bidOn(lotId);
    t.clock.advance(16 * 60_000);
    expect(await sendDue()).toMatchObject({ taken: 1, sent: 0 });
    expect(push.received).toHaveLength(0);
  });

  it('retries a failing push service a bounded number of times, and the list does not wait', async () => {
    push.received.length = 0;
    push.statuses.set('/send/browser-1', 503);
    const lotId = await newLot('Tiger prawn');
    await bidOn(lotId);
    expect(await sendDue()).toMatchObject({ taken: 1, sent: 0, failed: 0 });
    // The push job sleeps until the retry is due.
    const retryIn = (t.app.services.push.nextRetryAt()?.getTime() ?? 0) - t.clock.now().getTime();
    expect(retryIn).toBeGreaterThan(0);
    expect(retryIn).toBeLessThanOrEqual(15_000);
    expect((await merchant.get('/api/notifications/unread')).statusCode).toBe(200);
    expect(await sendDue()).toMatchObject({ sent: 0 });
    expect(push.received).toHaveLength(1);
    t.clock.advance(15_000);
    await sendDue();
    expect(push.received).toHaveLength(2);
    t.clock.advance(120_000);
    expect(await sendDue()).toMatchObject({ failed: 1 });
    expect(push.received).toHaveLength(3);
    expect(t.app.services.push.nextRetryAt()).toBeNull();
    t.clock.advance(10 * 60_000);
    await sendDue();
    expect(push.received).toHaveLength(3);

    // The service recovers: a retry that comes through counts as sent.
    await bidOn(lotId);
    await sendDue();
    push.statuses.delete('/send/browser-1');
    t.clock.advance(15_000);
    expect(await sendDue()).toMatchObject({ sent: 1 });
  });

  it('deletes a subscription the push service says is gone (410)', async () => {
    const gone = browserKeys();
    const goneEndpoint = `${push.origin}/send/uninstalled`;
    push.statuses.set('/send/uninstalled', 410);
    expect(
      (await subscribe(merchant, { endpoint: goneEndpoint, keys: gone.keys })).statusCode,
    ).toBe(200);
    const lotId = await newLot('Mackerel');
    await bidOn(lotId);
    expect(await sendDue()).toMatchObject({ taken: 1, sent: 1, removed: 1 });
    expect((await settingsFor(merchant, goneEndpoint)).push.subscribed).toBe(false);
    expect((await settingsFor(merchant, endpoint())).push.subscribed).toBe(true);
  });

  it('unsubscribes only the merchant’s own browser; a browser moves to whoever subscribed last', async () => {
    const other = await registerAccount(t, 'merchant', 4_401);
    const del = await other.request('DELETE', '/api/push/subscriptions', { endpoint: endpoint() });
    expect(del.statusCode).toBe(200);
    expect((await settingsFor(merchant, endpoint())).push.subscribed).toBe(true);

    // The other merchant signs in on this browser and subscribes: the endpoint is theirs now.
    expect((await subscribe(other, { endpoint: endpoint(), keys: browser.keys })).statusCode).toBe(
      200,
    );
    expect((await settingsFor(merchant, endpoint())).push.subscribed).toBe(false);
    expect((await settingsFor(other, endpoint())).push.subscribed).toBe(true);

    const mine = await other.request('DELETE', '/api/push/subscriptions', { endpoint: endpoint() });
    expect(mine.json()).toEqual({ publicKey, subscribed: false });
    expect((await settingsFor(other, endpoint())).push.subscribed).toBe(false);
  });

  it('keeps a browser from whoever knows only its endpoint; a password reset drops them all', async () => {
    const owner = await registerAccount(t, 'merchant', 4_402);
    const stranger = await registerAccount(t, 'merchant', 4_403);
    const url = `${push.origin}/send/browser-2`;
    expect((await subscribe(owner, { endpoint: url, keys: browser.keys })).statusCode).toBe(200);
    // Same endpoint, other keys: the stranger cannot take (or silence) the owner's pushes.
    await subscribe(stranger, { endpoint: url, keys: browserKeys().keys });
    expect((await settingsFor(owner, url)).push.subscribed).toBe(true);
    expect((await settingsFor(stranger, url)).push.subscribed).toBe(false);

    // Endpoints are ASCII URLs of bounded size; anything else is refused, not a 500.
    const odd = `https://fcm.googleapis.com/fcm/send/${'鱼'.repeat(2000)}`;
    const res = await subscribe(owner, { endpoint: odd, keys: browser.keys });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'PUSH_ENDPOINT_NOT_ALLOWED' });

    // A reset after a lost phone signs that phone out of its pushes too.
    t.clock.advance(61_000);
    const phone = { display: '019-000 4402', e164: '+60190004402' };
    const anyone = new Client(t.app);
    await anyone.post('/api/auth/sms-code', { phone: phone.display, purpose: 'reset' });
    const reset = await anyone.post('/api/auth/reset-password', {
      phone: phone.display,
      code: await latestSmsCode(t.app, phone.e164),
      password: 'Brand#New1',
      confirmPassword: 'Brand#New1',
    });
    expect(reset.json()).toEqual({ ok: true });
    const again = await signInWith(t, phone.display, 'Brand#New1');
    expect((await settingsFor(again, url)).push.subscribed).toBe(false);
  });

  it('answers ids beyond a safe integer with 400, not a database error', async () => {
    for (const res of [
      await merchant.get('/api/notifications?cursor=9999999999999999999'),
      await merchant.post('/api/notifications/read', { ids: ['9999999999999999999'] }),
    ]) {
      expect(res.statusCode, res.body).toBe(400);
    }
  });
});
