import { randomUUID } from 'node:crypto';
import net from 'node:net';
import type { Readable } from 'node:stream';
import { LOT_DURATION_MS, merchantEvent, SMS_SEND_COOLDOWN_MS } from '@sm/contract';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, lotInput, multipart } from './auctions.js';
import { PDF, solid } from './files.js';
import { DB_KINDS, latestSmsCode } from './helpers.js';
import { browserKeys } from './push.js';
import {
  apiRoutes,
  buildMarket,
  ID_ROUTES,
  type IdCall,
  type Market,
  type Method,
  MARK,
  type Principal,
} from './reliability/routes.js';

/**
 * Issue 17: every answer conforms to the OpenAPI document. The app's own document
 * (GET /api/docs/json) is walked, and every operation in it is called for real on the reliability
 * suite's market (merchant A with one of everything, buyers 1 and 2, the operator): the status
 * must be one the operation documents, the content type one documented for that status, a JSON
 * body valid against its schema, a file non-empty and of its type, an event stream framed as SSE.
 * Each operation must answer 2xx at least once, and once without credentials if it has a guard.
 * An operation with no step here fails by name: a new route needs one.
 */

interface OpenApiMedia {
  schema?: object;
}
interface OpenApiResponse {
  description?: string;
  content?: Record<string, OpenApiMedia>;
}
interface OpenApiOperation {
  responses?: Record<string, OpenApiResponse>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** Whoever makes a call: the market's principals, or an account a step signs up itself. */
interface Caller {
  headers(): Record<string, string>;
  /** Keeps the cookies an answer sets (sign-up, sign-in, sign-out). */
  keep?(cookies: { name: string; value: string; maxAge?: number }[]): void;
}

interface Answer {
  status: number;
  contentType: string;
  body: Buffer;
  json(): Record<string, unknown>;
}

interface Request extends IdCall {
  /** A raw body (multipart) instead of JSON. */
  raw?: { payload: Buffer; headers: Record<string, string> };
}

interface StepContext {
  m: Market;
  /** Ids that earlier steps made, for later ones (deletes last, on objects of their own). */
  made: Record<string, string>;
  /** One call of this step's operation, checked against the document. */
  call(who: Caller | null, req?: Request): Promise<Answer>;
  /** Every ID_ROUTES call of this operation, as `who` aims it (the owner: at its own objects). */
  idRoutes(who: Principal): Promise<Answer[]>;
  /** Stand-ins a step starts, stopped with the app. */
  onClose(stop: () => Promise<void>): void;
}

type Step = (c: StepContext) => Promise<unknown>;

const mediaType = (type: string) => (type.split(';')[0] ?? '').trim().toLowerCase();
const isJson = (type: string) => /^application\/(?:[\w.+-]+\+)?json$/.test(type);

/** The first bytes of each file type the API sends: a body of the wrong kind is caught. */
const SIGNATURES: Record<string, (body: Buffer) => boolean> = {
  'application/pdf': (b) => b.subarray(0, 5).toString('latin1') === '%PDF-',
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8,
  'image/webp': (b) => b.subarray(8, 12).toString('latin1') === 'WEBP',
  // XLSX is a ZIP; ESC/POS starts with ESC @ (initialize).
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': (b) =>
    b.subarray(0, 4).equals(Buffer.from('504b0304', 'hex')),
  'application/octet-stream': (b) => b[0] === 0x1b && b[1] === 0x40,
  // UTF-8 with a byte-order mark, for Excel.
  'text/csv': (b) => b.subarray(0, 3).equals(Buffer.from('efbbbf', 'hex')),
};

/**
 * Reads an answer's body. An event stream never ends: it is read until a frame with data has come
 * (or `ms` passed) and then dropped; the server ends its streams when the app closes.
 */
async function readBody(stream: Readable, eventStream: boolean, ms = 500): Promise<Buffer> {
  const chunks: Buffer[] = [];
  if (!eventStream) {
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    stream.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (/(?:^|\n)data: [^\n]*\n\n/.test(Buffer.concat(chunks).toString('utf8'))) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  stream.destroy();
  return Buffer.concat(chunks);
}

async function send(
  app: FastifyInstance,
  who: Caller | null,
  method: Method,
  url: string,
  req: Request,
) {
  const options: InjectOptions = {
    method,
    url,
    headers: { ...who?.headers(), ...req.raw?.headers, ...req.headers },
    payloadAsStream: true,
  };
  if (req.raw) options.payload = req.raw.payload;
  else if (req.body !== undefined) options.payload = req.body as InjectOptions['payload'];
  const res = await app.inject(options);
  const contentType = String(res.headers['content-type'] ?? '');
  const body = await readBody(res.stream(), mediaType(contentType) === 'text/event-stream');
  who?.keep?.(res.cookies as { name: string; value: string; maxAge?: number }[]);
  return {
    status: res.statusCode,
    contentType,
    body,
    json: () => JSON.parse(body.toString('utf8')) as Record<string, unknown>,
  };
}

/** A caller with its own cookie jar, for the accounts the sign-up steps make. */
function newCaller(): Caller {
  const jar = new Map<string, string>();
  return {
    headers: (): Record<string, string> =>
      jar.size ? { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') } : {},
    keep(cookies) {
      for (const c of cookies) {
        if (c.value === '' || c.maxAge === 0) jar.delete(c.name);
        else jar.set(c.name, c.value);
      }
    },
  };
}

/**
 * The SSE frames of a stream's start: `retry` first, then ids and MerchantEvent data; a position
 * (`event: position`) carries its id as its data.
 */
function eventStreamProblems(text: string): string[] {
  const frames = text.split('\n\n').slice(0, -1);
  const problems: string[] = [];
  if (!/^retry: \d+$/.test(frames[0] ?? ''))
    problems.push(`first frame ${JSON.stringify(frames[0])}`);
  if (!frames.some((f) => /^id: \d+$/m.test(f))) problems.push('no frame with an id');
  const positions = frames.filter((f) => f.includes('\nevent: '));
  for (const frame of positions) {
    if (!/^id: (\d+)\nevent: position\ndata: \1$/.test(frame)) {
      problems.push(`position frame ${JSON.stringify(frame)}`);
    }
  }
  for (const frame of frames.filter((f) => !positions.includes(f))) {
    for (const line of frame.split('\n')) {
      if (!/^(?:id: \d+|retry: \d+|data: .*|: .*)$/.test(line)) {
        problems.push(`line ${JSON.stringify(line)} is not SSE`);
      } else if (line.startsWith('data: ')) {
        const parsed = merchantEvent.safeParse(JSON.parse(line.slice(6)));
        if (!parsed.success) problems.push(`data is no MerchantEvent: ${line}`);
      }
    }
  }
  return problems;
}

// Strict, but a record of fixed keys (z.record(enum, …)) lists them in `required` only.
const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false });
addFormats(ajv);
const validators = new WeakMap<object, ValidateFunction>();
const validatorOf = (schema: object) => {
  let v = validators.get(schema);
  if (!v) validators.set(schema, (v = ajv.compile(schema)));
  return v;
};

/** What is wrong with an answer, as the operation's document tells it. */
function conformance(op: OpenApiOperation, answer: Answer): string[] {
  const responses = op.responses ?? {};
  const { status } = answer;
  const documented =
    responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
  if (!documented) {
    return [`status ${status} is not documented (${Object.keys(responses).join(', ')})`];
  }
  const content = documented.content ?? {};
  const type = mediaType(answer.contentType);
  if (Object.keys(content).length === 0) {
    return answer.body.length ? [`${status} has a body (${type}) where none is documented`] : [];
  }
  const key = Object.keys(content).find((t) => mediaType(t) === type);
  if (!key) {
    return [
      `${status} is ${type || 'untyped'}, documented as ${Object.keys(content).join(' or ')}`,
    ];
  }
  if (isJson(type)) {
    let body: unknown;
    try {
      body = answer.json();
    } catch {
      return [`${status} ${type} body is not JSON`];
    }
    const schema = content[key]?.schema;
    if (!schema) return [`${status} ${type} has no schema`];
    const validate = validatorOf(schema);
    if (validate(body)) return [];
    return [`${status} body: ${ajv.errorsText(validate.errors)}`];
  }
  if (type === 'text/event-stream') {
    return eventStreamProblems(answer.body.toString('utf8')).map((p) => `event stream: ${p}`);
  }
  if (answer.body.length === 0) return [`${status} ${type} is empty`];
  const looksRight = SIGNATURES[type];
  if (!looksRight) return [`${status} ${type}: the test knows no signature of this type`];
  return looksRight(answer.body) ? [] : [`${status} ${type} does not start as one`];
}

const PHONES = {
  merchant: { display: '019-000 9001', e164: '+60190009001' },
  buyer: { display: '019-000 9002', e164: '+60190009002' },
};
const NEW_PASSWORD = 'Fresh@12345';
const TAX_DETAILS = {
  tin: 'C20880050010',
  registrationNumber: '202001234567',
  sstNumber: null,
  msicCode: '46312',
  businessActivity: 'Wholesale of fish and other seafood',
  addressLines: ['Jeti Nelayan'],
  postcode: '45000',
  city: 'Kuala Selangor',
  stateCode: '10',
};
const BUYER_TAX_DETAILS = {
  name: 'Tan Kee Seafood Restaurant Sdn. Bhd.',
  tin: 'C12345678900',
  idType: 'BRN',
  idNumber: '201901012345',
  sstNumber: null,
  email: 'akaun@tankee.my',
  addressLines: ['12 Jalan Pasar'],
  postcode: '41000',
  city: 'Klang',
  stateCode: '10',
};
const idempotent = () => ({ 'idempotency-key': randomUUID() });
const id = (value: string | undefined) => ({ params: { id: value ?? '' } });

/** A raw-port printer stand-in on 127.0.0.1: takes whatever is sent. Answers its port. */
async function printerStandIn(c: StepContext): Promise<number> {
  const server = net.createServer((socket) => {
    socket.resume();
    socket.on('end', () => socket.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  c.onClose(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return (server.address() as net.AddressInfo).port;
}

/** Sign-up, sign-in, reset and sign-out of a fresh account of each role, with its own jar. */
function authSteps(role: 'merchant' | 'buyer'): [string, Step][] {
  const base = role === 'merchant' ? '/api' : '/api/buyer';
  const phone = PHONES[role];
  const caller = newCaller();
  return [
    [
      `POST ${base}/auth/sms-code`,
      (c) => c.call(null, { body: { phone: phone.display, purpose: 'register' } }),
    ],
    [
      `POST ${base}/auth/register`,
      async (c) =>
        c.call(caller, {
          body: {
            phone: phone.display,
            code: await latestSmsCode(c.m.t.app, phone.e164),
            password: DEMO_PASSWORD,
            confirmPassword: DEMO_PASSWORD,
            agreePolicy: true,
          },
        }),
    ],
    [`GET ${base}/me`, (c) => c.call(caller)],
    [
      `POST ${base}/auth/reset-password`,
      async (c) => {
        // One code per phone a minute: the sign-up's was just sent.
        c.m.t.clock.advance(SMS_SEND_COOLDOWN_MS);
        const sent = await c.m.t.app.inject({
          method: 'POST',
          url: `${base}/auth/sms-code`,
          payload: { phone: phone.display, purpose: 'reset' },
        });
        expect(sent.statusCode, sent.body).toBe(200);
        return c.call(null, {
          body: {
            phone: phone.display,
            code: await latestSmsCode(c.m.t.app, phone.e164),
            password: NEW_PASSWORD,
            confirmPassword: NEW_PASSWORD,
          },
        });
      },
    ],
    [
      `POST ${base}/auth/login`,
      (c) => c.call(caller, { body: { phone: phone.display, password: NEW_PASSWORD } }),
    ],
    [`POST ${base}/auth/logout`, (c) => c.call(caller)],
  ];
}

/**
 * A step per operation, run in this order on one market: each makes at least one call that
 * succeeds (and may make others that fail, to check the error's document too). Later steps use
 * what earlier ones made; deletes come last, on objects made here.
 */
const steps = (): [string, Step][] => [
  ['GET /api/health', (c) => c.call(null)],
  ['GET /api/version', (c) => c.call(null)],
  ...authSteps('merchant'),
  ...authSteps('buyer'),

  // A live lot X that buyer 1 and buyer 2 bid on, and an auction Z to delete at the end.
  [
    'POST /api/auctions',
    async (c) => {
      const jar = c.m.merchantA.client;
      if (!jar) throw new Error('merchant A has no session');
      const publish = async (name: string) => {
        const lot = await lotInput(jar, c.m.t, { name, quantity: 100, buyoutPrice: null });
        const res = await c.call(c.m.merchantA, { body: { lots: [lot] } });
        return res.json() as { id: string; lotIds: string[] };
      };
      const x = await publish(`${MARK} lot X`);
      c.made.lotX = x.lotIds[0] ?? '';
      c.made.auctionZ = (await publish(`${MARK} lot Z`)).id;
    },
  ],
  ['GET /api/auctions', (c) => c.call(c.m.merchantA)],
  ['GET /api/dashboard', (c) => c.call(c.m.merchantA)],
  ['GET /api/lots/{id}', (c) => c.idRoutes(c.m.merchantA)],
  ['GET /api/buyer/lots', (c) => c.call(c.m.buyer1)],
  ['GET /api/buyer/lots/{id}', (c) => c.call(c.m.buyer1, id(c.made.lotX))],
  [
    'POST /api/buyer/lots/{id}/bids',
    async (c) => {
      await c.call(c.m.buyer1, { ...id(c.made.lotX), body: { quantity: 60, price: 2200 } });
      await c.call(c.m.buyer2, { ...id(c.made.lotX), body: { quantity: 80, price: 2100 } });
      await c.idRoutes(c.m.buyer2);
    },
  ],
  ['GET /api/buyer/bids', (c) => c.call(c.m.buyer1)],
  ['POST /api/buyer/lots/{id}/buyout', (c) => c.idRoutes(c.m.buyer2)],
  [
    'GET /api/buyer/orders',
    async (c) => {
      // Lot X ends: buyer 1 wins 6 kg, buyer 2 the 4 kg left of its 8.
      c.m.t.clock.advance(LOT_DURATION_MS);
      await c.m.t.app.services.auctions.closeDueLots();
      for (const [who, key] of [
        [c.m.buyer1, 'orderX1'],
        [c.m.buyer2, 'orderX2'],
      ] as const) {
        const items = (await c.call(who)).json().items as { id: string; lotId: string }[];
        c.made[key] = items.find((o) => o.lotId === c.made.lotX)?.id ?? '';
      }
    },
  ],
  ['GET /api/buyer/orders/{id}', (c) => c.idRoutes(c.m.buyer1)],
  [
    'POST /api/buyer/orders/{id}/pay',
    (c) => c.call(c.m.buyer2, { ...id(c.made.orderX2), body: {}, headers: idempotent() }),
  ],
  // Buyer 1's unpaid share goes back to the lot: offered to buyer 2, the rest relisted.
  [
    'POST /api/orders/{id}/cancel',
    (c) => c.call(c.m.merchantA, { ...id(c.made.orderX1), body: {} }),
  ],
  ['POST /api/lots/{id}/offer', (c) => c.call(c.m.merchantA, { ...id(c.made.lotX), body: {} })],
  ['POST /api/lots/{id}/relist', (c) => c.call(c.m.merchantA, { ...id(c.made.lotX), body: {} })],

  ['GET /api/orders', (c) => c.call(c.m.merchantA)],
  ['GET /api/orders/counts', (c) => c.call(c.m.merchantA)],
  ['GET /api/orders/{id}', (c) => c.idRoutes(c.m.merchantA)],
  [
    'GET /api/orders/export',
    async (c) => {
      await c.call(c.m.merchantA);
      await c.call(c.m.merchantA, { query: { format: 'xlsx', tab: 'all' } });
      await c.call(c.m.merchantA, { query: { format: 'pdf' } });
    },
  ],
  ['POST /api/orders/{id}/status', (c) => c.idRoutes(c.m.merchantA)],
  ['POST /api/orders/{id}/invoice', (c) => c.idRoutes(c.m.merchantA)],
  [
    'GET /api/orders/{id}/invoice.pdf',
    async (c) => {
      await c.idRoutes(c.m.merchantA);
      await c.call(c.m.merchantA, { ...id(c.m.a.order), query: { download: '1' } });
      await c.call(c.m.merchantA, id(randomUUID()));
    },
  ],
  [
    'GET /api/orders/{id}/credit-note.pdf',
    async (c) => {
      await c.idRoutes(c.m.merchantA);
      // An order without a credit note.
      await c.call(c.m.merchantA, id(c.m.a.order));
    },
  ],
  ['POST /api/orders/{id}/einvoice', (c) => c.idRoutes(c.m.merchantA)],
  ['POST /api/orders/{id}/credit-note/einvoice', (c) => c.idRoutes(c.m.merchantA)],

  ['GET /api/printers', (c) => c.call(c.m.merchantA)],
  [
    'POST /api/printers',
    async (c) => {
      const port = await printerStandIn(c);
      const res = await c.call(c.m.merchantA, {
        body: { name: `${MARK} network`, kind: 'network', host: '127.0.0.1', port },
      });
      c.made.printer = String(res.json().id);
    },
  ],
  ['PUT /api/printers/{id}', (c) => c.idRoutes(c.m.merchantA)],
  [
    'POST /api/printers/{id}/test',
    (c) => c.call(c.m.merchantA, { ...id(c.made.printer), body: {} }),
  ],
  [
    'POST /api/printers/{id}/print',
    async (c) => {
      await c.call(c.m.merchantA, { ...id(c.made.printer), body: { orderId: c.m.a.order } });
      // A Bluetooth printer is printed by the app: BAD_REQUEST.
      await c.idRoutes(c.m.merchantA);
    },
  ],
  [
    'GET /api/orders/{id}/slip.bin',
    async (c) => {
      await c.idRoutes(c.m.merchantA);
      await c.call(c.m.merchantA, id(randomUUID()));
    },
  ],
  [
    'GET /api/orders/{id}/slip.png',
    async (c) => {
      await c.idRoutes(c.m.merchantA);
      await c.call(c.m.merchantA, { ...id(c.m.a.order), query: { paperWidth: '80', lang: 'zh' } });
    },
  ],
  ['GET /api/printers/test-page.bin', (c) => c.call(c.m.merchantA, { query: { name: 'Kaunter' } })],
  ['GET /api/printers/test-page.png', (c) => c.call(c.m.merchantA)],
  [
    'POST /api/cloudprnt',
    async (c) => {
      // Merchant A's cloud printer, and its key from the URL Printer setup shows.
      const mac = '00:11:62:c0:ff:ee';
      const merchant = c.m.merchantA.headers();
      const added = await c.m.t.app.inject({
        method: 'POST',
        url: '/api/printers',
        headers: merchant,
        payload: { name: `${MARK} cloud`, kind: 'cloud', mac },
      });
      expect(added.statusCode, added.body).toBe(200);
      const printer = added.json() as { id: string; cloud: { pollPath: string } };
      const key = new URL(printer.cloud.pollPath, 'http://x').searchParams.get('key') ?? '';
      Object.assign(c.made, { cloudPrinter: printer.id, cloudMac: mac, cloudKey: key });
      // First contact (asked for its polling interval), and a printer no one registered.
      await c.call(null, { query: { key }, body: { printerMAC: mac, statusCode: '200%20OK' } });
      await c.call(null, { body: { printerMAC: '00:11:62:00:00:01', statusCode: '200 OK' } });
      const queued = await c.m.t.app.inject({
        method: 'POST',
        url: `/api/printers/${printer.id}/test`,
        headers: merchant,
        payload: {},
      });
      expect(queued.statusCode, queued.body).toBe(200);
      const offer = await c.call(null, {
        query: { key },
        body: {
          printerMAC: mac,
          statusCode: '200 OK',
          status: '23 86 00 00 00 00 00 00 00 ',
          printingInProgress: false,
          clientAction: [{ request: 'GetPollInterval', result: '5' }],
        },
      });
      c.made.cloudToken = String(offer.json().jobToken);
    },
  ],
  [
    'GET /api/cloudprnt',
    async (c) => {
      const { cloudKey: key = '', cloudMac: mac = '', cloudToken: token = '' } = c.made;
      await c.call(null, { query: { key, mac, type: 'image/png', token } });
      await c.call(null, { query: { key, mac, type: 'application/vnd.star.line', token } });
      await c.call(null, { query: { mac: '00:11:62:00:00:01', type: 'image/png' } });
      // The confirmation as a GET (deleteMethod GET): of no job here.
      await c.call(null, { query: { key, mac, token: 'none', code: '520', delete: '' } });
    },
  ],
  [
    'DELETE /api/cloudprnt',
    (c) =>
      c.call(null, {
        query: {
          key: c.made.cloudKey ?? '',
          mac: c.made.cloudMac ?? '',
          token: c.made.cloudToken ?? '',
          code: '200 OK',
        },
      }),
  ],
  [
    'GET /api/print-jobs',
    (c) => c.call(c.m.merchantA, { query: { printerId: c.made.cloudPrinter ?? '' } }),
  ],

  ['GET /api/wallet', (c) => c.call(c.m.merchantA)],
  ['GET /api/wallet/statement', (c) => c.call(c.m.merchantA)],
  ['GET /api/wallet/withdrawals/{id}', (c) => c.idRoutes(c.m.merchantA)],
  ['GET /api/operator/withdrawals', (c) => c.call(c.m.operator)],
  // A's pending withdrawal is rejected, so that A may ask for another, which is approved.
  ['POST /api/operator/withdrawals/{id}/reject', (c) => c.idRoutes(c.m.operator)],
  [
    'POST /api/wallet/withdrawals',
    async (c) => {
      const res = await c.call(c.m.merchantA, { body: { amount: 1_000 }, headers: idempotent() });
      c.made.withdrawal = String(res.json().id);
    },
  ],
  [
    'POST /api/operator/withdrawals/{id}/approve',
    (c) => c.call(c.m.operator, id(c.made.withdrawal)),
  ],
  ['GET /api/bank-account', (c) => c.call(c.m.merchantA)],
  [
    'PUT /api/bank-account',
    (c) =>
      c.call(c.m.merchantA, {
        body: { bankCode: 'MBB', holderName: 'Tan Ah Kow', accountNumber: '5140 1234 5678' },
      }),
  ],
  ['GET /api/operator/bank-accounts', (c) => c.call(c.m.operator)],
  ['POST /api/operator/bank-accounts/{merchant}/reject', (c) => c.idRoutes(c.m.operator)],
  ['POST /api/operator/bank-accounts/{merchant}/verify', (c) => c.idRoutes(c.m.operator)],
  [
    'POST /api/operator/wallets/{merchant}/credit',
    async (c) => {
      await c.idRoutes(c.m.operator);
      await c.call(c.m.operator, {
        params: { merchant: encodeURIComponent(PHONES.buyer.e164) },
        query: { role: 'buyer' },
        body: { amount: 100 },
        headers: idempotent(),
      });
    },
  ],

  [
    'POST /api/feedback',
    (c) =>
      c.call(c.m.merchantA, {
        body: {
          category: 'bug',
          message: 'The countdown froze on the lot detail page after a while.',
          appVersion: '1.0.0 (b1d5e7a9)',
          locale: 'en',
        },
      }),
  ],
  ['GET /api/feedback', (c) => c.call(c.m.merchantA)],

  ['GET /api/notifications', (c) => c.call(c.m.merchantA)],
  ['GET /api/notifications/unread', (c) => c.call(c.m.merchantA)],
  ['POST /api/notifications/read', (c) => c.idRoutes(c.m.merchantA)],
  ['GET /api/notifications/settings', (c) => c.idRoutes(c.m.merchantA)],
  ['PUT /api/notifications/settings', (c) => c.idRoutes(c.m.merchantA)],
  ['GET /api/push/public-key', (c) => c.call(c.m.merchantA)],
  [
    'POST /api/push/subscriptions',
    (c) =>
      c.call(c.m.merchantA, {
        body: {
          endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`,
          keys: browserKeys().keys,
        },
      }),
  ],

  ['GET /api/boats', (c) => c.call(c.m.merchantA)],
  [
    'POST /api/boats',
    async (c) => {
      const [res] = await c.idRoutes(c.m.merchantA);
      c.made.boat = String(res?.json().id);
    },
  ],
  ['GET /api/boats/{id}', (c) => c.idRoutes(c.m.merchantA)],
  ['PUT /api/boats/{id}', (c) => c.idRoutes(c.m.merchantA)],
  ['GET /api/cold-rooms', (c) => c.call(c.m.merchantA)],
  [
    'POST /api/cold-rooms',
    async (c) => {
      const [res] = await c.idRoutes(c.m.merchantA);
      c.made.coldRoom = String(res?.json().id);
    },
  ],
  ['PUT /api/cold-rooms/settings', (c) => c.call(c.m.merchantA, { body: { hasColdRoom: true } })],
  ['GET /api/cold-rooms/{id}', (c) => c.idRoutes(c.m.merchantA)],
  ['PUT /api/cold-rooms/{id}', (c) => c.idRoutes(c.m.merchantA)],

  ['GET /api/business-records', (c) => c.call(c.m.merchantA)],
  [
    'GET /api/business-records/export',
    async (c) => {
      await c.call(c.m.merchantA, { query: { period: 'week' } });
      await c.call(c.m.merchantA, { query: { period: 'year' } });
    },
  ],

  ['GET /api/store', (c) => c.call(c.m.merchantA)],
  ['PUT /api/store/basic-info', (c) => c.idRoutes(c.m.merchantA)],
  [
    'PUT /api/store/profile',
    (c) =>
      c.call(c.m.merchantA, {
        body: { description: 'Fresh from Kuala Selangor', announcements: ['Closed on Friday'] },
      }),
  ],
  ['GET /api/store/tax-details', (c) => c.call(c.m.merchantA)],
  ['PUT /api/store/tax-details', (c) => c.call(c.m.merchantA, { body: TAX_DETAILS })],
  ['PUT /api/store/carousel', (c) => c.idRoutes(c.m.merchantA)],
  [
    'POST /api/media',
    async (c) => {
      const jpeg = await solid(32, 32).jpeg().toBuffer();
      await c.call(c.m.merchantA, { raw: await multipart('fish.jpg', jpeg, 'image/jpeg') });
      // A PDF is no photo.
      await c.call(c.m.merchantA, { raw: await multipart('fish.pdf', PDF, 'application/pdf') });
    },
  ],
  // A Verified merchant may not send a new document: the operator asks for one first.
  ['POST /api/operator/merchants/{merchant}/business/reject', (c) => c.idRoutes(c.m.operator)],
  [
    'POST /api/store/ssm',
    async (c) => {
      const file = await multipart(`${MARK} ssm.pdf`, PDF, 'application/pdf');
      const res = await c.call(c.m.merchantA, { raw: file });
      c.made.ssm = String((res.json().ssmDocument as { id?: string } | null)?.id);
    },
  ],
  ['POST /api/operator/merchants/{merchant}/business/verify', (c) => c.idRoutes(c.m.operator)],
  [
    'GET /api/store/ssm/{id}',
    async (c) => {
      await c.call(c.m.merchantA, id(c.made.ssm));
      await c.idRoutes(c.m.merchantA);
      await c.call(c.m.merchantA, id(randomUUID()));
    },
  ],
  [
    'GET /api/operator/merchants/{merchant}/ssm-document',
    async (c) => {
      await c.idRoutes(c.m.operator);
      // Merchant B never sent one.
      await c.call(c.m.operator, { params: { merchant: encodeURIComponent('019-000 0001') } });
    },
  ],

  ['GET /api/buyer/wallet', (c) => c.call(c.m.buyer1)],
  [
    'POST /api/buyer/wallet/top-up',
    (c) => c.call(c.m.buyer1, { body: { amount: 10_000 }, headers: idempotent() }),
  ],
  ['GET /api/buyer/tax-details', (c) => c.call(c.m.buyer1)],
  ['PUT /api/buyer/tax-details', (c) => c.call(c.m.buyer1, { body: BUYER_TAX_DETAILS })],
  ['DELETE /api/buyer/tax-details', (c) => c.call(c.m.buyer1)],

  [
    'GET /api/events',
    async (c) => {
      // From the start: the retry hint, then every event of A's so far, replayed.
      await c.call(c.m.merchantA, { query: { lastEventId: '0' } });
      // Fresh: the retry hint and the id to resume from, no data until something happens.
      await c.call(c.m.merchantA);
    },
  ],

  ['GET /api/operator/sms-outbox', (c) => c.call(c.m.operator, { query: { limit: '5' } })],
  ['GET /api/operator/merchants', (c) => c.call(c.m.operator)],
  ['GET /api/operator/merchants/{merchant}/tax-details', (c) => c.idRoutes(c.m.operator)],
  ['PUT /api/operator/merchants/{merchant}/tax-details', (c) => c.idRoutes(c.m.operator)],
  [
    'GET /api/operator/service-fee',
    async (c) => {
      c.made.rateBps = String((await c.call(c.m.operator)).json().rateBps);
    },
  ],
  [
    'PUT /api/operator/service-fee',
    (c) => c.call(c.m.operator, { body: { rateBps: Number(c.made.rateBps) } }),
  ],
  ['POST /api/operator/payouts/run', (c) => c.call(c.m.operator)],
  ['GET /api/operator/buyers/{buyer}', (c) => c.idRoutes(c.m.operator)],
  ['PUT /api/operator/buyers/{buyer}/credit-limit', (c) => c.idRoutes(c.m.operator)],
  ['POST /api/operator/buyers/{buyer}/suspend', (c) => c.idRoutes(c.m.operator)],
  ['POST /api/operator/buyers/{buyer}/unsuspend', (c) => c.idRoutes(c.m.operator)],
  ['PUT /api/operator/buyers/{buyer}/merchant-link', (c) => c.idRoutes(c.m.operator)],
  ['GET /api/operator/audit', (c) => c.call(c.m.operator)],
  // Only with TEST_CLOCK=true, as the market's app runs.
  ['POST /api/operator/test/clock', (c) => c.call(c.m.operator, { body: { advanceMs: 0 } })],

  ['DELETE /api/push/subscriptions', (c) => c.idRoutes(c.m.merchantA)],
  ['DELETE /api/printers/{id}', (c) => c.call(c.m.merchantA, id(c.made.printer))],
  ['DELETE /api/boats/{id}', (c) => c.call(c.m.merchantA, id(c.made.boat))],
  ['DELETE /api/cold-rooms/{id}', (c) => c.call(c.m.merchantA, id(c.made.coldRoom))],
  ['DELETE /api/auctions/{id}', (c) => c.call(c.m.merchantA, id(c.made.auctionZ))],
];

describe.each(DB_KINDS)('the OpenAPI document against real answers (%s)', (kind) => {
  let m: Market;
  let doc: OpenApiDocument;
  const STEPS = steps();
  const stops: (() => Promise<void>)[] = [];
  /** `GET /api/orders/{id}` → its operation, for every operation of the document. */
  const operations = new Map<string, { method: Method; path: string; op: OpenApiOperation }>();

  beforeAll(async () => {
    m = await buildMarket(kind);
    const res = await m.t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = res.json() as OpenApiDocument;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const key = `${method.toUpperCase()} ${path}`;
        operations.set(key, { method: method.toUpperCase() as Method, path, op });
      }
    }
  });
  afterAll(async () => {
    await m?.t.close();
    for (const stop of stops) await stop();
  });

  it('has a step for every operation of the document, and none for an operation gone', () => {
    const steps = STEPS.map(([key]) => key);
    const missing = [...operations.keys()].filter((key) => !steps.includes(key));
    expect(missing, 'operations with no step in STEPS (openapi-conformance.test.ts)').toEqual([]);
    const gone = steps.filter((key) => !operations.has(key));
    expect(gone, 'steps of operations the document no longer has').toEqual([]);
    expect(new Set(steps).size, 'operations with two steps').toBe(steps.length);
    expect(operations.size).toBeGreaterThan(100);
  });

  it('answers every operation as its document says, 2xx at least once', async () => {
    const failures: string[] = [];
    const made: Record<string, string> = {};
    for (const [key, step] of STEPS) {
      const entry = operations.get(key);
      if (!entry) continue;
      const { method, path, op } = entry;
      const statuses: number[] = [];
      const call = async (who: Caller | null, req: Request = {}) => {
        const url =
          path.replace(/\{([^}]+)\}/g, (_, name: string) => req.params?.[name] ?? '') +
          (req.query ? `?${new URLSearchParams(req.query)}` : '');
        const answer = await send(m.t.app, who, method, url, req);
        statuses.push(answer.status);
        for (const problem of conformance(op, answer)) {
          failures.push(`${key} (${url}): ${problem}`);
        }
        return answer;
      };
      const idRoutes = async (who: Principal) => {
        const calls = ID_ROUTES[key]?.calls(m, who);
        if (!calls) throw new Error(`${key} has no ID_ROUTES entry to aim it`);
        const answers: Answer[] = [];
        for (const c of calls) answers.push(await call(who, c));
        return answers;
      };
      try {
        await step({ m, made, call, idRoutes, onClose: (stop) => stops.push(stop) });
      } catch (err) {
        failures.push(`${key}: the step failed: ${String(err)}`);
        continue;
      }
      if (!statuses.some((s) => s >= 200 && s < 300)) {
        failures.push(`${key}: no call answered 2xx (${statuses.join(', ') || 'no call'})`);
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
  }, 120_000);

  it('answers each guarded operation 401 without credentials, as its document says', async () => {
    const failures: string[] = [];
    const roles = new Map(apiRoutes(m.t.app).map((r) => [r.key, r.role]));
    let guarded = 0;
    for (const [key, { method, path, op }] of operations) {
      if ((roles.get(key) ?? 'public') === 'public') continue;
      guarded++;
      const url = path.replace(/\{[^}]+\}/g, randomUUID());
      const answer = await send(m.t.app, null, method, url, {});
      if (answer.status !== 401) failures.push(`${key}: ${answer.status}, expected 401`);
      for (const problem of conformance(op, answer)) failures.push(`${key}: ${problem}`);
    }
    expect(guarded).toBeGreaterThan(80);
    expect(failures, failures.join('\n')).toEqual([]);
  });
});
