import {
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  scrypt,
  timingSafeEqual,
} from 'node:crypto';
import { SMS_CODE_LENGTH } from '@sm/contract';
import { AppError } from './errors.js';

type ScryptParams = { N: number; r: number; p: number };
/** PRODUCT.md §3: scrypt N=2^17, r=8, p=1 (config PASSWORD_HASH_COST lowers N for test suites). */
let CURRENT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };

/** Sets log2 N of new hashes; called once with the configuration, before any hashing. */
export function setPasswordHashCost(log2N: number): void {
  CURRENT = { ...CURRENT, N: 2 ** log2N };
}
const KEY_LENGTH = 32;

/**
 * One hash takes 128 MiB and a few hundred ms of a core: a few run at once (libuv has four
 * threads), a short queue waits, and past that the request is refused rather than piling up.
 */
const MAX_RUNNING = 4;
const MAX_WAITING = 32;
let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_RUNNING) {
    if (waiting.length >= MAX_WAITING) throw new AppError('RATE_LIMITED', { retryAfterSeconds: 5 });
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

function scryptAsync(password: string, salt: Buffer, { N, r, p }: ScryptParams): Promise<Buffer> {
  // Node refuses scrypt above 32 MiB unless told: allow what these parameters need, twice over.
  const maxmem = 2 * 128 * N * r;
  return limited(
    () =>
      new Promise((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p, maxmem }, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
  );
}

function parse(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return null;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (!Object.values(params).every((v) => Number.isInteger(v) && v > 0)) return null;
  return { params, salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') };
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, CURRENT);
  const { N, r, p } = CURRENT;
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Checks with the parameters the hash was made with, so old hashes keep working. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const actual = await scryptAsync(password, parsed.salt, parsed.params);
  return actual.length === parsed.key.length && timingSafeEqual(actual, parsed.key);
}

/** True when the hash was made with other parameters than today's: rehash at the next sign-in. */
export function needsRehash(stored: string): boolean {
  const params = parse(stored)?.params;
  return !params || params.N !== CURRENT.N || params.r !== CURRENT.r || params.p !== CURRENT.p;
}

/** A hash to compare against when the account does not exist, so both paths take as long. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(12).toString('base64'));
  return dummyHash;
}

/** 256-bit session token for the cookie; only its SHA-256 is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function newSmsCode(): string {
  return String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
}

/** Keyed, so a leaked table does not reveal codes by a million-guess lookup. */
export function hmac(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('hex');
}

/** Compares secrets (hashes, tokens) in time that does not depend on where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
