import { authApi, buyerAuthApi } from '@sm/contract/routes';
import type { FastifyInstance } from 'fastify';
import { authOf, DEVICE_COOKIE_OF, sessionToken, type SessionCookies } from './auth.guard.js';
import type { AuthService, Role } from './auth.service.js';
import { limitKeyOf } from '../../lib/client-address.js';
import { route } from '../../lib/route.js';

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
  const api = role === 'merchant' ? authApi : buyerAuthApi;

  return async function routes(
    app: FastifyInstance,
    { service, cookies, rateLimitPerMinute }: AuthRoutesOptions,
  ) {
    const limited = { rateLimit: { max: rateLimitPerMinute, timeWindow: '1 minute' } };
    const profileOf = (accountId: string) =>
      role === 'merchant' ? service.merchantProfile(accountId) : service.buyerProfile(accountId);
    const requireSession = role === 'merchant' ? app.requireMerchant : app.requireBuyer;

    route(
      app,
      api.sendSmsCode,
      async (req) => service.sendCode(role, req.body.phone, req.body.purpose),
      {
        config: limited,
      },
    );

    route(
      app,
      api.register,
      async (req, reply) => {
        const { accountId, token } = await service.register(role, req.body);
        cookies.set(reply, role, token);
        return profileOf(accountId);
      },
      { config: limited },
    );

    route(
      app,
      api.login,
      async (req, reply) => {
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
      { config: limited },
    );

    route(app, api.logout, async (req, reply) => {
      await service.logout(sessionToken(req, role));
      cookies.clear(reply, role);
      return { ok: true as const };
    });

    route(
      app,
      api.resetPassword,
      async (req, reply) => {
        await service.resetPassword(role, req.body);
        cookies.clear(reply, role);
        return { ok: true as const };
      },
      { config: limited },
    );

    route(app, api.me, async (req) => profileOf(authOf(req).accountId), {
      onRequest: requireSession,
    });
  };
}
