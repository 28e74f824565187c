import { randomUUID } from 'node:crypto';
import { ERROR_CODES, normalizeMalaysianMobile } from '@sm/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { DEMO_MERCHANT_PHONE } from '../../src/cli/seed.js';
import { encodeCursor } from '../../src/lib/cursor.js';
import {
  DEMO_BUYER_PHONES,
  lotInput,
  multipart,
  publish,
  registerAccount,
  seedDemoData,
  signIn,
  uploadPhoto,
} from '../auctions.js';
import { PDF } from '../files.js';
import { browserKeys } from '../push.js';
import {
  type Client,
  createTestApp,
  type DbKind,
  TEST_OPERATOR_TOKEN,
  type TestApp,
} from '../helpers.js';
import { payOrder, wonOrders } from '../orders.js';
import { credit, withdraw } from '../wallet.js';

/**
 * The API as the app itself declares it, for the reliability suite (issue 7): every route of the
 * router, with the schemas its OpenAPI document gives, and a market of real objects owned by one
 * merchant and one buyer to aim the routes at.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Role = 'public' | 'merchant' | 'buyer' | 'operator';

/** The part of JSON Schema that zod's OpenAPI output uses. */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minItems?: number;
  maxItems?: number;
}

export interface ApiParam {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface ApiRoute {
  /** `POST /api/orders/{id}/status`: the OpenAPI path, which names the route in reports and maps. */
  key: string;
  method: Method;
  path: string;
  role: Role;
  /** False for a route of the router that the OpenAPI document leaves out. */
  documented: boolean;
  params: ApiParam[];
  query: ApiParam[];
  headers: ApiParam[];
  body: { contentType: string; schema: JsonSchema } | null;
  /** Answers a Server-Sent Events stream that never ends by itself. */
  stream: boolean;
}

interface OpenApiOperation {
  security?: Record<string, unknown>[];
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

const METHODS = new Set<string>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const SCHEME_ROLE: Record<string, Role> = {
  merchantSession: 'merchant',
  buyerSession: 'buyer',
  operatorToken: 'operator',
};

/** Who a route is for when its document does not say: where it lives decides its guard. */
function roleOfPath(path: string): Role {
  if (!path.startsWith('/api/') || path.startsWith('/api/docs')) return 'public';
  if (/^\/api\/(buyer\/)?auth\//.test(path) || ['/api/health', '/api/version'].includes(path)) {
    return 'public';
  }
  // Cloud printers poll with no session: their MAC and the key in their URL name them.
  if (path === '/api/cloudprnt') return 'public';
  if (path.startsWith('/api/operator/')) return 'operator';
  if (path.startsWith('/api/buyer/')) return 'buyer';
  return 'merchant';
}

const toOpenApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');

/**
 * Every method and path of the router, read from its printed radix tree (each line adds its text
 * to its parent's): Fastify keeps no list of routes, and an onRoute hook would have to be added
 * before the app registers them. The tree without common prefixes leaves out /media/*.
 */
export function routeTable(app: FastifyInstance): { method: Method; path: string }[] {
  const stack: string[] = [];
  const routes: { method: Method; path: string }[] = [];
  for (const line of app.printRoutes().split('\n')) {
    const m = /^((?:│ {3}| {4})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = (m[1] ?? '').length / 4;
    const path = (stack[depth - 1] ?? '') + (m[2] ?? '');
    stack.length = depth;
    stack.push(path);
    for (const method of (m[3] ?? '').split(', ')) {
      // HEAD answers as GET does, without a body.
      if (METHODS.has(method)) routes.push({ method: method as Method, path: toOpenApiPath(path) });
    }
  }
  return routes;
}

/**
 * The routes under /api and /media: those of the OpenAPI document with their schemas, and any
 * the router has that the document lacks, with only their path parameters (so none is skipped).
 */
export function apiRoutes(app: FastifyInstance): ApiRoute[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  const documented = new Map<string, ApiRoute>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(item)) {
      const method = m.toUpperCase();
      if (!METHODS.has(method)) continue;
      const params = (where: string) =>
        (op.parameters ?? [])
          .filter((p) => p.in === where)
          .map((p) => ({ name: p.name, required: p.required ?? false, schema: p.schema ?? {} }));
      const [contentType, media] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
      const scheme = Object.keys(op.security?.[0] ?? {})[0];
      const key = `${method} ${path}`;
      documented.set(key, {
        key,
        method: method as Method,
        path,
        role: (scheme && SCHEME_ROLE[scheme]) || roleOfPath(path),
        documented: true,
        params: params('path'),
        query: params('query'),
        headers: params('header'),
        body: contentType ? { contentType, schema: media?.schema ?? {} } : null,
        stream: Object.values(op.responses ?? {}).some(
          (r) => r.content && 'text/event-stream' in r.content,
        ),
      });
    }
  }
  const routes: ApiRoute[] = [];
  const seen = new Set<string>();
  for (const { method, path } of routeTable(app)) {
    if (!path.startsWith('/api/') && !path.startsWith('/media/')) continue;
    const key = `${method} ${path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    routes.push(
      documented.get(key) ?? {
        key,
        method,
        path,
        role: roleOfPath(path),
        documented: false,
        params: [...path.matchAll(/\{([^}]+)\}/g)].map((p) => ({
          name: p[1] ?? '',
          required: true,
          schema: { type: 'string' },
        })),
        query: [],
        headers: [],
        body: null,
        stream: false,
      },
    );
  }
  const missing = [...documented.keys()].filter((key) => !seen.has(key));
  if (missing.length) throw new Error(`documented but not in the router: ${missing.join(', ')}`);
  return routes;
}

/** Names of query, header and body fields that carry an object's id (path parameters all do). */
const ID_FIELD = /^(?:id|ids|upTo|endpoint|cursor|lastEventId)$|Ids?$/;

/** `path:id`, `query:cursor`, `body:lots[].boatId`…: the fields of a route that take an id. */
export function idFields(route: ApiRoute): string[] {
  const fields = route.params.map((p) => `path:${p.name}`);
  for (const p of [...route.query, ...route.headers]) {
    if (ID_FIELD.test(p.name))
      fields.push(`${route.query.includes(p) ? 'query' : 'header'}:${p.name}`);
  }
  const walk = (schema: JsonSchema | undefined, path: string) => {
    if (!schema) return;
    for (const [name, prop] of Object.entries(schema.properties ?? {})) {
      if (ID_FIELD.test(name)) fields.push(`${path}.${name}`);
      walk(prop, `${path}.${name}`);
    }
    walk(schema.items, `${path}[]`);
    for (const s of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
      walk(s, path);
    }
  };
  if (route.body?.contentType === 'application/json') walk(route.body.schema, 'body');
  return [...new Set(fields)];
}

export const urlOf = (route: ApiRoute, params: Record<string, string>) =>
  route.path.replace(/\{([^}]+)\}/g, (_, name: string) => params[name] ?? '');

// ---------------------------------------------------------------------------------------------
// Answers and what may never be in them

export interface Answer {
  status: number;
  contentType: string;
  /** The body as text, or null for a binary one (PDF, PNG, XLSX, ESC/POS). */
  text: string | null;
}

const TEXTUAL = /^(?:application\/(?:json|problem\+json|javascript|xml)|text\/)/;

/**
 * Sends one request through app.inject. A stream (SSE) is read for `streamMs` and then dropped,
 * so that a call which opens one does not hang; the server ends such streams when it closes.
 */
export async function send(
  app: FastifyInstance,
  options: InjectOptions,
  streamMs = 150,
): Promise<Answer> {
  const res = await app.inject({ ...options, payloadAsStream: true });
  const contentType = String(res.headers['content-type'] ?? '');
  const stream = res.stream();
  const chunks: Buffer[] = [];
  if (contentType.startsWith('text/event-stream')) {
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    await new Promise((resolve) => setTimeout(resolve, streamMs));
    stream.destroy();
  } else {
    for await (const chunk of stream) chunks.push(chunk as Buffer);
  }
  const body = Buffer.concat(chunks);
  return {
    status: res.statusCode,
    contentType,
    text: TEXTUAL.test(contentType) || !contentType ? body.toString('utf8') : null,
  };
}

/** Traces of a stack in an answer: frames, source paths, error class names. */
const STACK_TRACES = [
  /\n\s+at\s/,
  /\bat (?:async )?\S+ \((?:\/|file:|node:)/,
  /file:\/\/|node_modules|\/work\/|\/home\/|\/src\/(?:modules|lib|db)\//,
  /\.(?:[cm]?js|ts):\d+:\d+/,
  /\b(?:Type|Reference|Range|Syntax)Error\b/,
  /\bError: /,
];
/** Traces of the database: its messages, the ORM's, a statement. */
const SQL_TRACES = [
  /relation "/,
  /syntax error at or near/,
  /violates (?:not-null|unique|foreign key|check|exclusion) constraint/,
  /duplicate key value/,
  /invalid input (?:syntax|value) for/,
  /out of range for type/,
  /invalid byte sequence/,
  /value too long for type/,
  /column "/,
  /failed query/i,
  /SQLSTATE/,
  /\b(?:drizzle|pglite)\b/i,
];
/** In an error answer, whose whole text is ours: any statement at all. */
const SQL_STATEMENTS =
  /\b(?:select\b[\s\S]*\bfrom|insert\s+into|update\b[\s\S]*\bset|delete\s+from)\b/i;
const ERROR_KEYS = new Set(['code', 'message', 'field', 'retryAfterSeconds']);
/** 5xx answers the API declares for a fault outside it: the merchant's printer did not answer. */
const UPSTREAM_FAULTS = new Set(['PRINTER_UNREACHABLE']);

/** What is wrong with an answer: a 5xx, an error not of the house shape, a stack or SQL. */
export function answerProblems(answer: Answer, { scanBody = true } = {}): string[] {
  const problems: string[] = [];
  const { status, text } = answer;
  let json: unknown;
  if (status >= 400) {
    try {
      json = JSON.parse(text ?? '');
    } catch {
      problems.push(`error answer is not JSON (${answer.contentType})`);
    }
    const body = json as Record<string, unknown> | null;
    if (json !== undefined) {
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        problems.push('error answer is not an object');
      } else {
        const extra = Object.keys(body).filter((k) => !ERROR_KEYS.has(k));
        if (extra.length) problems.push(`error answer has keys ${extra.join(', ')}`);
        if (typeof body.code !== 'string' || !(body.code in ERROR_CODES)) {
          problems.push(`error code ${JSON.stringify(body.code)} is not one of ERROR_CODES`);
        }
        if (typeof body.message !== 'string' || !body.message) problems.push('no error message');
      }
    }
    if (status >= 500 && !(status === 502 && UPSTREAM_FAULTS.has(String(body?.code)))) {
      problems.push(`${status}`);
    }
  }
  if (text !== null && (scanBody || status >= 400)) {
    for (const re of [...STACK_TRACES, ...SQL_TRACES]) {
      if (re.test(text)) problems.push(`answer matches ${re}`);
    }
    if (status >= 400 && SQL_STATEMENTS.test(text)) problems.push('error answer holds a statement');
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Callers and the market they act on

export interface Principal {
  name: string;
  role: Exclude<Role, 'public'>;
  /** Its cookie jar, for the shared test helpers; null for the operator. */
  client: Client | null;
  /** The headers that present it: its session cookie, or the operator's token. */
  headers(): Record<string, string>;
  /** Signs in again, when a test moved the clock past its session or a call ended it. */
  relogin(): Promise<void>;
  /** Objects of its own, for the fields of a call that are not the one under test. */
  own: { boat: string; media: string; printer: string; coldRoom: string };
}

/** Ids of nothing: what a principal without boats, photos or printers fills such fields with. */
const nothingOwned = () => ({
  boat: randomUUID(),
  media: randomUUID(),
  printer: randomUUID(),
  coldRoom: randomUUID(),
});

function signedIn(
  t: TestApp,
  name: string,
  role: 'merchant' | 'buyer',
  phone: string,
  client: Client,
): Principal {
  const p: Principal = {
    name,
    role,
    client,
    headers: () => ({ cookie: p.client?.cookieHeader() ?? '' }),
    async relogin() {
      p.client = await signIn(t, role, phone);
    },
    own: nothingOwned(),
  };
  return p;
}

const jarOf = (p: Principal): Client => {
  if (!p.client) throw new Error(`${p.name} has no session`);
  return p.client;
};

/**
 * One call of the API as a principal (or anonymously) makes it, `headers` on top of its own.
 * Cookies the answer sets are not kept: a case that sends a broken cookie must not lose the
 * principal its session.
 */
export async function call(
  t: TestApp,
  who: Principal | null,
  method: Method,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const answer = await send(t.app, {
    method,
    url,
    headers: { ...who?.headers(), ...headers },
    ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
  });
  return { ...answer, json: (): Record<string, unknown> => JSON.parse(answer.text ?? 'null') };
}

async function ok(answer: Promise<Awaited<ReturnType<typeof call>>>) {
  const res = await answer;
  expect(res.status, res.text ?? '').toBeLessThan(300);
  return res.json();
}

/**
 * Merchant A (the demo merchant) with one of everything, bought by buyer 1; merchant B, verified,
 * with a boat, a photo and a network printer of its own; buyer 2; the operator. Built through the
 * API, as the app would.
 */
export interface Market {
  t: TestApp;
  merchantA: Principal;
  merchantB: Principal;
  buyer1: Principal;
  buyer2: Principal;
  operator: Principal;
  a: {
    id: string;
    auction: string;
    /** Ended, with buyer 1's paid order. */
    lot: string;
    /** Live, with buyer 1's bid: every buyer may see it and bid. */
    liveLot: string;
    order: string;
    /** Invoiced, refunded, with its credit note. */
    refundedOrder: string;
    boat: string;
    coldRoom: string;
    printer: string;
    media: string;
    /** The stored file of `media`, under /media/. */
    mediaFile: string;
    withdrawal: string;
    ledgerEntry: string;
    ssmDocument: string;
    notification: string;
    pushEndpoint: string;
  };
  /** Text of A's and buyer 1's that no one else may be shown. */
  secrets: string[];
  /** Buyer 1's identity: what other buyers may not see, even on a lot they all see. */
  buyerSecrets: string[];
}

/** In every name merchant A gives, so that an answer showing one is caught. */
export const MARK = 'Zqxa';

export async function buildMarket(kind: DbKind): Promise<Market> {
  // PRINTER_TEST_LOOPBACK: merchant B's network printer is on 127.0.0.1, as the browser tests' is.
  const t = await createTestApp(kind, { TEST_CLOCK: 'true', PRINTER_TEST_LOOPBACK: 'true' });
  try {
    await seedDemoData(t);
    const operator: Principal = {
      name: 'operator',
      role: 'operator',
      client: null,
      headers: () => ({ authorization: `Bearer ${TEST_OPERATOR_TOKEN}`, 'x-operator': 'tester' }),
      relogin: async () => {},
      own: nothingOwned(),
    };
    const [phone1 = '', phone2 = ''] = DEMO_BUYER_PHONES;
    const merchantA = signedIn(
      t,
      'merchant A',
      'merchant',
      DEMO_MERCHANT_PHONE,
      await signIn(t, 'merchant'),
    );
    const buyer1 = signedIn(t, 'buyer 1', 'buyer', phone1, await signIn(t, 'buyer', phone1));
    const buyer2 = signedIn(t, 'buyer 2', 'buyer', phone2, await signIn(t, 'buyer', phone2));
    const A = (method: Method, url: string, body?: unknown) =>
      call(t, merchantA, method, url, body);
    const O = (method: Method, url: string, body?: unknown) => call(t, operator, method, url, body);
    const aId = String((await ok(A('GET', '/api/me'))).id);

    // A Verified merchant may not submit an SSM document: the operator sends A back to review
    // first, and verifies it again once it has.
    await ok(O('POST', `/api/operator/merchants/${aId}/business/reject`, { reason: 'Resubmit' }));
    const ssm = await multipart(`${MARK} ssm.pdf`, PDF, 'application/pdf');
    const submitted = await ok(
      call(t, merchantA, 'POST', '/api/store/ssm', ssm.payload, ssm.headers),
    );
    const ssmDocument = String((submitted.ssmDocument as { id: string }).id);
    await ok(O('POST', `/api/operator/merchants/${aId}/business/verify`));

    const media = await uploadPhoto(jarOf(merchantA));
    const idOf = async (url: string, body: unknown) => String((await ok(A('POST', url, body))).id);
    const boat = await idOf('/api/boats', { boatNumber: `${MARK} 1`, ownerName: `${MARK} Owner` });
    const room = await ok(A('POST', '/api/cold-rooms', { name: `${MARK} room`, imageId: media }));
    const coldRoom = String(room.id);
    const printer = await idOf('/api/printers', { name: `${MARK} printer`, kind: 'bluetooth' });
    merchantA.own = { boat, media, printer, coldRoom };
    const pushEndpoint = `https://fcm.googleapis.com/fcm/send/${MARK}-${randomUUID()}`;
    await ok(
      A('POST', '/api/push/subscriptions', {
        endpoint: pushEndpoint,
        keys: browserKeys().keys,
      }),
    );

    const [order] = await wonOrders(
      t,
      jarOf(merchantA),
      [{ buyer: jarOf(buyer1), quantity: 100, price: 2000 }],
      { name: `${MARK} pomfret`, boatId: boat },
    );
    if (!order) throw new Error('buyer 1 won no order');
    expect((await payOrder(jarOf(buyer1), order.id)).statusCode).toBe(200);
    const invoice = await ok(A('POST', `/api/orders/${order.id}/invoice`, {}));
    // A second order, invoiced then refunded: its credit note (no MyInvois here, so at once).
    const [refunded] = await wonOrders(
      t,
      jarOf(merchantA),
      [{ buyer: jarOf(buyer1), quantity: 50, price: 2000 }],
      { name: `${MARK} refunded pomfret`, boatId: boat },
    );
    if (!refunded) throw new Error('buyer 1 won no second order');
    expect((await payOrder(jarOf(buyer1), refunded.id)).statusCode).toBe(200);
    await ok(A('POST', `/api/orders/${refunded.id}/invoice`, {}));
    await ok(A('POST', `/api/orders/${refunded.id}/cancel`, {}));
    await t.app.services.invoices.work();
    const lot = await ok(A('GET', `/api/lots/${order.lotId}`));
    const live = await publish(jarOf(merchantA), [
      await lotInput(jarOf(merchantA), t, { name: `${MARK} live pomfret`, boatId: boat }),
    ]);
    const liveLot = live.lotIds[0] ?? '';
    await ok(
      call(t, buyer1, 'POST', `/api/buyer/lots/${liveLot}/bids`, { quantity: 10, price: 2000 }),
    );

    await credit(t, aId, 50_000);
    const withdrawn = await withdraw(jarOf(merchantA), 20_000);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const notifications = (await ok(A('GET', '/api/notifications'))).items as { id: string }[];
    const entries = (await ok(A('GET', '/api/wallet/statement'))).items as { id: string }[];

    // Merchant B, verified: its calls get past "may publish" to the ids they carry.
    const merchantB = signedIn(
      t,
      'merchant B',
      'merchant',
      '019-000 0001',
      await registerAccount(t, 'merchant', 1),
    );
    const B = (method: Method, url: string, body?: unknown) =>
      call(t, merchantB, method, url, body);
    const bId = String((await ok(B('GET', '/api/me'))).id);
    await ok(B('PUT', '/api/store/basic-info', { name: 'B Seafood' }));
    await ok(O('POST', `/api/operator/merchants/${bId}/business/verify`));
    merchantB.own = {
      boat: String((await ok(B('POST', '/api/boats', { boatNumber: 'B 1', ownerName: 'B' }))).id),
      media: await uploadPhoto(jarOf(merchantB)),
      coldRoom: String((await ok(B('POST', '/api/cold-rooms', { name: 'B room' }))).id),
      // Nothing listens on port 1: a print that got as far as the printer would fail at once.
      printer: String(
        (
          await ok(
            B('POST', '/api/printers', {
              name: 'B printer',
              kind: 'network',
              host: '127.0.0.1',
              port: 1,
            }),
          )
        ).id,
      ),
    };

    const buyerMe = await ok(call(t, buyer1, 'GET', '/api/buyer/me'));
    const buyerSecrets = [buyerMe.phone, buyerMe.displayName].filter(
      (v): v is string => typeof v === 'string',
    );
    const a: Market['a'] = {
      id: aId,
      auction: String(lot.auctionId),
      lot: order.lotId,
      liveLot,
      order: order.id,
      refundedOrder: refunded.id,
      boat,
      coldRoom,
      printer,
      media,
      mediaFile: String(room.imageUrl).replace(/^\/media\//, ''),
      withdrawal: String((withdrawn.json() as { id: string }).id),
      ledgerEntry: entries[0]?.id ?? '',
      ssmDocument,
      notification: notifications[0]?.id ?? '',
      pushEndpoint,
    };
    return {
      t,
      merchantA,
      merchantB,
      buyer1,
      buyer2,
      operator,
      a,
      // A's ids too: no answer to anyone else has reason to hold one.
      secrets: [
        MARK,
        order.number,
        String(invoice.number),
        ...buyerSecrets,
        ...Object.values(a).filter((v) => v.length >= 8),
      ],
      buyerSecrets,
    };
  } catch (err) {
    await t.close();
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// Routes that take an id, aimed at the market's objects

export interface IdCall {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Which field carries the owner's id, when the route has several. */
  label?: string;
}

export interface IdRoute {
  /** Calls aimed at A's (or buyer 1's) objects, with `me`'s own objects in every other field. */
  calls(m: Market, me: Principal): IdCall[];
  /**
   * Why another caller of the route's role may send this id and be answered: the route only
   * filters the caller's own data by it, or every buyer may see the object. Such a call may
   * succeed, but may show none of the owner's data.
   */
  open?: string;
  /** What an open route may not show, when it is not all of the market's secrets. */
  secrets?(m: Market): string[];
  /** An answer that tells the caller something of the owner's state. */
  leaks?(json: Record<string, unknown>): boolean;
}

/** A position far after every row: the page from there is the caller's whole list. */
const cursorAt = (id: string) => encodeCursor(new Date(Date.UTC(2100, 0, 1)), id);
const CURSOR = 'a cursor is only a position: the list it pages is the caller’s own';
const path = (id: string, extra: IdCall = {}): IdCall[] => [{ params: { id }, ...extra }];
const idempotent = () => ({ 'idempotency-key': randomUUID() });
const lotBody = (m: Market, boatId: string, photoIds: string[], videoIds: string[] = []) => ({
  lots: [
    {
      boatId,
      harbor: 'Kuala Selangor',
      freshness: 'fresh',
      landedAt: new Date(m.t.clock.now().getTime() - 3_600_000).toISOString(),
      name: 'Probe lot',
      species: 'bawal_putih',
      quantity: 100,
      startPrice: 2000,
      photoIds,
      videoIds,
    },
  ],
});
const boatBody = (imageId: string) => ({
  boatNumber: `Probe ${randomUUID().slice(0, 8)}`,
  ownerName: 'Probe',
  imageId,
});
const coldRoomBody = (imageId: string) => ({ name: 'Probe room', imageId });
const pushSubscribed = (json: Record<string, unknown>) =>
  (json.push as { subscribed?: boolean } | undefined)?.subscribed === true;
const REASON = { reason: 'Probe' };
const BUYER_2 = encodeURIComponent(DEMO_BUYER_PHONES[1] ?? '');

/**
 * Every route with an id field (idFields), and how to aim it at the market. A route that takes an
 * id and is missing here fails the authorization test by name: a new one must be added.
 */
export const ID_ROUTES: Record<string, IdRoute> = {
  'POST /api/auctions': {
    calls: (m, me) => [
      { label: 'lots[].boatId', body: lotBody(m, m.a.boat, [me.own.media]) },
      { label: 'lots[].photoIds', body: lotBody(m, me.own.boat, [m.a.media]) },
      { label: 'lots[].videoIds', body: lotBody(m, me.own.boat, [me.own.media], [m.a.media]) },
    ],
  },
  'GET /api/auctions': {
    calls: (m) => [{ query: { cursor: cursorAt(m.a.auction) } }],
    open: CURSOR,
  },
  'DELETE /api/auctions/{id}': { calls: (m) => path(m.a.auction) },
  'GET /api/lots/{id}': { calls: (m) => path(m.a.lot) },
  // A's ended lot has no returned kg: the owner's calls answer NOTHING_RETURNED and change nothing.
  'POST /api/lots/{id}/offer': { calls: (m) => path(m.a.lot, { body: {} }) },
  'POST /api/lots/{id}/relist': { calls: (m) => path(m.a.lot, { body: {} }) },
  'GET /api/orders': { calls: (m) => [{ query: { cursor: cursorAt(m.a.order) } }], open: CURSOR },
  'GET /api/orders/{id}': { calls: (m) => path(m.a.order) },
  'POST /api/orders/{id}/status': {
    calls: (m) => path(m.a.order, { body: { status: 'ready_for_pickup' } }),
  },
  'POST /api/orders/{id}/cancel': { calls: (m) => path(m.a.order, { body: {} }) },
  'POST /api/orders/{id}/invoice': { calls: (m) => path(m.a.order, { body: {} }) },
  'GET /api/orders/{id}/invoice.pdf': { calls: (m) => path(m.a.order) },
  'POST /api/orders/{id}/einvoice': { calls: (m) => path(m.a.order, { body: {} }) },
  'GET /api/orders/{id}/credit-note.pdf': { calls: (m) => path(m.a.refundedOrder) },
  'POST /api/orders/{id}/credit-note/einvoice': {
    calls: (m) => path(m.a.refundedOrder, { body: {} }),
  },
  'GET /api/orders/{id}/slip.bin': { calls: (m) => path(m.a.order) },
  'GET /api/orders/{id}/slip.png': { calls: (m) => path(m.a.order) },
  'PUT /api/printers/{id}': {
    calls: (m) => path(m.a.printer, { body: { name: 'Probe', kind: 'bluetooth' } }),
  },
  'DELETE /api/printers/{id}': { calls: (m) => path(m.a.printer) },
  'POST /api/printers/{id}/test': { calls: (m) => path(m.a.printer, { body: {} }) },
  'POST /api/printers/{id}/print': {
    calls: (m, me) => [
      { label: 'id', params: { id: m.a.printer }, body: { orderId: m.a.order } },
      { label: 'orderId', params: { id: me.own.printer }, body: { orderId: m.a.order } },
    ],
  },
  'GET /api/print-jobs': {
    calls: (m): IdCall[] => [
      { label: 'orderId', query: { orderId: m.a.order } },
      { label: 'printerId', query: { printerId: m.a.printer } },
    ],
    open: 'filters the caller’s own print jobs by it: another’s order or printer finds none',
  },
  'GET /api/wallet/statement': {
    calls: (m) => [{ query: { cursor: m.a.ledgerEntry } }],
    open: CURSOR,
  },
  'GET /api/wallet/withdrawals/{id}': { calls: (m) => path(m.a.withdrawal) },
  'GET /api/feedback': { calls: (m) => [{ query: { cursor: cursorAt(m.a.order) } }], open: CURSOR },
  'GET /api/notifications': {
    calls: (m) => [{ query: { cursor: m.a.notification } }],
    open: CURSOR,
  },
  'POST /api/notifications/read': {
    calls: (m) => [
      { label: 'ids', body: { ids: [m.a.notification] } },
      { label: 'upTo', body: { upTo: m.a.notification } },
    ],
    open: 'marks only the caller’s own notifications: the owner’s unread count is compared after',
  },
  'GET /api/notifications/settings': {
    calls: (m) => [{ query: { endpoint: m.a.pushEndpoint } }],
    open: 'answers whether the endpoint is subscribed for the caller, never for its owner',
    leaks: pushSubscribed,
  },
  'PUT /api/notifications/settings': {
    calls: (m) => [{ query: { endpoint: m.a.pushEndpoint }, body: { types: {} } }],
    open: 'answers whether the endpoint is subscribed for the caller, never for its owner',
    leaks: pushSubscribed,
  },
  'POST /api/push/subscriptions': {
    calls: (m) => [{ body: { endpoint: m.a.pushEndpoint, keys: browserKeys().keys } }],
    open: 'an endpoint names a browser, which may switch accounts; without its auth secret the owner’s subscription stays (compared after)',
  },
  'DELETE /api/push/subscriptions': {
    calls: (m) => [{ body: { endpoint: m.a.pushEndpoint } }],
    open: 'removes only the caller’s own subscription of that endpoint (compared after)',
  },
  'POST /api/boats': { calls: (m) => [{ body: boatBody(m.a.media) }] },
  'GET /api/boats/{id}': { calls: (m) => path(m.a.boat) },
  'PUT /api/boats/{id}': {
    calls: (m, me) => [
      { label: 'id', params: { id: m.a.boat }, body: boatBody(me.own.media) },
      { label: 'imageId', params: { id: me.own.boat }, body: boatBody(m.a.media) },
    ],
  },
  'DELETE /api/boats/{id}': { calls: (m) => path(m.a.boat) },
  'POST /api/cold-rooms': { calls: (m) => [{ body: coldRoomBody(m.a.media) }] },
  'GET /api/cold-rooms/{id}': { calls: (m) => path(m.a.coldRoom) },
  'PUT /api/cold-rooms/{id}': {
    calls: (m, me) => [
      { label: 'id', params: { id: m.a.coldRoom }, body: coldRoomBody(me.own.media) },
      { label: 'imageId', params: { id: me.own.coldRoom }, body: coldRoomBody(m.a.media) },
    ],
  },
  'DELETE /api/cold-rooms/{id}': { calls: (m) => path(m.a.coldRoom) },
  'PUT /api/store/basic-info': {
    calls: (m) => [{ body: { name: 'Probe store', logoMediaId: m.a.media } }],
  },
  'PUT /api/store/carousel': { calls: (m) => [{ body: { mediaIds: [m.a.media] } }] },
  'GET /api/store/ssm/{id}': { calls: (m) => path(m.a.ssmDocument) },
  'GET /api/events': {
    calls: () => [{ query: { lastEventId: '0' } }],
    open: 'replays the caller’s own events only',
    secrets: (m) => [m.a.lot, m.a.liveLot, m.a.order, m.a.auction],
  },
  'GET /api/buyer/lots': {
    calls: (m) => [{ query: { cursor: cursorAt(m.a.liveLot) } }],
    open: CURSOR,
  },
  'GET /api/buyer/lots/{id}': {
    calls: (m) => path(m.a.liveLot),
    open: 'every buyer sees every live lot, its other bidders masked',
    secrets: (m) => m.buyerSecrets,
  },
  'POST /api/buyer/lots/{id}/bids': {
    calls: (m) => path(m.a.liveLot, { body: { quantity: 10, price: 2100 } }),
    open: 'every buyer may bid on a live lot, its other bidders masked',
    secrets: (m) => m.buyerSecrets,
  },
  'POST /api/buyer/lots/{id}/buyout': {
    calls: (m) => path(m.a.liveLot, { body: {} }),
    open: 'every buyer may buy a live lot out, its other bidders masked',
    secrets: (m) => m.buyerSecrets,
  },
  'GET /api/buyer/orders/{id}': { calls: (m) => path(m.a.order) },
  'POST /api/buyer/orders/{id}/pay': {
    calls: (m) => path(m.a.order, { body: {}, headers: idempotent() }),
  },
  'POST /api/operator/withdrawals/{id}/approve': { calls: (m) => path(m.a.withdrawal) },
  'POST /api/operator/withdrawals/{id}/reject': {
    calls: (m) => path(m.a.withdrawal, { body: REASON }),
  },
  'POST /api/operator/bank-accounts/{merchant}/verify': {
    calls: (m) => [{ params: { merchant: m.a.id } }],
  },
  'POST /api/operator/bank-accounts/{merchant}/reject': {
    calls: (m) => [{ params: { merchant: m.a.id }, body: REASON }],
  },
  'POST /api/operator/merchants/{merchant}/business/verify': {
    calls: (m) => [{ params: { merchant: m.a.id } }],
  },
  'POST /api/operator/merchants/{merchant}/business/reject': {
    calls: (m) => [{ params: { merchant: m.a.id }, body: REASON }],
  },
  'GET /api/operator/merchants/{merchant}/ssm-document': {
    calls: (m) => [{ params: { merchant: m.a.id } }],
  },
  'GET /api/operator/merchants/{merchant}/tax-details': {
    calls: (m) => [{ params: { merchant: m.a.id } }],
    // A is the demo merchant, with the demo's tax details.
    secrets: () => ['C20880050010'],
  },
  'PUT /api/operator/merchants/{merchant}/tax-details': {
    calls: (m) => [
      {
        params: { merchant: m.a.id },
        body: {
          tin: 'C20880050010',
          registrationNumber: '202001234567',
          sstNumber: null,
          msicCode: '46312',
          businessActivity: 'Wholesale of fish and other seafood',
          addressLines: ['Jeti Nelayan'],
          postcode: '45000',
          city: 'Kuala Selangor',
          stateCode: '10',
        },
      },
    ],
  },
  'POST /api/operator/wallets/{merchant}/credit': {
    calls: (m) => [{ params: { merchant: m.a.id }, body: { amount: 100 }, headers: idempotent() }],
  },
  // Buyer 2 (by phone): buyer 1 keeps bidding through the other tests. Suspend runs before
  // unsuspend, and the link is set to none, so buyer 2 may still bid afterwards.
  'GET /api/operator/buyers/{buyer}': {
    calls: () => [{ params: { buyer: BUYER_2 } }],
    secrets: () => [normalizeMalaysianMobile(DEMO_BUYER_PHONES[1] ?? '') ?? ''],
  },
  'PUT /api/operator/buyers/{buyer}/credit-limit': {
    calls: () => [{ params: { buyer: BUYER_2 }, body: { amount: 0 } }],
  },
  'POST /api/operator/buyers/{buyer}/suspend': {
    calls: () => [{ params: { buyer: BUYER_2 }, body: REASON }],
  },
  'POST /api/operator/buyers/{buyer}/unsuspend': {
    calls: () => [{ params: { buyer: BUYER_2 } }],
  },
  'PUT /api/operator/buyers/{buyer}/merchant-link': {
    calls: () => [{ params: { buyer: BUYER_2 }, body: { merchant: null } }],
  },
  'GET /api/docs/static/{*}': {
    calls: () => [{ params: { '*': 'swagger-ui.css' } }],
    open: 'the API’s documentation, the same for everyone',
  },
  'GET /media/{*}': {
    calls: (m) => [{ params: { '*': m.a.mediaFile } }],
    open: 'stored names are random, so the URL is the key: buyers see lot photos by it',
  },
};
