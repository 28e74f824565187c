import type { LotInput } from '@sm/contract';
import sharp from 'sharp';
import { expect } from 'vitest';
import {
  DEMO_BUYER_PHONES,
  DEMO_MERCHANT_PHONE,
  DEMO_PASSWORD,
  seedDemo,
} from '../src/cli/seed.js';
import { Client, createTestApp, type DbKind, registerBySms, type TestApp } from './helpers.js';

export { DEMO_BUYER_PHONES, DEMO_PASSWORD };

/** The demo merchant, store, boats and buyers of PRODUCT.md §9, on the test's clock. */
export async function seedDemoData(t: TestApp) {
  await seedDemo(t.database.db, {
    passwordHashCost: t.config.passwordHashCost,
    now: t.clock.now(),
  });
}

/** Signs in one of the demo accounts (seedDemoData must have run). */
export async function signIn(t: TestApp, role: 'merchant' | 'buyer', phone?: string) {
  const client = new Client(t.app);
  const base = role === 'merchant' ? '/api' : '/api/buyer';
  const res = await client.post(`${base}/auth/login`, {
    phone: phone ?? (role === 'merchant' ? DEMO_MERCHANT_PHONE : DEMO_BUYER_PHONES[0]),
    password: DEMO_PASSWORD,
  });
  expect(res.statusCode, res.body).toBe(200);
  return client;
}

/** Registers a new account (019 and `n`) through the SMS flow and returns its signed-in client. */
export async function registerAccount(t: TestApp, role: 'merchant' | 'buyer', n: number) {
  const client = new Client(t.app);
  const digits = String(n).padStart(7, '0');
  const phone = { display: `019-${digits.slice(0, 3)} ${digits.slice(3)}`, e164: `+6019${digits}` };
  await registerBySms(t.app, client, role, phone, DEMO_PASSWORD);
  return client;
}

/**
 * A fresh app with the demo data, its merchant and its three buyers signed in: what the API tests
 * of auctions, orders and invoices start from.
 */
export async function startDemoMarket(kind: DbKind) {
  const t = await createTestApp(kind);
  try {
    await seedDemoData(t);
    const merchant = await signIn(t, 'merchant');
    const buyers = await Promise.all(DEMO_BUYER_PHONES.map((p) => signIn(t, 'buyer', p)));
    return { t, merchant, buyers };
  } catch (err) {
    await t.close();
    throw err;
  }
}

/** A multipart body with one file in field `file`, as a browser would send it. */
export async function multipart(
  name: string,
  bytes: Uint8Array,
  type = 'application/octet-stream',
) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), name);
  const req = new Request('http://x/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type') ?? '' },
  };
}

export async function uploadPhoto(client: Client, color = '#3366aa'): Promise<string> {
  const jpeg = await sharp({
    create: { width: 64, height: 48, channels: 3, background: color },
  })
    .jpeg()
    .toBuffer();
  const body = await multipart('catch.jpg', jpeg, 'image/jpeg');
  const res = await client.request('POST', '/api/media', body.payload, body.headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: string }).id;
}

/** A valid lot of the demo store, with overrides. */
export async function lotInput(
  client: Client,
  t: TestApp,
  overrides: Partial<LotInput> = {},
): Promise<LotInput> {
  const boats = (await client.get('/api/boats')).json() as { items: { id: string }[] };
  const boat = boats.items[0];
  if (!boat) throw new Error('the demo store has no boats');
  return {
    boatId: boat.id,
    harbor: 'Kuala Selangor',
    freshness: 'fresh',
    landedAt: new Date(t.clock.now().getTime() - 3_600_000).toISOString(),
    name: 'Morning pomfret',
    species: 'bawal_putih',
    quantity: 1000, // 100 kg
    startPrice: 2000, // RM 20.00 / kg
    buyoutPrice: 3500,
    description: 'Landed at dawn, iced on board.',
    notes: { size: '300–400 g', icing: 'Flake ice', packaging: 'Styrofoam box' },
    photoIds: [await uploadPhoto(client)],
    videoIds: [],
    ...overrides,
  };
}

export async function publish(client: Client, lots: LotInput[]) {
  const res = await client.post('/api/auctions', { lots });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; lotIds: string[]; endsAt: string };
}
