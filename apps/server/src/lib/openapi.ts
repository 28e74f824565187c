import type { FastifySwaggerUiOptions } from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { registerErrorHandling } from './error-handler.js';

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Where a JSON Schema holds other schemas: one, a list, or a map of them. */
const ONE = ['items', 'additionalProperties', 'not'];
const LIST = ['anyOf', 'oneOf', 'allOf'];
const MAP = ['properties'];

/**
 * OpenAPI 3.0.3 lets `nullable: true` add null to `type` only: an `enum` still has to list null,
 * and without `type` nullable means nothing. fastify-type-provider-zod folds `z.enum(…).nullable()`
 * into `{type, enum, nullable}` and a nullable union into `{anyOf, nullable}`, so the document
 * refused the nulls the server sends (an order's `cancelReason`, a lot's `endReason`…). This
 * puts null into such enums, and moves a union's nullable onto its branches.
 */
export function nullableAsOpenApi30(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableAsOpenApi30);
  if (!isSchema(schema)) return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ONE.includes(key) || LIST.includes(key)) out[key] = nullableAsOpenApi30(value);
    else if (MAP.includes(key) && isSchema(value)) {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, child]) => [name, nullableAsOpenApi30(child)]),
      );
    } else out[key] = value;
  }
  if (out.nullable !== true) return out;
  if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  const branches = out.anyOf ?? out.oneOf;
  if (out.type === undefined && Array.isArray(branches)) {
    delete out.nullable;
    // Under oneOf, null may match one branch only.
    const targets = out.anyOf ? branches : branches.slice(0, 1);
    for (const branch of targets.filter(isSchema)) {
      Object.assign(branch, nullableAsOpenApi30({ ...branch, nullable: true }));
    }
  }
  return out;
}

/** A route's response: a schema, or `{description, content: {type: {schema}}}` (route.ts). */
function responseAsOpenApi30(response: unknown): unknown {
  if (!isSchema(response) || !isSchema(response.content)) return nullableAsOpenApi30(response);
  const content = Object.entries(response.content).map(([type, media]) => [
    type,
    isSchema(media) ? { ...media, schema: nullableAsOpenApi30(media.schema) } : media,
  ]);
  return { ...response, content: Object.fromEntries(content) };
}

/** The zod type provider's OpenAPI transform, with nullable as OpenAPI 3.0.3 reads it. */
export const openApiTransform: typeof jsonSchemaTransform = (document) => {
  const { schema, url } = jsonSchemaTransform(document);
  if (!isSchema(schema)) return { schema, url };
  const out: Schema = { ...schema };
  for (const part of ['body', 'querystring', 'params', 'headers']) {
    if (part in out) out[part] = nullableAsOpenApi30(out[part]);
  }
  if (isSchema(out.response)) {
    out.response = Object.fromEntries(
      Object.entries(out.response).map(([status, r]) => [status, responseAsOpenApi30(r)]),
    );
  }
  return { schema: out as typeof schema, url };
};

/** Swagger UI's options, as app.ts registered the plugin itself before. */
type SwaggerUiOptions = FastifySwaggerUiOptions & { routePrefix: string };

/** What an answer of the UI's own instance carries over: not what the serving reply sets itself. */
const HOP_HEADERS = new Set([
  'content-length',
  'connection',
  'date',
  'keep-alive',
  'transfer-encoding',
]);

/**
 * Swagger UI (with yaml and a second @fastify/static) loads on the first request to its pages,
 * not at start. Its routes are registered here under the same paths; the first request builds an
 * instance of the UI's own, beside this app, that documents this app (`app.swagger()`), and each
 * request is answered by it as the plugin answered it when registered on the app.
 */
export const lazySwaggerUi = fp<SwaggerUiOptions>(
  async (app, options) => {
    let ui: Promise<FastifyInstance> | null = null;
    const build = async () => {
      const { default: swaggerUi } = await import('@fastify/swagger-ui');
      // This app's log and error answers (`{code, message}`): a refused path is this app's 400.
      const instance = Fastify({ loggerInstance: app.log, disableRequestLogging: true });
      registerErrorHandling(instance);
      // The UI asks for @fastify/swagger: the document is this app's.
      await instance.register(
        fp(
          async (docs) => {
            docs.decorate('swagger', app.swagger.bind(app));
          },
          {
            name: '@fastify/swagger',
          },
        ),
      );
      await instance.register(swaggerUi, options);
      await instance.ready();
      return instance;
    };
    const answer = async (req: FastifyRequest, reply: FastifyReply) => {
      const instance = await (ui ??= build().catch((err: unknown) => {
        ui = null;
        throw err;
      }));
      const res = await instance.inject({
        method: req.method as 'GET' | 'HEAD',
        url: req.url,
        headers: req.headers,
      });
      // A file it does not have: this app's not-found answer, as when the plugin was registered here.
      if (res.statusCode === 404) return reply.callNotFound();
      reply.code(res.statusCode);
      for (const [name, value] of Object.entries(res.headers)) {
        if (value !== undefined && !HOP_HEADERS.has(name)) reply.header(name, value);
      }
      // A redirect has no body, and no content type either.
      return res.rawPayload.length > 0 ? reply.send(res.rawPayload) : reply.send();
    };
    const prefix = options.routePrefix;
    // The paths @fastify/swagger-ui 6 registers (lib/routes.js), hidden from the document as there.
    for (const url of [
      '',
      '/',
      '/static/index.html',
      '/static/swagger-initializer.js',
      '/json',
      '/yaml',
      '/static/*',
    ]) {
      app.get(`${prefix}${url}`, { schema: { hide: true } }, answer);
    }
  },
  { name: 'lazy-swagger-ui', dependencies: ['@fastify/swagger'] },
);
