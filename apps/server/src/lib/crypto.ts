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
const KEY_LENGTH = 32;

/**
 * One hash takes 128 MiB and a few hundred ms of a core: a few run at once (libuv has four
 * threads), a short queue waits, and past that the request is refused rather than piling up.
 * The count is the process's, not a hasher's: the threads and the memory are shared by all.
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

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Checks with the parameters the hash was made with, so old hashes keep working. */
  verify(password: string, stored: string): Promise<boolean>;
  /** True when the hash was made with other parameters than today's: rehash at the next sign-in. */
  needsRehash(stored: string): boolean;
  /** A hash to compare against when the account does not exist, so both paths take as long. */
  dummyHash(): Promise<string>;
}

/**
 * Password hashing with scrypt N=2^`log2N`, r=8, p=1 (PRODUCT.md §3: N=2^17; the configuration's
 * PASSWORD_HASH_COST lowers it for test suites).
 */
export function passwordHasher(log2N: number): PasswordHasher {
  const current: ScryptParams = { N: 2 ** log2N, r: 8, p: 1 };

  async function hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await scryptAsync(password, salt, current);
    const { N, r, p } = current;
    return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
  }

  let dummy: Promise<string> | undefined;

  return {
    hash,
    async verify(password, stored) {
      const parsed = parse(stored);
      if (!parsed) return false;
      const actual = await scryptAsync(password, parsed.salt, parsed.params);
      return actual.length === parsed.key.length && timingSafeEqual(actual, parsed.key);
    },
    needsRehash(stored) {
      const params = parse(stored)?.params;
      return !params || params.N !== current.N || params.r !== current.r || params.p !== current.p;
    },
    dummyHash() {
      dummy ??= hash(randomBytes(12).toString('base64'));
      return dummy;
    },
  };
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
