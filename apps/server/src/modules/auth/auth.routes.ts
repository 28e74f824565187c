import {
  buyerProfile,
  loginRequest,
  merchantProfile,
  okResponse,
  registerRequest,
  resetPasswordRequest,
  sendSmsCodeRequest,
  sendSmsCodeResponse,
} from '@sm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf, DEVICE_COOKIE_OF, sessionToken, type SessionCookies } from './auth.guard.js';
import type { AuthService, Role } from './auth.service.js';
import { limitKeyOf } from '../../lib/client-address.js';
import { errorList, exampleBody } from '../../lib/route-doc.js';

export interface AuthRoutesOptions {
  service: AuthService;
  cookies: SessionCookies;
  rateLimitPerMinute: number;
}

/**
 * Sign-in routes for one role: merchants under /api/auth and /api/me, buyers under
 * /api/buyer/auth and /api/buyer/me. Same rules, separate accounts and cookies.
 */
export function authRoutes(role: Role) {
  const profile = role === 'merchant' ? merchantProfile : buyerProfile;
  const tag = role === 'merchant' ? 'Merchant sign-in' : 'Buyer sign-in';

  return async function routes(
    app: FastifyInstance,
    { service, cookies, rateLimitPerMinute }: AuthRoutesOptions,
  ) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const limited = { rateLimit: { max: rateLimitPerMinute, timeWindow: '1 minute' } };
    const profileOf = (accountId: string) =>
      role === 'merchant' ? service.merchantProfile(accountId) : service.buyerProfile(accountId);
    const requireSession = role === 'merchant' ? app.requireMerchant : app.requireBuyer;

    r.post('/auth/sms-code', {
      config: limited,
      schema: {
        tags: [tag],
        summary: 'Send a 6-digit code by SMS (60 s apart, 10 an hour, valid 5 minutes)',
        description: `${errorList([
          'INVALID_PHONE',
          'PHONE_TAKEN',
          'PHONE_NOT_REGISTERED',
          'SMS_COOLDOWN',
          'SMS_HOURLY_LIMIT',
          'SMS_SEND_FAILED',
          'RATE_LIMITED',
        ])}\n\n${exampleBody({ phone: '013-000 0001', purpose: 'register' })}`,
        body: sendSmsCodeRequest,
        response: { 200: sendSmsCodeResponse },
      },
      handler: async (req) => service.sendCode(role, req.body.phone, req.body.purpose),
    });

    r.post('/auth/register', {
      config: limited,
      schema: {
        tags: [tag],
        summary: 'Create the account with an SMS code and sign in',
        description: `${errorList([
          'REQUIRED_FIELDS',
          'INVALID_PHONE',
          'PASSWORD_TOO_SHORT',
          'PASSWORD_TOO_LONG',
          'PASSWORDS_DO_NOT_MATCH',
          'POLICY_NOT_AGREED',
          'INVALID_CODE',
          'CODE_ATTEMPTS_EXCEEDED',
          'PHONE_TAKEN',
          'RATE_LIMITED',
        ])}\n\n${exampleBody({ phone: '013-000 0001', code: '123456', password: 'Demo@1234', confirmPassword: 'Demo@1234', agreePolicy: true })}`,
        body: registerRequest,
        response: { 200: profile },
      },
      handler: async (req, reply) => {
        const { accountId, token } = await service.register(role, req.body);
        cookies.set(reply, role, token);
        return profileOf(accountId);
      },
    });

    r.post('/auth/login', {
      config: limited,
      schema: {
        tags: [tag],
        summary:
          'Sign in with phone and password (5 wrong passwords lock that address, or that known device, for 15 minutes)',
        description: `${errorList([
          'REQUIRED_FIELDS',
          'INVALID_PHONE',
          'INVALID_CREDENTIALS',
          'ACCOUNT_LOCKED',
          'RATE_LIMITED',
        ])}\n\n${exampleBody({ phone: '013-000 0001', password: 'Demo@1234' })}`,
        body: loginRequest,
        response: { 200: profile },
      },
      handler: async (req, reply) => {
        const { accountId, token, device } = await service.login(
          role,
          req.body.phone,
          req.body.password,
          limitKeyOf(req.ip),
          req.cookies[DEVICE_COOKIE_OF[role]],
        );
        cookies.set(reply, role, token);
        cookies.setDevice(reply, role, device);
        return profileOf(accountId);
      },
    });

    r.post('/auth/logout', {
      schema: { tags: [tag], summary: 'End this session', response: { 200: okResponse } },
      handler: async (req, reply) => {
        await service.logout(sessionToken(req, role));
        cookies.clear(reply, role);
        return { ok: true as const };
      },
    });

    r.post('/auth/reset-password', {
      config: limited,
      schema: {
        tags: [tag],
        summary: 'Set a new password with an SMS code; ends every session of the account',
        description: `${errorList([
          'REQUIRED_FIELDS',
          'INVALID_PHONE',
          'PASSWORD_TOO_SHORT',
          'PASSWORD_TOO_LONG',
          'PASSWORDS_DO_NOT_MATCH',
          'INVALID_CODE',
          'CODE_ATTEMPTS_EXCEEDED',
          'RATE_LIMITED',
        ])}\n\n${exampleBody({ phone: '013-000 0001', code: '123456', password: 'New@12345', confirmPassword: 'New@12345' })}`,
        body: resetPasswordRequest,
        response: { 200: okResponse },
      },
      handler: async (req, reply) => {
        await service.resetPassword(role, req.body);
        cookies.clear(reply, role);
        return { ok: true as const };
      },
    });

    r.get('/me', {
      onRequest: requireSession,
      schema: {
        tags: [tag],
        security: [{ [role === 'merchant' ? 'merchantSession' : 'buyerSession']: [] }],
        summary: 'The signed-in profile',
        description: errorList(['NOT_LOGGED_IN', 'SESSION_EXPIRED']),
        response: { 200: profile },
      },
      handler: async (req) => profileOf(authOf(req).accountId),
    });
  };
}
