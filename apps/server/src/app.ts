import { existsSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { APP_VERSION, ERROR_CODES, errorResponse } from '@sm/contract';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import type { ZodType } from 'zod';
import type { Config } from './config.js';
import { limitKeyOf } from './lib/client-address.js';
import { isTestClock, systemClock } from './lib/clock.js';
import { AppError } from './lib/errors.js';
import { lazySwaggerUi, openApiTransform } from './lib/openapi.js';
import { registerErrorHandling } from './lib/error-handler.js';
import { validatorCompiler } from './lib/validator.js';
import { readWebBuild } from './lib/web-build.js';
import { authGuards, sessionCookies } from './modules/auth/auth.guard.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { buyerAuctionRoutes, merchantAuctionRoutes } from './modules/auctions/auctions.routes.js';
import { buyerOrderRoutes, merchantOrderRoutes } from './modules/orders/orders.routes.js';
import { buyerTaxRoutes } from './modules/buyers/buyers.routes.js';
import { bodyDeadline } from './lib/body-deadline.js';
import { redactSecrets } from './lib/redact.js';
import { lazyChildLogger, RequestLog } from './lib/request-log.js';
import { securityHeadersPlugin } from './lib/security-headers.js';
import { createSerializerCompiler } from './lib/serializer.js';
import { merchantInvoiceRoutes } from './modules/invoices/invoices.routes.js';
import { merchantWalletRoutes } from './modules/wallet/wallet.routes.js';
import { bankRoutes } from './modules/bank/bank.routes.js';
import { eventsRoutes } from './modules/events/events.routes.js';
import { operatorRoutes } from './modules/operator/operator.routes.js';
import { mediaRoutes } from './modules/media/media.routes.js';
import { MEDIA_URL_PREFIX } from './modules/media/media.view.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { feedbackRoutes } from './modules/feedback/feedback.routes.js';
import { notificationRoutes } from './modules/notifications/notifications.routes.js';
import { boatRoutes } from './modules/boats/boats.routes.js';
import { recordsRoutes } from './modules/records/records.routes.js';
import { printingRoutes } from './modules/printing/printing.routes.js';
import { storeRoutes } from './modules/store/store.routes.js';
import { cloudPrntRoutes } from './modules/printing/cloudprnt.routes.js';
import { createServices, type ServiceDeps, type Services } from './services.js';

export type AppDeps = ServiceDeps;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const hostOf = (url: string): string | null => {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The services the routes use, for the jobs that main.ts runs beside them. */
    services: Services;
  }
}

type CompilersFactory = NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'];

/** Fastify's compiler factories, typed for ajv's schemas, answering with the zod compilers. */
const zodCompilers = (serializerCompiler: FastifySerializerCompiler<ZodType>) =>
  ({
    buildValidator: () => validatorCompiler,
    buildSerializer: () => serializerCompiler,
  }) as unknown as CompilersFactory;

/**
 * The server without its services and routes: what needs neither the database nor the secrets.
 * main.ts builds it while the database opens (loading pino and Fastify's plugins is a third of
 * the app's build, which was else waited for after the database).
 */
export async function createApp(config: Config): Promise<FastifyInstance> {
  const serializerCompiler = createSerializerCompiler({
    checkContract: config.env !== 'production',
  });
  const app = Fastify({
    // Every route validates and answers through the contract's zod schemas (set below); given
    // compilers, Fastify never loads its own (ajv, fast-json-stringify) at start.
    schemaController: { compilersFactory: zodCompilers(serializerCompiler) },
    logger: {
      level: config.logLevel,
      // Readable lines for a person at `npm run dev`; JSON everywhere else.
      ...(config.logFormat === 'pretty' && {
        transport: {
          target: 'pino-pretty',
          options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
        },
      }),
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      serializers: {
        // A cloud printer's URL carries its key, and a job GET its token: never in the log.
        req: (req: { method: string; url: string; ip?: string }) => ({
          method: req.method,
          url: redactSecrets(req.url),
          remoteAddress: req.ip,
        }),
      },
    },
    logController: new RequestLog(),
    childLoggerFactory: lazyChildLogger,
    trustProxy: config.trustProxy,
    // A weak network may take long to send a body, but a stuck one must not hold a socket forever.
    requestTimeout: 120_000,
    return503OnClosing: true,
    // The router's own refusals (a malformed or an overlong path) never reach the error handler:
    // they leave as `{code, message}` here, without Fastify's shape and the URL it echoes.
    frameworkErrors: (_error, _request, reply) => {
      (reply as FastifyReply)
        .status(400)
        .send({ code: 'BAD_REQUEST', message: ERROR_CODES.BAD_REQUEST.message });
    },
  });
  await app.register(bodyDeadline, {});
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(securityHeadersPlugin, {
    secure: config.cookieSecure,
    mapTilesUrl: config.mapTiles.url,
  });
  // Answers up to 64 KB (every JSON page) are compressed in one call rather than through a zlib
  // stream per response: 0.1 ms instead of 0.58 ms of CPU for an 11 KB lot page. The stream
  // path lends the work to libuv's threadpool, which pays only with spare cores, and npm start
  // runs one process per core (WEB_CONCURRENCY). Files and exports stream as before.
  await app.register(compress, { threshold: 1024, syncThreshold: 65_536 });
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (req) => limitKeyOf(req.ip),
    errorResponseBuilder: (_req, ctx) =>
      new AppError('RATE_LIMITED', { retryAfterSeconds: Math.ceil(ctx.ttl / 1000) }),
  });

  // A state-changing call must come from this site: the cookie is SameSite=Lax, and this refuses
  // what Lax lets through (a top-level cross-site POST).
  app.addHook('onRequest', async (req) => {
    if (SAFE_METHODS.has(req.method) || !req.url.startsWith('/api/')) return;
    const origin = req.headers.origin;
    // req.host follows TRUST_PROXY, so this holds behind a proxy that rewrites Host. An opaque
    // origin ("null", from a sandboxed frame) has no host and is refused too.
    if (
      req.headers['sec-fetch-site'] === 'cross-site' ||
      (origin !== undefined && hostOf(origin) !== req.host)
    ) {
      throw new AppError('CROSS_ORIGIN');
    }
  });

  // Every API route documents the one error shape it may answer with.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || !route.schema) return;
    route.schema.response = {
      ...(route.schema.response as object),
      '4xx': errorResponse,
      '5xx': errorResponse,
    };
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Seafood auction marketplace API',
        version: APP_VERSION,
        description:
          'Merchant, buyer and operator API. Errors are `{code, message}`; money is integer sen, quantities integer tenths of a kg.',
      },
      components: {
        securitySchemes: {
          merchantSession: { type: 'apiKey', in: 'cookie', name: 'sm_session' },
          buyerSession: { type: 'apiKey', in: 'cookie', name: 'sm_buyer_session' },
          operatorToken: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: openApiTransform,
  });
  // Its pages load Swagger UI on their first request (lib/openapi.ts).
  await app.register(lazySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Swagger UI sets a few styles inline.
    transformStaticCSP: (header) =>
      header.replace("style-src 'self' https:", "style-src 'self' https: 'unsafe-inline'"),
  });

  return app;
}

/**
 * Builds the whole server, on `createApp`'s part when given it; never listens (main.ts does).
 */
export async function buildApp(
  config: Config,
  deps: AppDeps,
  created?: FastifyInstance,
): Promise<FastifyInstance> {
  const app = created ?? (await createApp(config));
  const { database, secrets } = deps;
  const clock = deps.clock ?? systemClock;
  const { services, stop } = await createServices(config, { ...deps, clock, log: app.log });
  app.addHook('onClose', stop);
  app.decorate('services', services);
  const { auth, printing } = services;
  const cookies = sessionCookies(config.cookieSecure);
  await app.register(authGuards, { service: auth, cookies });

  const authOptions = { service: auth, cookies, rateLimitPerMinute: config.authRateLimitPerMinute };
  const indexHtml = path.join(config.webDist, 'index.html');
  await app.register(systemRoutes, {
    prefix: '/api',
    ping: database.ping,
    webBuild: readWebBuild(indexHtml),
  });
  await app.register(authRoutes('merchant'), { prefix: '/api', ...authOptions });
  await app.register(authRoutes('buyer'), { prefix: '/api/buyer', ...authOptions });
  await app.register(merchantAuctionRoutes, { prefix: '/api', auctions: services.auctions });
  await app.register(buyerAuctionRoutes, { prefix: '/api/buyer', bids: services.bids });
  await app.register(merchantOrderRoutes, { prefix: '/api', orders: services.orders });
  await app.register(merchantInvoiceRoutes, { prefix: '/api', invoices: services.invoices });
  await app.register(printingRoutes, { prefix: '/api', printing });
  // Cloud printers poll without a session: a plugin of their own, outside the merchant guard.
  await app.register(cloudPrntRoutes, { cloud: printing.cloud });
  await app.register(merchantWalletRoutes, { prefix: '/api', wallet: services.merchantWallet });
  await app.register(bankRoutes, { prefix: '/api', bank: services.bank });
  await app.register(feedbackRoutes, { prefix: '/api', feedback: services.feedback });
  await app.register(notificationRoutes, {
    prefix: '/api',
    notifications: services.notifications,
    push: services.push,
  });
  await app.register(boatRoutes, { prefix: '/api', boats: services.boats });
  await app.register(recordsRoutes, { prefix: '/api', records: services.records });
  await app.register(storeRoutes, { prefix: '/api', store: services.store });
  await app.register(buyerOrderRoutes, {
    prefix: '/api/buyer',
    orders: services.orders,
    wallet: services.wallet,
  });
  await app.register(buyerTaxRoutes, { prefix: '/api/buyer', buyerTax: services.buyerTax });
  await app.register(eventsRoutes, { prefix: '/api', events: services.events });
  await app.register(operatorRoutes, {
    prefix: '/api/operator',
    token: secrets.operatorToken,
    auth,
    operator: services.operator,
    testClock: config.testClock && isTestClock(clock) ? clock : null,
  });

  // Media: uploads (POST /api/media) and the stored files (GET /media/*).
  await app.register(mediaRoutes, { service: services.media, mediaDir: config.mediaDir });

  const appBuilt = existsSync(indexHtml);
  if (appBuilt) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      // Looks files up per request (a rebuild needs no restart); a path that is no file falls
      // through to the not-found handler below, which answers with the app's index.html.
      wildcard: true,
      preCompressed: true,
      setHeaders: (res, file) => {
        // Hashed assets never change; the shell and the service worker must be revalidated.
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const isPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !req.url.startsWith('/api') &&
      !req.url.startsWith(MEDIA_URL_PREFIX);
    if (!isPage) {
      return reply.status(404).send({ code: 'NOT_FOUND', message: ERROR_CODES.NOT_FOUND.message });
    }
    if (!appBuilt) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The app is not built yet: run `npm run build`.');
    }
    // Every other path is the single-page app; its hash router takes it from there.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  return app;
}
