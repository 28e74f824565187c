import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { z } from 'zod';
import { MAX_STREAMS_PER_SESSION } from '@sm/contract';
import { type Cidr, parseCidr } from './lib/ip-address.js';

/** apps/server/src or apps/server/dist: both sit two levels below apps/, so one path serves both. */
const here = path.dirname(fileURLToPath(import.meta.url));

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.url().optional(),
    DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(20),
    /**
     * Server processes sharing the port (node:cluster), each with its own pool of DB_POOL_MAX.
     * Unset: one per core on PostgreSQL; one on the embedded database, which belongs to one
     * process, and with TEST_CLOCK, whose clock the operator API moves in one process only.
     */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
    SEED_DEMO: bool.optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /** `pretty`: one coloured line per entry (pino-pretty, a dev dependency); `json` for machines. */
    LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
    WEB_DIST: z.string().default(path.resolve(here, '../../web/dist')),
    /** Secure cookies; defaults to on in production. */
    COOKIE_SECURE: bool.optional(),
    TRUST_PROXY: bool.default(false),
    /** Signs SMS code hashes. Generated into DATA_DIR on first start when not given. */
    APP_SECRET: z.string().min(32).optional(),
    /** Guards /api/operator/*. Generated into DATA_DIR on first start when not given. */
    OPERATOR_TOKEN: z.string().min(16).optional(),
    SMS_PROVIDER: z.enum(['log', 'http']).default('log'),
    SMS_HTTP_URL: z.url().optional(),
    SMS_HTTP_TOKEN: z.string().optional(),
    SMS_SENDER_ID: z.string().default('SeafoodMkt'),
    /** Requests per minute per IP on each sign-in route (the per-phone rules live in the database). */
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    /**
     * Live-event streams one sign-in may hold open in one process (tabs, a phone and a tablet);
     * the load bench raises it to hold thousands of streams on one merchant's session.
     */
    EVENT_STREAMS_PER_SESSION: z.coerce.number().int().min(1).default(MAX_STREAMS_PER_SESSION),
    /**
     * Lets the operator API move the server's clock (POST /api/operator/test/clock), so browser
     * tests and demos can see a 15-minute lot end without waiting. Never in production.
     */
    TEST_CLOCK: bool.default(false),
    /**
     * log2 of scrypt's N for new password hashes (PRODUCT.md §3: 17). The test suites lower it so
     * that thousands of sign-ups do not each take 128 MiB and a few hundred ms; never lower in
     * production. Hashes keep their own parameters, so any stored hash still verifies.
     */
    PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(17),
    /** LHDN MyInvois API, e.g. https://preprod-api.myinvois.hasil.gov.my (sandbox). */
    MYINVOIS_BASE_URL: z.url().optional(),
    /** Where the OAuth token comes from, when not the API's own host. */
    MYINVOIS_IDENTITY_URL: z.url().optional(),
    MYINVOIS_CLIENT_ID: z.string().optional(),
    MYINVOIS_CLIENT_SECRET: z.string().optional(),
    /** The public portal a Valid e-invoice's validation link (and QR) points at. */
    MYINVOIS_PORTAL_URL: z.url().default('https://preprod.myinvois.hasil.gov.my'),
    /**
     * The intermediary's signing certificate (PKCS#12) for e-invoice version 1.1; without it
     * documents are version 1.0, which MyInvois accepts unsigned.
     */
    MYINVOIS_SIGNING_P12: z.string().optional(),
    MYINVOIS_SIGNING_PASSWORD: z.string().optional(),
    /**
     * Web Push (VAPID) keys, base64url as `npx web-push generate-vapid-keys` prints them. When not
     * given, a pair is generated once and kept in the database, so every process signs alike.
     */
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'a base64url P-256 public key')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'a base64url P-256 private key')
      .optional(),
    /** Who push services can contact about this sender: a mailto: or https: URL. */
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)\S+$/, 'a mailto: or https: URL')
      // web-push refuses a subject URL it cannot parse, and then no push could ever be sent.
      .refine((v) => URL.canParse(v), 'a mailto: or https: URL')
      .default('mailto:support@seafoodmerchant.com.my'),
    /**
     * Hosts Web Push messages may go to (a subscription's endpoint is a URL the browser hands in,
     * so anything else would let a client aim the server at hosts of its choosing): comma-separated
     * names, each matching itself and its subdomains; `*` allows any https host.
     */
    PUSH_SERVICE_HOSTS: z
      .string()
      .default('fcm.googleapis.com,push.services.mozilla.com,push.apple.com,notify.windows.com'),
    /** Tests only: also http://127.0.0.1 and http://localhost endpoints (a stand-in push service). */
    PUSH_ALLOW_INSECURE_ENDPOINTS: bool.default(false),
    /**
     * Map tiles for picking the store's location (Leaflet's URL form, with {z}/{x}/{y} and
     * optionally {s}): an http(s) URL or a path on this server. The CSP allows images from its host.
     */
    MAP_TILE_URL: z
      .string()
      .regex(/^(https?:\/\/[^/\s]+)?\/\S*$/, 'an http(s) URL or a path starting with /')
      .refine(
        (url) => ['{z}', '{x}', '{y}'].every((part) => url.includes(part)),
        'needs {z}, {x} and {y}',
      )
      .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    /** The credit line the tile server asks for (HTML is not allowed: it is shown as text). */
    MAP_TILE_ATTRIBUTION: z.string().max(300).default('© OpenStreetMap contributors'),
    /**
     * The shop networks a server installed inside them may print to over raw TCP (port 9100):
     * comma-separated CIDRs. Unset, the server opens no connection a merchant names: one in a
     * data centre could never reach a shop's printer, only its own neighbourhood.
     */
    PRINTER_LAN_NETWORKS: z
      .string()
      .default('')
      .transform((text, ctx) => {
        const networks: Cidr[] = [];
        for (const part of text.split(',').filter((p) => p.trim())) {
          try {
            networks.push(parseCidr(part));
          } catch (error) {
            ctx.addIssue({ code: 'custom', message: (error as Error).message });
          }
        }
        return networks;
      }),
    /** Tests only: stand-in printers on 127.0.0.1 at any port (the browser tests' fake printer). */
    PRINTER_TEST_LOOPBACK: bool.default(false),
  })
  .refine((e) => e.SMS_PROVIDER !== 'http' || e.SMS_HTTP_URL, {
    message: 'SMS_HTTP_URL is required when SMS_PROVIDER=http',
    path: ['SMS_HTTP_URL'],
  })
  .refine((e) => !e.VAPID_PUBLIC_KEY === !e.VAPID_PRIVATE_KEY, {
    message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together',
    path: ['VAPID_PRIVATE_KEY'],
  })
  .refine((e) => !(e.PUSH_ALLOW_INSECURE_ENDPOINTS && e.NODE_ENV === 'production'), {
    message: 'PUSH_ALLOW_INSECURE_ENDPOINTS cannot be used in production',
    path: ['PUSH_ALLOW_INSECURE_ENDPOINTS'],
  })
  .refine((e) => !(e.PASSWORD_HASH_COST < 17 && e.NODE_ENV === 'production'), {
    message: 'PASSWORD_HASH_COST cannot be below 17 in production',
    path: ['PASSWORD_HASH_COST'],
  })
  // pino-pretty is a dev dependency: a production install does not have it.
  .refine((e) => !(e.LOG_FORMAT === 'pretty' && e.NODE_ENV === 'production'), {
    message: 'LOG_FORMAT=pretty is for development: production logs stay JSON',
    path: ['LOG_FORMAT'],
  })
  .refine((e) => !(e.TEST_CLOCK && e.NODE_ENV === 'production'), {
    message: 'TEST_CLOCK cannot be used in production',
    path: ['TEST_CLOCK'],
  })
  .refine((e) => (e.WEB_CONCURRENCY ?? 1) === 1 || e.DATABASE_URL, {
    message: 'WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database is one process',
    path: ['WEB_CONCURRENCY'],
  })
  .refine((e) => (e.WEB_CONCURRENCY ?? 1) === 1 || !e.TEST_CLOCK, {
    message: 'TEST_CLOCK moves one process’s clock: WEB_CONCURRENCY must be 1',
    path: ['WEB_CONCURRENCY'],
  })
  .refine((e) => !e.PRINTER_TEST_LOOPBACK || (e.TEST_CLOCK && e.NODE_ENV !== 'production'), {
    message: 'PRINTER_TEST_LOOPBACK is for tests only: it needs TEST_CLOCK, never in production',
    path: ['PRINTER_TEST_LOOPBACK'],
  });

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  /** Uploaded photos and videos: DATA_DIR/media. */
  mediaDir: string;
  /** Invoice PDFs: DATA_DIR/invoices. */
  invoicesDir: string;
  /** Private uploads (SSM documents), never served as static files: DATA_DIR/documents. */
  documentsDir: string;
  databaseUrl: string | undefined;
  dbPoolMax: number;
  /** Server processes: more than one only on PostgreSQL (main.ts forks them). */
  webConcurrency: number;
  seedDemo: boolean;
  logLevel: string;
  logFormat: 'json' | 'pretty';
  webDist: string;
  cookieSecure: boolean;
  trustProxy: boolean;
  appSecret: string | undefined;
  operatorToken: string | undefined;
  sms: {
    provider: 'log' | 'http';
    url: string | undefined;
    token: string | undefined;
    senderId: string;
  };
  authRateLimitPerMinute: number;
  eventStreamsPerSession: number;
  testClock: boolean;
  /** log2 of scrypt's N for new password hashes. */
  passwordHashCost: number;
  /** E-invoice submission to LHDN MyInvois; null (nothing is submitted) unless fully configured. */
  myinvois: MyInvoisConfig | null;
  push: PushConfig;
  mapTiles: { url: string; attribution: string };
  /** Raw LAN printing: off unless networks are configured. */
  printing: { networks: Cidr[]; testLoopback: boolean };
}

export interface PushConfig {
  /** Both or neither; neither: generated once and kept in the database. */
  vapid: { publicKey: string; privateKey: string } | null;
  subject: string;
  /** Host names (and their subdomains) endpoints may point at; `*` is any. */
  serviceHosts: string[];
  allowInsecureEndpoints: boolean;
}

export interface MyInvoisConfig {
  baseUrl: string;
  identityUrl: string;
  clientId: string;
  clientSecret: string;
  portalUrl: string;
  /** PKCS#12 file and its password: documents are then version 1.1, signed. */
  signing: { p12Path: string; password: string } | null;
}

/** The one place that reads the environment (house style 4). */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable (`DATABASE_URL=`) means "not set", as shells and .env files use it.
  const given = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    mediaDir: path.resolve(e.DATA_DIR, 'media'),
    invoicesDir: path.resolve(e.DATA_DIR, 'invoices'),
    documentsDir: path.resolve(e.DATA_DIR, 'documents'),
    databaseUrl: e.DATABASE_URL,
    dbPoolMax: e.DB_POOL_MAX,
    webConcurrency:
      e.WEB_CONCURRENCY ?? (e.DATABASE_URL && !e.TEST_CLOCK ? availableParallelism() : 1),
    // PRODUCT.md §9: the embedded database seeds the demo unless told not to; PostgreSQL only when asked.
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    webDist: path.resolve(e.WEB_DIST),
    cookieSecure: e.COOKIE_SECURE ?? e.NODE_ENV === 'production',
    trustProxy: e.TRUST_PROXY,
    appSecret: e.APP_SECRET,
    operatorToken: e.OPERATOR_TOKEN,
    sms: {
      provider: e.SMS_PROVIDER,
      url: e.SMS_HTTP_URL,
      token: e.SMS_HTTP_TOKEN,
      senderId: e.SMS_SENDER_ID,
    },
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    eventStreamsPerSession: e.EVENT_STREAMS_PER_SESSION,
    testClock: e.TEST_CLOCK,
    passwordHashCost: e.PASSWORD_HASH_COST,
    push: {
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : null,
      subject: e.VAPID_SUBJECT,
      serviceHosts: e.PUSH_SERVICE_HOSTS.split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
      allowInsecureEndpoints: e.PUSH_ALLOW_INSECURE_ENDPOINTS,
    },
    myinvois:
      e.MYINVOIS_BASE_URL && e.MYINVOIS_CLIENT_ID && e.MYINVOIS_CLIENT_SECRET
        ? {
            baseUrl: e.MYINVOIS_BASE_URL,
            identityUrl: e.MYINVOIS_IDENTITY_URL ?? e.MYINVOIS_BASE_URL,
            clientId: e.MYINVOIS_CLIENT_ID,
            clientSecret: e.MYINVOIS_CLIENT_SECRET,
            portalUrl: e.MYINVOIS_PORTAL_URL,
            signing: e.MYINVOIS_SIGNING_P12
              ? { p12Path: e.MYINVOIS_SIGNING_P12, password: e.MYINVOIS_SIGNING_PASSWORD ?? '' }
              : null,
          }
        : null,
    mapTiles: { url: e.MAP_TILE_URL, attribution: e.MAP_TILE_ATTRIBUTION },
    printing: { networks: e.PRINTER_LAN_NETWORKS, testLoopback: e.PRINTER_TEST_LOOPBACK },
  };
}
