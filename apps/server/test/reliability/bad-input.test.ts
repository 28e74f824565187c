import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE_OF } from '../../src/modules/auth/auth.guard.js';
import { DB_KINDS, TEST_OPERATOR_TOKEN } from '../helpers.js';
import {
  answerProblems,
  type ApiRoute,
  apiRoutes,
  buildMarket,
  ID_ROUTES,
  type JsonSchema,
  type Market,
  type Principal,
  send,
} from './routes.js';

/**
 * Issue 7, reliability 1: every route of the app (apiRoutes: the OpenAPI document checked against
 * the router) gets requests built from its own schemas and then broken: wrong types, missing and
 * extra fields, huge strings, odd Unicode, extreme numbers, malformed JSON, wrong content types,
 * broken multipart forms, bad cookies, tokens and Idempotency-Keys. Each is sent anonymously and
 * as the route's own kind of caller, so that validation behind the guard is reached. No answer
 * may be a 5xx, show a stack or SQL, or be an error of another shape than `{code, message}`.
 *
 * Cases come from fast-check with a fixed seed per route (the seed and the route's key), so a run
 * repeats exactly, and a new route gets cases without changing any other route's.
 */

const SEED = 20_260_115;
/** Random cases per route on top of one of each kind: enough to mix, few enough to stay fast. */
const EXTRA_CASES = 6;
/** How long an event stream that did open is read before it is dropped. */
const STREAM_MS = 20;

/** A JSON token or URL text sent exactly as written: 1e999, a bad percent escape, a raw cookie. */
class Raw {
  constructor(readonly text: string) {}
}

type Where = 'params' | 'query' | 'headers' | 'body';
type Path = (string | number)[];
interface Parts {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  /** Undefined: no body at all. */
  body: unknown;
}
interface Case {
  label: string;
  parts: Parts;
  /** Sent instead of the JSON of `parts.body`. */
  payload?: string | Buffer;
  contentType?: string;
  /** The case replaces the caller's credentials: 401 is then the right answer. */
  breaksAuth?: boolean;
}

// -------------------------------------------------------------------------------------------
// Valid values from a schema

const MAX_GENERATED = 24;

function stringArb(s: JsonSchema): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = Math.max(min, Math.min(s.maxLength ?? MAX_GENERATED, MAX_GENERATED));
  const days = { min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true };
  if (s.format === 'date-time') return fc.date(days).map((d) => d.toISOString());
  if (s.format === 'date') return fc.date(days).map((d) => d.toISOString().slice(0, 10));
  if (s.format === 'email') return fc.emailAddress();
  if (s.format === 'uri' || s.format === 'url') return fc.webUrl();
  if (s.pattern) {
    const within = (v: string) => v.length >= min && v.length <= (s.maxLength ?? Infinity);
    return fc.stringMatching(new RegExp(s.pattern)).filter(within);
  }
  return fc.string({ minLength: min, maxLength: max });
}

function numberArb(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1e6);
  const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : 1e6);
  return integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** Values the schema accepts (or nearly: zod's refinements are not in the document). */
function arbOf(s: JsonSchema): fc.Arbitrary<unknown> {
  let arb: fc.Arbitrary<unknown>;
  const alternatives = s.anyOf ?? s.oneOf;
  if (s.const !== undefined) arb = fc.constant(s.const);
  else if (s.enum?.length) arb = fc.constantFrom(...s.enum);
  else if (alternatives?.length) arb = fc.oneof(...alternatives.map(arbOf));
  else if (s.allOf?.[0]) arb = arbOf(s.allOf[0]);
  else if (s.type === 'string') arb = stringArb(s);
  else if (s.type === 'integer' || s.type === 'number') arb = numberArb(s, s.type === 'integer');
  else if (s.type === 'boolean') arb = fc.boolean();
  else if (s.type === 'null') arb = fc.constant(null);
  else if (s.type === 'array') {
    const min = s.minItems ?? 0;
    arb = fc.array(arbOf(s.items ?? {}), {
      minLength: min,
      maxLength: Math.max(min, Math.min(s.maxItems ?? 3, 3)),
    });
  } else if (s.type === 'object' || s.properties) {
    const props = s.properties ?? {};
    arb = fc.record(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, arbOf(v)])), {
      requiredKeys: (s.required ?? []).filter((k) => k in props),
    });
  } else arb = fc.constant('x');
  return s.nullable ? fc.option(arb, { nil: null }) : arb;
}

function paramsArb(list: { name: string; required: boolean; schema: JsonSchema }[]) {
  return fc.record(Object.fromEntries(list.map((p) => [p.name, arbOf(p.schema)])), {
    requiredKeys: list.filter((p) => p.required).map((p) => p.name),
  }) as fc.Arbitrary<Record<string, unknown>>;
}

/**
 * A valid request of the route, as its own caller makes it: path parameters and bodies are often
 * the market's real ones (ID_ROUTES), so that checks past "not found" are reached too.
 */
function validArb(route: ApiRoute, m: Market, who: Principal | null): fc.Arbitrary<Parts> {
  const real = who ? ID_ROUTES[route.key]?.calls(m, who)[0] : undefined;
  const params = fc.record(
    Object.fromEntries(
      route.params.map((p) => {
        const id = real?.params?.[p.name];
        const generated = arbOf(p.schema);
        return [
          p.name,
          id ? fc.oneof({ weight: 3, arbitrary: fc.constant(id) }, generated) : generated,
        ];
      }),
    ),
  );
  const json = route.body?.contentType === 'application/json' ? route.body.schema : null;
  const body: fc.Arbitrary<unknown> = json
    ? real?.body !== undefined
      ? fc.oneof(fc.constant(real.body), arbOf(json))
      : arbOf(json)
    : fc.constant(undefined);
  return fc.record({
    params,
    query: paramsArb(route.query),
    headers: paramsArb(route.headers),
    body,
  });
}

// -------------------------------------------------------------------------------------------
// What breaks them

/** Node's HTTP parser refuses a request line or headers over 16 KiB before the app sees them. */
const HUGE_URL = 16_000;
const WRONG_TYPES: unknown[] = [
  0,
  -1,
  1.5,
  true,
  false,
  null,
  {},
  [],
  [[]],
  'x',
  '',
  { $gt: '' },
  [1, 2, 3],
  { length: 1e9 },
];
const ODD_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\u202Eevil\u202C',
  '🐟'.repeat(40),
  `e${'\u0301'.repeat(300)}`,
  '\uFEFF',
  '\u200B\u200D',
  '   ',
  '\t\r\n',
  '𝔸𝕓𝕔',
  'Z̴̡͎͉̈́͌a̸l̵g̷o̶',
  "' OR 1=1 --",
  '"; DROP TABLE accounts; --',
  '%s%n%x',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  '\\',
  '${7*7}{{7*7}}',
  '__proto__',
  '\u0085\u2028\u2029',
];
const NUMBERS: unknown[] = [
  1e308,
  -1e308,
  -1,
  0,
  2 ** 63,
  -(2 ** 63),
  2 ** 53 + 2,
  0.1,
  5e-324,
  4_294_967_296,
  new Raw('-0'),
  new Raw('1e999'),
  new Raw('-1e999'),
  new Raw('123456789012345678901234567890'),
  new Raw('1E+400'),
];
const NUMERIC_STRINGS = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '-1',
  '0x1F',
  '1_000',
  '',
  ' ',
  '00',
  '9223372036854775808',
  '9999999999999999999',
  '9'.repeat(400),
  '1e-400',
  '+1',
  '١٢٣',
  '１２３',
  '1,5',
];
const DATES = [
  '0000-01-01',
  '9999-12-31',
  '2024-02-30',
  '-271821-04-20T00:00:00.000Z',
  '+275760-09-13T00:00:00.000Z',
  '0001-01-01T00:00:00Z',
  '2024-13-45T25:61:61Z',
  '2024-01-01T00:00:00+25:00',
];
const EXTRA_FIELDS = {
  zz: 1,
  isAdmin: true,
  role: 'operator',
  merchantId: '00000000-0000-4000-8000-000000000000',
  accountId: '00000000-0000-4000-8000-000000000000',
  status: 'completed',
  balance: 1e9,
};
const NOT_OBJECTS: unknown[] = [null, [], 'str', 0, true, [{}], new Raw('"\\u0000"')];
const DEEP = 10_000;
const MALFORMED_JSON = [
  '{',
  '{"a":1',
  "{'a':1}",
  '{"a":1,}',
  'NaN',
  'undefined',
  '\u0000',
  '{"a":"\\x41"}',
  '{"a":1}{"b":2}',
  '\uFEFF{}',
  ' ',
  '{"a":1}garbage',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '['.repeat(DEEP) + ']'.repeat(DEEP),
  '{"a":'.repeat(DEEP) + '1' + '}'.repeat(DEEP),
];
const CONTENT_TYPES: [string | null, string][] = [
  ['text/plain', '{}'],
  ['application/x-www-form-urlencoded', 'a=1&b=2'],
  ['multipart/form-data', '{}'],
  ['application/json; charset=utf-16le', '{}'],
  ['application/xml', '<a/>'],
  [null, '{}'],
  ['application/json', ''],
  ['APPLICATION/JSON', '{}'],
  ['application/json, text/html', '{}'],
  ['application/vnd.api+json', '{}'],
  ['*/*', '{}'],
  ['application/json; charset=latin1', '{}'],
];
const BAD_PATHS: unknown[] = [
  new Raw('%00'),
  new Raw('%ZZ'),
  new Raw('%F0%9F'),
  new Raw('..%2F..%2Fetc%2Fpasswd'),
  new Raw('..'),
  '-1',
  '0',
  '1e308',
  'NaN',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  '00000000-0000-4000-8000-000000000000 ',
  '00000000-0000-4000-8000-000000000000\n',
  'x'.repeat(10_000),
  '🐟',
  '\u202E00000000-0000-4000-8000-000000000000',
];
const base64url = (text: string) => Buffer.from(text).toString('base64url');
const SOME_ID = '00000000-0000-4000-8000-000000000000';
/**
 * Positions a client could forge, each sent to every list: times no database holds, no id, more
 * digits than a bigint.
 */
const CURSORS = [
  base64url(`-271821-04-20T00:00:00.000Z|${SOME_ID}`),
  base64url(`+275760-09-13T00:00:00.000Z|${SOME_ID}`),
  base64url(`0000-01-01T00:00:00.000Z|${SOME_ID}`),
  base64url('2026-01-01T00:00:00.000Z|not-an-id'),
  base64url('2026-01-01T00:00:00.000Z'),
  base64url('|||'),
  '9223372036854775808',
  '9999999999999999999',
  '-1',
  '0',
  '!!!',
];
/** Query strings, `$` standing for one of the route's own parameter names. */
const BAD_QUERIES = [
  '$=1&$=2',
  '$[]=1',
  '$[a]=b',
  '$',
  '$=',
  '%ZZ=1',
  '$=%ZZ',
  '$=%00',
  `$=${'x'.repeat(HUGE_URL)}`,
  '&&&',
  '=',
  '$=%E2%80%AE',
  '__proto__[x]=1',
];
const BAD_KEYS = [
  '',
  ' ',
  'short',
  'k'.repeat(201),
  'k'.repeat(HUGE_URL),
  'ä'.repeat(20),
  '🐟'.repeat(5),
];
const ODD_HEADERS: Record<string, string>[] = [
  { host: '' },
  { host: 'a'.repeat(1000) },
  { 'x-forwarded-for': ':::::' },
  { accept: 'text/html' },
  { 'accept-encoding': 'gzip;q=NaN, br;q=-1, *' },
  { 'accept-language': 'xx-ÿÿ;q=2' },
  { 'last-event-id': '-1' },
  { 'last-event-id': '9'.repeat(40) },
  { 'x-operator': 'ä'.repeat(200) },
  { 'x-http-method-override': 'DELETE' },
];

/** Broken credentials of the route's own kind: the cookie, or the operator's bearer token. */
function badCredentials(route: ApiRoute): Record<string, string>[] {
  if (route.role === 'operator') {
    return [
      'Bearer',
      'Bearer ',
      'Bearer x',
      'Basic YTpi',
      `Bearer ${TEST_OPERATOR_TOKEN}x`,
      `bearer ${TEST_OPERATOR_TOKEN}`,
      `Bearer ${'ä'.repeat(30)}`,
      `Bearer ${'x'.repeat(HUGE_URL)}`,
    ].map((authorization) => ({ authorization }));
  }
  const name = COOKIE_OF[route.role === 'buyer' ? 'buyer' : 'merchant'];
  return [
    `${name}=garbage`,
    `${name}=`,
    `${name}=${'a'.repeat(10_000)}`,
    `${name}="quoted"`,
    `${name}=%E0%A4%A`,
    `${name}=x; ${name}=y`,
    `${name}=${'\u00e4'.repeat(10)}`,
    '=; ;;',
  ].map((cookie) => ({ cookie }));
}

/** Every place of a request's parts, known from its value or from its schema (array items: 0). */
function targetsOf(route: ApiRoute, parts: Parts): { where: Where; path: Path }[] {
  const out = new Map<string, { where: Where; path: Path }>();
  const add = (where: Where, path: Path) => out.set(JSON.stringify([where, path]), { where, path });
  const walkValue = (where: Where, value: unknown, path: Path) => {
    if (path.length) add(where, path);
    if (Array.isArray(value)) value.forEach((v, i) => walkValue(where, v, [...path, i]));
    else if (value && typeof value === 'object' && !(value instanceof Raw)) {
      for (const [k, v] of Object.entries(value)) walkValue(where, v, [...path, k]);
    }
  };
  const walkSchema = (s: JsonSchema | undefined, path: Path) => {
    if (!s) return;
    if (path.length) add('body', path);
    for (const [k, v] of Object.entries(s.properties ?? {})) walkSchema(v, [...path, k]);
    walkSchema(s.items, [...path, 0]);
  };
  for (const p of route.params) add('params', [p.name]);
  for (const p of route.query) add('query', [p.name]);
  for (const p of route.headers) add('headers', [p.name]);
  walkValue('body', parts.body, []);
  if (route.body?.contentType === 'application/json') walkSchema(route.body.schema, []);
  return [...out.values()];
}

/** `parts` with the value at `where`/`path` replaced (or removed), containers made as needed. */
function replaced(parts: Parts, where: Where, path: Path, value: unknown, remove = false): Parts {
  // Only valid parts are broken, and they hold no Raw (which structuredClone would not keep).
  const copy = structuredClone(parts);
  if (where !== 'body') {
    const key = String(path[0]);
    if (remove) delete copy[where][key];
    else copy[where][key] = value;
    return copy;
  }
  if (path.length === 0) return { ...copy, body: value };
  if (copy.body === null || typeof copy.body !== 'object') copy.body = {};
  let node = copy.body as Record<string | number, unknown>;
  for (const [i, key] of path.slice(0, -1).entries()) {
    const next = node[key];
    if (next === null || typeof next !== 'object') {
      node[key] = typeof path[i + 1] === 'number' ? [] : {};
    }
    node = node[key] as Record<string | number, unknown>;
  }
  const last = path.at(-1) as string | number;
  if (remove) delete node[last];
  else node[last] = value;
  return copy;
}

/** `parts` with every string, number and boolean in them passed through `f`. */
function mapLeaves(parts: Parts, f: (value: unknown) => unknown): Parts {
  const map = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(map)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, map(v)]))
        : f(value);
  return map(parts) as Parts;
}

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length] as T;
/**
 * A huge value: a megabyte in a body (its limit is 1 MiB); 16 kB in a URL or a header, as much as
 * Node's HTTP parser lets through to the app.
 */
const HUGE = { body: 1_000_000, other: HUGE_URL };

interface Choice {
  target: number;
  value: number;
}

/** The kinds of breakage, each turning a valid request into a broken one. */
function breakers(route: ApiRoute) {
  const hasJsonBody = route.method !== 'GET' && route.body?.contentType !== 'multipart/form-data';
  const at =
    (make: (n: number, where: Where) => unknown, remove = false) =>
    (parts: Parts, c: Choice): Case => {
      const targets = targetsOf(route, parts);
      const target = targets.length
        ? pick(targets, c.target)
        : { where: 'query' as const, path: ['x'] };
      const value = make(c.value, target.where);
      const label = `${target.where}.${target.path.join('.')} ← ${remove ? 'missing' : show(value)}`;
      return { label, parts: replaced(parts, target.where, target.path, value, remove) };
    };
  const whole =
    (name: string, make: (parts: Parts, n: number) => Omit<Case, 'label'> & { label?: string }) =>
    (parts: Parts, c: Choice): Case => {
      const made = make(parts, c.value);
      return { ...made, label: `${name}${made.label ? `: ${made.label}` : ''}` };
    };
  const list: ((parts: Parts, c: Choice) => Case)[] = [
    at((n) => pick(WRONG_TYPES, n)),
    at((n) => pick(ODD_STRINGS, n)),
    at((_, where) => 'x'.repeat(where === 'body' ? HUGE.body : HUGE.other)),
    at((_, where) => Array.from({ length: where === 'body' ? 50_000 : 1_000 }, () => 'x')),
    at((n) => pick(NUMBERS, n)),
    at((n) => pick(NUMERIC_STRINGS, n)),
    at((n) => pick(DATES, n)),
    at(() => undefined, true),
    whole('extra fields', (parts) => ({
      parts: {
        ...parts,
        query: { ...parts.query, ...EXTRA_FIELDS },
        body:
          parts.body && typeof parts.body === 'object' && !Array.isArray(parts.body)
            ? { ...parts.body, ...EXTRA_FIELDS }
            : parts.body,
      },
    })),
    // Whole classes at once, so that every field of every route meets them.
    whole('U+0000 in every string', (parts) => ({
      parts: mapLeaves(parts, (v) => (typeof v === 'string' ? `${v}\u0000` : v)),
    })),
    whole('every number 2^63', (parts) => ({
      parts: mapLeaves(parts, (v) => (typeof v === 'number' ? 2 ** 63 : v)),
    })),
    whole('bad query', (parts, n) => {
      const name = pick(route.query, n)?.name ?? 'limit';
      const query = pick(BAD_QUERIES, n).replaceAll('$', name);
      return { label: query.slice(0, 40), parts: { ...parts, query: { [query]: new Raw('') } } };
    }),
    whole('bad credentials', (parts, n) => ({
      parts: { ...parts, headers: { ...parts.headers, ...pick(badCredentials(route), n) } },
      breaksAuth: true,
    })),
    whole('other site', (parts, n) => ({
      parts: {
        ...parts,
        headers: {
          ...parts.headers,
          ...pick(
            [
              { origin: 'https://evil.example' },
              { origin: 'null' },
              { 'sec-fetch-site': 'cross-site' },
            ],
            n,
          ),
        },
      },
    })),
    whole('odd headers', (parts, n) => ({
      label: JSON.stringify(pick(ODD_HEADERS, n)).slice(0, 60),
      parts: { ...parts, headers: { ...parts.headers, ...pick(ODD_HEADERS, n) } },
    })),
    whole('bad Idempotency-Key', (parts, n) => ({
      label: JSON.stringify(pick(BAD_KEYS, n)).slice(0, 30),
      parts: { ...parts, headers: { ...parts.headers, 'idempotency-key': pick(BAD_KEYS, n) } },
    })),
  ];
  if (route.params.length) {
    list.push(
      whole('bad path parameter', (parts, n) => ({
        label: show(pick(BAD_PATHS, n)),
        parts: {
          ...parts,
          params: Object.fromEntries(route.params.map((p) => [p.name, pick(BAD_PATHS, n)])),
        },
      })),
    );
  }
  if (hasJsonBody) {
    list.push(
      whole('body of another type', (parts, n) => ({
        parts: { ...parts, body: pick(NOT_OBJECTS, n) },
      })),
      whole('empty object', (parts) => ({ parts: { ...parts, body: {} } })),
      whole('malformed JSON', (parts, n) => ({
        label: JSON.stringify(pick(MALFORMED_JSON, n)).slice(0, 40),
        parts,
        payload: pick(MALFORMED_JSON, n),
      })),
      whole('invalid UTF-8', (parts) => ({
        parts,
        payload: Buffer.from([
          0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d,
        ]),
      })),
      whole('content type', (parts, n) => {
        const [type, payload] = pick(CONTENT_TYPES, n);
        return { label: String(type), parts, payload, contentType: type ?? '' };
      }),
      whole('over the body limit', (parts) => ({
        parts,
        payload: JSON.stringify({ x: 'x'.repeat(1_500_000) }),
      })),
    );
  }
  return list;
}

function show(value: unknown): string {
  if (value instanceof Raw) return `raw ${value.text.slice(0, 30)}`;
  if (typeof value === 'string' && value.length > 40) return `string of ${value.length}`;
  if (Array.isArray(value) && value.length > 10) return `array of ${value.length}`;
  return JSON.stringify(value) ?? String(value);
}

// -------------------------------------------------------------------------------------------
// Multipart forms

const BOUNDARY = '----sm-fuzz-boundary';

/** Bytes of no format, the same for a seed. */
const garbage = (seed: number) =>
  Buffer.from(
    fc.sample(fc.uint8Array({ minLength: 65_536, maxLength: 65_536 }), { seed, numRuns: 1 })[0] ??
      [],
  );

/** A good form with one photo first, then broken ones. */
function multipartCases(jpeg: Buffer, garbage: Buffer): Omit<Case, 'parts'>[] {
  const part = (
    name: string,
    fileName: string | null,
    content: Buffer | string,
    type = 'image/jpeg',
  ) =>
    Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"` +
          `${fileName === null ? '' : `; filename="${fileName}"`}\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      Buffer.from(content),
      Buffer.from('\r\n'),
    ]);
  const end = Buffer.from(`--${BOUNDARY}--\r\n`);
  const form = `multipart/form-data; boundary=${BOUNDARY}`;
  const file = part('file', 'catch.jpg', jpeg);
  const cases: [string, Buffer | string, string][] = [
    ['a photo', Buffer.concat([file, end]), form],
    ['JSON instead of a form', '{"file":"x"}', 'application/json'],
    ['no boundary', Buffer.concat([file, end]), 'multipart/form-data'],
    ['another boundary', Buffer.concat([file, end]), 'multipart/form-data; boundary=other'],
    ['no closing boundary', file, form],
    ['truncated file', file.subarray(0, file.length / 2), form],
    ['empty body', '', form],
    ['only the closing boundary', end, form],
    ['field not named file', Buffer.concat([part('document', 'catch.jpg', jpeg), end]), form],
    [
      'a text field, no file',
      Buffer.concat([part('file', null, 'hello', 'text/plain'), end]),
      form,
    ],
    ['two files', Buffer.concat([file, file, end]), form],
    ['text as a JPEG', Buffer.concat([part('file', 'catch.jpg', 'hello'), end]), form],
    ['zero bytes', Buffer.concat([part('file', 'catch.jpg', ''), end]), form],
    ['garbage bytes', Buffer.concat([part('file', 'catch.jpg', garbage), end]), form],
    ['garbage form', garbage, form],
    [
      'many fields',
      Buffer.concat([...Array.from({ length: 50 }, () => part('x', null, 'y')), end]),
      form,
    ],
    [
      'huge part header',
      Buffer.concat([part('file', `${'x'.repeat(100_000)}.jpg`, jpeg), end]),
      form,
    ],
    ['multipart/mixed', Buffer.concat([file, end]), `multipart/mixed; boundary=${BOUNDARY}`],
    ['odd boundary', Buffer.concat([file, end]), 'multipart/form-data; boundary="; ä'],
    [
      'over 1 MB of garbage',
      Buffer.concat([part('file', 'x.pdf', Buffer.alloc(2_000_000, 7)), end]),
      form,
    ],
  ];
  for (const name of [
    '\u0000.jpg',
    '\u202Egpj.exe',
    '../../../etc/passwd',
    '🐟.jpg',
    'a"b.jpg',
    '',
  ]) {
    cases.push([
      `file named ${JSON.stringify(name)}`,
      Buffer.concat([part('file', name, jpeg), end]),
      form,
    ]);
  }
  return cases.map(([label, payload, contentType]) => ({ label, payload, contentType }));
}

// -------------------------------------------------------------------------------------------
// Sending

/** JSON in which Raw values are written as their text. */
function stringify(value: unknown): string {
  const raws: string[] = [];
  const json = JSON.stringify(value, (_key, v: unknown) => {
    if (!(v instanceof Raw)) return v;
    raws.push(v.text);
    return `\u0000raw${raws.length - 1}\u0000`;
  });
  return raws.reduce((text, raw, i) => text.replace(`"\\u0000raw${i}\\u0000"`, raw), json);
}

/** Percent-encoded UTF-8, as a browser sends it: a lone surrogate goes as U+FFFD. */
const percent = (text: string) =>
  encodeURIComponent(
    text.replace(
      /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
      '\uFFFD',
    ),
  );
const urlPart = (v: unknown) =>
  v instanceof Raw
    ? v.text
    : percent(typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));

function urlOf(route: ApiRoute, parts: Parts): string {
  const path = route.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    urlPart(parts.params[name] ?? ''),
  );
  const query = Object.entries(parts.query).flatMap(([k, v]) => {
    if (v === undefined) return [];
    if (v instanceof Raw) return [v.text ? `${k}=${v.text}` : k];
    const values = Array.isArray(v) ? v : [v];
    return values.map((x) => `${percent(k)}=${urlPart(x)}`);
  });
  return query.length ? `${path}?${query.join('&')}` : path;
}

/**
 * A header value as a server could receive it: HTTP carries bytes, which Node reads as Latin-1,
 * and a control character never gets past its parser (app.inject would pass either as it is).
 */
const headerValue = (v: unknown) =>
  [
    ...Buffer.from(
      v instanceof Raw ? v.text : typeof v === 'string' ? v : (JSON.stringify(v) ?? ''),
    ).toString('latin1'),
  ]
    .filter((ch) => ch === '\t' || (ch >= ' ' && ch !== '\u007f'))
    .join('');

/**
 * One database: PostgreSQL when TEST_DATABASE_URL is set, else PGlite. PGlite is PostgreSQL's own
 * engine, and what this suite attacks is the layer above it: each fault it found failed the same
 * way on both, so a second run doubled the time (some 20 s) and found nothing new. The
 * authorization suite, cheaper, runs on both.
 */
const KIND = DB_KINDS.at(-1) ?? 'pglite';

describe(`bad input on every API route (${KIND})`, () => {
  let m: Market;
  let routes: ApiRoute[];
  let jpeg: Buffer;

  beforeAll(async () => {
    m = await buildMarket(KIND);
    routes = apiRoutes(m.t.app);
    jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366aa' } })
      .jpeg()
      .toBuffer();
  });
  afterAll(async () => {
    await m?.t.close();
  });

  /**
   * What a route needs before its cases so that they reach its checks: a Verified merchant's SSM
   * upload is refused before its file is read.
   */
  const SETUP: Record<string, () => Promise<void>> = {
    'POST /api/store/ssm': async () => {
      const res = await send(m.t.app, {
        method: 'POST',
        url: `/api/operator/merchants/${m.a.id}/business/reject`,
        headers: m.operator.headers(),
        payload: { reason: 'Resubmit' },
      });
      expect(res.status).toBe(200);
    },
  };

  const callerOf = (route: ApiRoute): Principal | null =>
    ({ merchant: m.merchantA, buyer: m.buyer1, operator: m.operator, public: null })[route.role];

  function casesOf(route: ApiRoute): Case[] {
    const who = callerOf(route);
    const seed = [...route.key].reduce(
      (h, ch) => Math.imul(h ^ ch.charCodeAt(0), 16_777_619),
      SEED,
    );
    const kinds = breakers(route);
    const samples = fc.sample(
      fc.record({
        parts: validArb(route, m, who),
        target: fc.nat(),
        value: fc.nat(),
        kind: fc.nat(),
      }),
      { seed, numRuns: 2 + kinds.length + EXTRA_CASES },
    );
    // Two valid requests, then one of each kind of breakage, then kinds at random.
    const cases = samples.map((s, i): Case => {
      if (i < 2) return { label: 'valid', parts: s.parts };
      return pick(kinds, i < 2 + kinds.length ? i - 2 : s.kind)(s.parts, s);
    });
    const base = samples[0]?.parts ?? { params: {}, query: {}, headers: {}, body: undefined };
    for (const { name } of route.query.filter((p) => /^(cursor|lastEventId)$/.test(p.name))) {
      for (const value of CURSORS) {
        cases.push({
          label: `forged ${name} ${value}`,
          parts: { ...base, query: { [name]: value } },
        });
      }
    }
    if (route.body?.contentType !== 'multipart/form-data') return cases;
    // A form's body is no JSON: the other cases send a good one (a photo), these break it.
    const [good, ...broken] = multipartCases(jpeg, garbage(seed));
    return [
      ...cases.map((c) => (c.payload === undefined ? { ...c, ...good, label: c.label } : c)),
      ...broken.map((c) => ({ ...c, parts: base })),
    ];
  }

  async function sendCase(route: ApiRoute, c: Case, who: Principal | null) {
    const headers: Record<string, string> = { ...who?.headers() };
    for (const [k, v] of Object.entries(c.parts.headers))
      if (v !== undefined) headers[k] = headerValue(v);
    let payload = c.payload;
    if (payload === undefined && c.parts.body !== undefined) payload = stringify(c.parts.body);
    const type = c.contentType ?? (payload === undefined ? undefined : 'application/json');
    if (type) headers['content-type'] = type;
    return send(
      m.t.app,
      {
        method: route.method,
        url: urlOf(route, c.parts),
        headers,
        ...(payload === undefined ? {} : { payload }),
      },
      STREAM_MS,
    );
  }

  // Some five thousand requests: a minute or more on a busy machine, hence the longer limit.
  it(
    'answers every broken request without a 5xx, a stack or SQL, in the house error shape',
    { timeout: 300_000 },
    async () => {
      const failures: string[] = [];
      for (const route of routes) {
        const who = callerOf(route);
        await SETUP[route.key]?.();
        const cases = casesOf(route);
        // One of each kind of breakage at least, for every route.
        expect(cases.length).toBeGreaterThan(15);
        for (const c of cases) {
          for (const caller of who ? [null, who] : [null]) {
            let res = await sendCase(route, c, caller);
            // The clock may have moved past the session, or a call ended it: sign in and retry once.
            if (caller && res.status === 401 && !c.breaksAuth) {
              await caller.relogin();
              res = await sendCase(route, c, caller);
            }
            const problems = answerProblems(res, { scanBody: !route.path.startsWith('/api/docs') });
            if (!caller && who && res.status < 300) problems.push('answered without credentials');
            if (caller && res.status === 401 && !c.breaksAuth)
              problems.push('refused its own caller');
            if (!problems.length) continue;
            const body =
              typeof c.payload === 'string'
                ? c.payload
                : c.payload
                  ? `${c.payload.length} bytes`
                  : (stringify(c.parts.body) ?? '');
            failures.push(
              `${route.key} ${caller ? `as ${caller.name}` : 'anonymously'}, ${c.label}: ` +
                `${res.status} ${problems.join('; ')}\n  ${route.method} ${urlOf(route, c.parts).slice(0, 200)} ` +
                `${body.slice(0, 200)}\n  → ${(res.text ?? '').slice(0, 200)}`,
            );
          }
        }
      }
      // The router's routes that the document lacks were found, and had their cases too.
      expect(routes.filter((r) => !r.documented).map((r) => r.key)).toContain('GET /media/{*}');
      expect(failures, failures.slice(0, 40).join('\n')).toEqual([]);
    },
  );
});
