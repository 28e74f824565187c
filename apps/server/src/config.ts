import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { z } from 'zod';

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
    SEED_DEMO: bool.optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
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
     * Lets the operator API move the server's clock (POST /api/operator/test/clock), so browser
     * tests and demos can see a 15-minute lot end without waiting. Never in production.
     */
    TEST_CLOCK: bool.default(false),
    /** LHDN MyInvois API, e.g. https://preprod-api.myinvois.hasil.gov.my (sandbox). */
    MYINVOIS_BASE_URL: z.url().optional(),
    /** Where the OAuth token comes from, when not the API's own host. */
    MYINVOIS_IDENTITY_URL: z.url().optional(),
    MYINVOIS_CLIENT_ID: z.string().optional(),
    MYINVOIS_CLIENT_SECRET: z.string().optional(),
  })
  .refine((e) => e.SMS_PROVIDER !== 'http' || e.SMS_HTTP_URL, {
    message: 'SMS_HTTP_URL is required when SMS_PROVIDER=http',
    path: ['SMS_HTTP_URL'],
  })
  .refine((e) => !(e.TEST_CLOCK && e.NODE_ENV === 'production'), {
    message: 'TEST_CLOCK cannot be used in production',
    path: ['TEST_CLOCK'],
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
  databaseUrl: string | undefined;
  dbPoolMax: number;
  seedDemo: boolean;
  logLevel: string;
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
  testClock: boolean;
  /** E-invoice submission to LHDN MyInvois; null (nothing is submitted) unless fully configured. */
  myinvois: MyInvoisConfig | null;
}

export interface MyInvoisConfig {
  baseUrl: string;
  identityUrl: string;
  clientId: string;
  clientSecret: string;
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
    databaseUrl: e.DATABASE_URL,
    dbPoolMax: e.DB_POOL_MAX,
    // PRODUCT.md §9: the embedded database seeds the demo unless told not to; PostgreSQL only when asked.
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
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
    testClock: e.TEST_CLOCK,
    myinvois:
      e.MYINVOIS_BASE_URL && e.MYINVOIS_CLIENT_ID && e.MYINVOIS_CLIENT_SECRET
        ? {
            baseUrl: e.MYINVOIS_BASE_URL,
            identityUrl: e.MYINVOIS_IDENTITY_URL ?? e.MYINVOIS_BASE_URL,
            clientId: e.MYINVOIS_CLIENT_ID,
            clientSecret: e.MYINVOIS_CLIENT_SECRET,
          }
        : null,
  };
}
