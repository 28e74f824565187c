import { SESSION_COOKIE, SESSION_TTL_MS } from '@sm/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type {} from '@fastify/cookie';
import { AppError } from '../../lib/errors.js';
import type { Role } from './auth.repo.js';
import type { AuthContext, AuthService } from './auth.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** onRequest hooks that answer 401 unless a session of that role is presented. */
    requireMerchant: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireBuyer: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** Merchants and buyers keep separate cookies, so one browser can hold both sessions. */
export const COOKIE_OF: Record<Role, string> = {
  merchant: SESSION_COOKIE,
  buyer: 'sm_buyer_session',
};

/** The device cookie: a browser that signed in to an account before (auth.service login). */
export const DEVICE_COOKIE_OF: Record<Role, string> = {
  merchant: 'sm_device',
  buyer: 'sm_buyer_device',
};
/** A phone stays a known device for a year after its last sign-in. */
const DEVICE_TTL_S = 365 * 24 * 60 * 60;

export interface SessionCookies {
  set(reply: FastifyReply, role: Role, token: string): void;
  clear(reply: FastifyReply, role: Role): void;
  /** Kept on sign-out too: the device stays known to the account. */
  setDevice(reply: FastifyReply, role: Role, device: string): void;
}

export function sessionCookies(secure: boolean): SessionCookies {
  const base = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure };
  return {
    // Blocks, not expressions: a reply is thenable, and these return nothing.
    set: (reply, role, token) => {
      reply.setCookie(COOKIE_OF[role], token, { ...base, maxAge: SESSION_TTL_MS / 1000 });
    },
    clear: (reply, role) => {
      reply.clearCookie(COOKIE_OF[role], base);
    },
    setDevice: (reply, role, device) => {
      reply.setCookie(DEVICE_COOKIE_OF[role], device, { ...base, maxAge: DEVICE_TTL_S });
    },
  };
}

export function sessionToken(request: FastifyRequest, role: Role): string | undefined {
  return request.cookies[COOKIE_OF[role]];
}

/** The signed-in account of a guarded route. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('NOT_LOGGED_IN');
  return request.auth;
}

export const authGuards = fp<{ service: AuthService; cookies: SessionCookies }>(
  async (app: FastifyInstance, { service, cookies }) => {
    app.decorateRequest('auth', null);
    const guard = (role: Role) => async (request: FastifyRequest, reply: FastifyReply) => {
      const token = sessionToken(request, role);
      const result = await service.authenticate(role, token);
      if ('error' in result) {
        // A stale cookie is dropped so the browser stops sending it.
        if (token) cookies.clear(reply, role);
        throw new AppError(result.error);
      }
      request.auth = result.auth;
      if (result.refreshed && token) cookies.set(reply, role, token);
    };
    app.decorate('requireMerchant', guard('merchant'));
    app.decorate('requireBuyer', guard('buyer'));
  },
  { name: 'auth-guards' },
);
