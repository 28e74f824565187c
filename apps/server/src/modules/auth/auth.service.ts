import {
  LOGIN_LOCK_MS,
  LOGIN_MAX_FAILURES,
  SESSION_TTL_MS,
  SMS_CODE_MAX_ATTEMPTS,
  SMS_CODE_TTL_MS,
  SMS_SEND_COOLDOWN_MS,
  SMS_SENDS_PER_HOUR,
  type BuyerProfile,
  type ErrorCode,
  type MerchantProfile,
  type SendSmsCodeResponse,
  type SmsPurpose,
} from '@sm/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { type Clock, secondsUntil } from '../../lib/clock.js';
import {
  hmac,
  newSessionToken,
  newSmsCode,
  passwordHasher,
  safeEqual,
  sha256,
} from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import {
  type Invalidation,
  type Invalidations,
  notifyInvalidation,
} from '../../db/invalidation.js';
import { accountEvent, insertEvent } from '../events/index.js';
import * as repo from './auth.repo.js';
import { isCommonPassword } from './common-passwords.js';
import type { Role } from './auth.repo.js';
import { smsBody, type SmsSender } from './sms.js';

/** The account roles, for the routes (which do not read the repo). */
export type { Role };

const HOUR_MS = 60 * 60_000;
/** Sliding sessions: extend at most once an hour, so reading a session rarely writes. */
const SESSION_TOUCH_MS = HOUR_MS;
/**
 * Sessions kept in memory, so that a request costs no round trip to find its own: dropped at once
 * by a logout or a reset in any process (invalidations), and read again after a minute at most,
 * in case an invalidation was lost while the listening connection was down.
 */
const SESSION_CACHE_MS = 60_000;
const SESSION_CACHE_MAX = 10_000;
type SessionRow = NonNullable<Awaited<ReturnType<typeof repo.findSession>>>;

export interface AuthContext {
  accountId: string;
  role: Role;
  phone: string;
  tokenHash: string;
}

export interface AuthDeps {
  db: Db;
  clock: Clock;
  /** Key for the SMS code HMAC. */
  secret: string;
  /** log2 of scrypt's N for new password hashes (the configuration's PASSWORD_HASH_COST). */
  passwordHashCost: number;
  sms: SmsSender;
  log: FastifyBaseLogger;
  invalidations: Invalidations;
}

/** ASVS 5.0 6.2.4: a password on the list of common ones is refused, before any code is spent. */
async function refuseCommon(password: string): Promise<void> {
  if (await isCommonPassword(password)) {
    throw new AppError('PASSWORD_TOO_COMMON', { field: 'password' });
  }
}

export function createAuthService({
  db,
  clock,
  secret,
  passwordHashCost,
  sms,
  log,
  invalidations,
}: AuthDeps) {
  const passwords = passwordHasher(passwordHashCost);

  /** By token hash, oldest first; `at` is when it was read (performance.now()). */
  const cachedSessions = new Map<string, { session: SessionRow; at: number }>();
  /**
   * Counts invalidations: a session read while one arrived may be a row that is gone by now, so it
   * is used but not kept.
   */
  let generation = 0;
  const forget = (what: Invalidation | { kind: 'all' }) => {
    generation += 1;
    if (what.kind === 'all') cachedSessions.clear();
    else if (what.kind === 'session') cachedSessions.delete(what.tokenHash);
    else if (what.kind === 'account') {
      for (const [hash, { session }] of cachedSessions) {
        if (session.accountId === what.accountId) cachedSessions.delete(hash);
      }
    }
  };
  invalidations.subscribe(forget);

  async function sessionOf(tokenHash: string): Promise<SessionRow | undefined> {
    const cached = cachedSessions.get(tokenHash);
    if (cached && performance.now() - cached.at < SESSION_CACHE_MS) return cached.session;
    const readAt = generation;
    const session = await repo.findSession(db, tokenHash);
    // Re-inserted, so the map's order stays oldest read first (the first to go when it is full).
    cachedSessions.delete(tokenHash);
    if (session && readAt === generation) {
      if (cachedSessions.size >= SESSION_CACHE_MAX) {
        cachedSessions.delete(cachedSessions.keys().next().value!);
      }
      cachedSessions.set(tokenHash, { session, at: performance.now() });
    }
    return session;
  }

  /** A device cookie: a random id and its signature for this account, `id.signature`. */
  const deviceSignature = (role: Role, accountId: string, id: string) =>
    hmac(secret, `device:${role}:${accountId}:${id}`);
  const newDevice = (role: Role, accountId: string) => {
    const id = newSessionToken().slice(0, 22);
    return `${id}.${deviceSignature(role, accountId, id)}`;
  };
  /** The device id of a cookie this account's sign-in issued, or null. */
  const knownDevice = (role: Role, accountId: string, cookie: string): string | null => {
    const [id = '', signature = ''] = cookie.split('.');
    if (!/^[\w-]{22}$/.test(id)) return null;
    return safeEqual(signature, deviceSignature(role, accountId, id)) ? id : null;
  };

  const codeHash = (role: Role, phone: string, purpose: SmsPurpose, code: string) =>
    hmac(secret, `${role}:${phone}:${purpose}:${code}`);

  /** Checks the newest code for the phone; a wrong guess counts even though the request fails. */
  async function checkCode(
    tx: Tx,
    role: Role,
    { phone, code }: { phone: string; code: string },
    purpose: SmsPurpose,
    consume: boolean,
  ): Promise<ErrorCode | null> {
    const now = clock.now();
    const row = await repo.latestCode(tx, role, phone, purpose);
    if (!row || row.consumedAt || row.expiresAt <= now) return 'INVALID_CODE';
    if (row.attempts >= SMS_CODE_MAX_ATTEMPTS) return 'CODE_ATTEMPTS_EXCEEDED';
    if (!safeEqual(row.codeHash, codeHash(role, phone, purpose, code))) {
      const attempts = row.attempts + 1;
      await repo.setCodeAttempts(tx, row.id, attempts);
      return attempts >= SMS_CODE_MAX_ATTEMPTS ? 'CODE_ATTEMPTS_EXCEEDED' : 'INVALID_CODE';
    }
    if (consume) await repo.consumeCode(tx, row.id, now);
    return null;
  }

  /**
   * With the phone locked: the account must exist (reset) or not (register) and the code must be
   * right; then `then` runs in the same transaction. Without `consume` the code stays usable, so a
   * request can be checked before its password is hashed.
   */
  async function withValidCode<T>(
    role: Role,
    input: { phone: string; code: string },
    purpose: SmsPurpose,
    consume: boolean,
    then: (tx: Tx, accountId: string | undefined) => Promise<T>,
  ): Promise<T> {
    type Outcome = { ok: true; value: T } | { ok: false; failure: ErrorCode };
    const outcome = await db.transaction(async (tx): Promise<Outcome> => {
      await repo.lockPhone(tx, role, input.phone);
      const account = await repo.findAccount(tx, role, input.phone);
      if (purpose === 'register' && account) return { ok: false, failure: 'PHONE_TAKEN' };
      if (purpose === 'reset' && !account) return { ok: false, failure: 'PHONE_NOT_REGISTERED' };
      const failure = await checkCode(tx, role, input, purpose, consume);
      if (failure) return { ok: false, failure };
      return { ok: true, value: await then(tx, account?.id) };
    });
    if (!outcome.ok) {
      const field = outcome.failure.startsWith('PHONE_') ? 'phone' : 'code';
      throw new AppError(outcome.failure, { field });
    }
    return outcome.value;
  }

  async function startSession(tx: Tx, accountId: string): Promise<string> {
    const now = clock.now();
    const token = newSessionToken();
    await repo.insertSession(tx, {
      tokenHash: sha256(token),
      accountId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    });
    return token;
  }

  return {
    async sendCode(role: Role, phone: string, purpose: SmsPurpose): Promise<SendSmsCodeResponse> {
      const account = await repo.findAccount(db, role, phone);
      if (purpose === 'register' && account) throw new AppError('PHONE_TAKEN', { field: 'phone' });
      if (purpose === 'reset' && !account)
        throw new AppError('PHONE_NOT_REGISTERED', { field: 'phone' });

      const code = newSmsCode();
      const codeId = await db.transaction(async (tx) => {
        await repo.lockPhone(tx, role, phone);
        const now = clock.now().getTime();
        const sent = await repo.recentCodeTimes(tx, role, phone, new Date(now - HOUR_MS));
        const last = sent.at(-1);
        if (last && now - last.getTime() < SMS_SEND_COOLDOWN_MS) {
          throw new AppError('SMS_COOLDOWN', {
            retryAfterSeconds: secondsUntil(last.getTime() + SMS_SEND_COOLDOWN_MS, now),
          });
        }
        const first = sent[0];
        if (first && sent.length >= SMS_SENDS_PER_HOUR) {
          throw new AppError('SMS_HOURLY_LIMIT', {
            retryAfterSeconds: secondsUntil(first.getTime() + HOUR_MS, now),
          });
        }
        return repo.insertCode(tx, {
          role,
          phone,
          purpose,
          codeHash: codeHash(role, phone, purpose, code),
          createdAt: new Date(now),
          expiresAt: new Date(now + SMS_CODE_TTL_MS),
        });
      });
      try {
        await sms.send({ phone, purpose, code, body: smsBody(code, purpose) });
      } catch (err) {
        log.error({ err, phone }, 'SMS send failed');
        // A code that never left must not count against the phone's limits.
        await repo.deleteCode(db, codeId);
        throw new AppError('SMS_SEND_FAILED');
      }
      return {
        retryAfterSeconds: SMS_SEND_COOLDOWN_MS / 1000,
        expiresInSeconds: SMS_CODE_TTL_MS / 1000,
      };
    },

    /** Creates the account and signs it in; returns the session token for the cookie. */
    async register(role: Role, input: { phone: string; code: string; password: string }) {
      await refuseCommon(input.password);
      // A wrong code must not cost a password hash: check first, hash, then check again and write.
      await withValidCode(role, input, 'register', false, async () => null);
      const passwordHash = await passwords.hash(input.password);
      return withValidCode(role, input, 'register', true, async (tx) => {
        const account = await repo.insertAccount(tx, {
          role,
          phone: input.phone,
          passwordHash,
          createdAt: clock.now(),
        });
        return { accountId: account.id, token: await startSession(tx, account.id) };
      });
    },

    /**
     * `ip` is the client's address as limits count it (an IPv6 client by its /64): wrong passwords
     * lock that address out, not the owner. `device` is the device cookie, if the browser sent
     * one (OWASP's device cookie pattern): a browser that signed in to this account before is
     * counted by itself, so a stranger's guesses from the same address (a carrier's shared NAT)
     * never lock the owner's own phone out. Answers the session and the device cookie to keep.
     */
    async login(role: Role, phone: string, password: string, ip: string, device?: string) {
      const account = await repo.findAccount(db, role, phone);
      if (!account) {
        await passwords.verify(password, await passwords.dummyHash());
        throw new AppError('INVALID_CREDENTIALS');
      }
      const now = clock.now();
      const known = device ? knownDevice(role, account.id, device) : null;
      const key = known ? `device:${known}` : ip;
      const lockedUntil = await repo.loginLockedUntil(db, account.id, key);
      if (lockedUntil && lockedUntil > now) {
        throw new AppError('ACCOUNT_LOCKED', {
          retryAfterSeconds: secondsUntil(lockedUntil.getTime(), now.getTime()),
        });
      }
      if (!(await passwords.verify(password, account.passwordHash))) {
        const lockUntil = new Date(now.getTime() + LOGIN_LOCK_MS);
        const locked = await db.transaction(async (tx) => {
          const result = await repo.recordLoginFailure(
            tx,
            { accountId: account.id, ip: key },
            { now, max: LOGIN_MAX_FAILURES, windowMs: LOGIN_LOCK_MS, lockUntil },
          );
          // The merchant hears of guesses that locked an address out (not of its own device),
          // once while any lock lasts: guesses from many addresses are one attack, one push.
          if (
            result.locked &&
            !known &&
            role === 'merchant' &&
            !(await repo.otherLockActive(tx, account.id, key, now))
          ) {
            await insertEvent(tx, accountEvent(account.id, 'sign_in_locked', now));
          }
          return result.locked;
        });
        if (locked)
          throw new AppError('ACCOUNT_LOCKED', { retryAfterSeconds: LOGIN_LOCK_MS / 1000 });
        throw new AppError('INVALID_CREDENTIALS');
      }
      await repo.clearLoginFailures(db, account.id, key);
      if (passwords.needsRehash(account.passwordHash)) {
        await repo.setPassword(db, account.id, await passwords.hash(password));
      }
      return {
        accountId: account.id,
        token: await startSession(db, account.id),
        device: known ? device! : newDevice(role, account.id),
      };
    },

    async logout(token: string | undefined): Promise<void> {
      if (!token) return;
      const tokenHash = sha256(token);
      await db.transaction(async (tx) => {
        await repo.deleteSession(tx, tokenHash);
        await notifyInvalidation(tx, { kind: 'session', tokenHash });
      });
      // In this process at once; the NOTIFY tells the others (and this one again) a moment later.
      forget({ kind: 'session', tokenHash });
    },

    /** Sets a new password and ends every session of the account (PRODUCT.md §3). */
    async resetPassword(role: Role, input: { phone: string; code: string; password: string }) {
      await refuseCommon(input.password);
      await withValidCode(role, input, 'reset', false, async () => null);
      const passwordHash = await passwords.hash(input.password);
      const accountId = await withValidCode(role, input, 'reset', true, async (tx, accountId) => {
        if (!accountId) throw new Error('reset without an account');
        await repo.setPassword(tx, accountId, passwordHash);
        await repo.deleteSessionsOf(tx, accountId);
        await notifyInvalidation(tx, { kind: 'account', accountId });
        return accountId;
      });
      forget({ kind: 'account', accountId });
    },

    /**
     * Resolves a session token. `refreshed` tells the caller to send the cookie again with a new
     * expiry (30 days sliding).
     */
    async authenticate(
      role: Role,
      token: string | undefined,
    ): Promise<{ auth: AuthContext; refreshed: boolean } | { error: ErrorCode }> {
      if (!token) return { error: 'NOT_LOGGED_IN' };
      const tokenHash = sha256(token);
      const session = await sessionOf(tokenHash);
      if (!session || session.role !== role) return { error: 'SESSION_EXPIRED' };
      const now = clock.now();
      if (session.expiresAt <= now) {
        cachedSessions.delete(tokenHash);
        await repo.deleteSession(db, tokenHash);
        return { error: 'SESSION_EXPIRED' };
      }
      const refreshed = now.getTime() - session.lastSeenAt.getTime() >= SESSION_TOUCH_MS;
      if (refreshed) {
        const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
        await repo.touchSession(db, tokenHash, now, expiresAt);
        // The cached row is this process's own copy: it follows what was just written.
        session.lastSeenAt = now;
        session.expiresAt = expiresAt;
      }
      const auth = {
        accountId: session.accountId,
        role: session.role,
        phone: session.phone,
        tokenHash,
      };
      return { auth, refreshed };
    },

    async merchantProfile(accountId: string): Promise<MerchantProfile> {
      const row = await repo.merchantProfileRow(db, accountId);
      if (!row) throw new AppError('SESSION_EXPIRED');
      return {
        id: row.id,
        role: 'merchant',
        phone: row.phone,
        businessStatus: row.businessStatus,
        businessRejectReason: row.businessRejectReason,
        storeName: row.storeName,
        createdAt: row.createdAt.toISOString(),
      };
    },

    async buyerProfile(accountId: string): Promise<BuyerProfile> {
      const row = await repo.buyerProfileRow(db, accountId);
      if (!row) throw new AppError('SESSION_EXPIRED');
      return {
        id: row.id,
        role: 'buyer',
        phone: row.phone,
        displayName: row.displayName,
        createdAt: row.createdAt.toISOString(),
      };
    },

    listOutbox: (options: { phone?: string; limit: number }) => repo.listOutbox(db, options),

    /** Housekeeping, hourly: expired sessions, and codes older than any limit looks back. */
    purgeExpired: () => {
      const now = clock.now();
      return repo.purgeExpired(db, now, new Date(now.getTime() - 2 * HOUR_MS));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
