import { ERROR_CODES, type ErrorCode } from '@sm/contract';
import { isContentAnswer, type RouteDeclaration } from '@sm/contract/routes';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteShorthandOptions,
} from 'fastify';
import type { z, ZodType } from 'zod';
import { AppError } from './errors.js';

type SchemaOf<R, K extends string> = R extends { readonly [P in K]: infer S extends ZodType }
  ? z.output<S>
  : undefined;

/** The request of a declared route: params, query, body and headers as its schemas parse them. */
export type RouteRequest<R extends RouteDeclaration> = FastifyRequest<{
  Params: SchemaOf<R, 'params'>;
  Querystring: SchemaOf<R, 'query'>;
  Body: SchemaOf<R, 'body'>;
  Headers: SchemaOf<R, 'headers'>;
}>;

/** A JSON route answers what its response schema takes; any other sends its content itself. */
type Answer<R extends RouteDeclaration> = R['response'] extends ZodType
  ? z.input<R['response']> | FastifyReply
  : unknown;

export type RouteHandler<R extends RouteDeclaration> = (
  req: RouteRequest<R>,
  reply: FastifyReply,
) => Promise<Answer<R>>;

/** What a route adds that is the server's alone: guards, rate limits, body limits, parsers. */
export type RouteExtra = Omit<RouteShorthandOptions, 'schema'>;

/** The error codes a route may answer, as a Markdown list for its OpenAPI description. */
export const errorList = (codes: readonly ErrorCode[]) =>
  [
    'Errors (`{code, message}`):',
    ...codes.map((c) => `- \`${c}\` (${ERROR_CODES[c].status}): ${ERROR_CODES[c].message}`),
  ].join('\n');

/** The Fastify schema of a declaration: validation, serialization and the OpenAPI fields. */
export function schemaOf(route: RouteDeclaration): FastifySchema {
  const description = [route.description, route.errors?.length ? errorList(route.errors) : '']
    .filter(Boolean)
    .join('\n\n');
  const answer = route.response;
  return {
    tags: [route.tag],
    ...(route.security ? { security: [{ [route.security]: [] }] } : {}),
    summary: route.summary,
    ...(description ? { description } : {}),
    ...(route.params ? { params: route.params } : {}),
    ...(route.query ? { querystring: route.query } : {}),
    ...(route.headers ? { headers: route.headers } : {}),
    ...(route.body ? { body: route.body } : {}),
    ...(route.multipart ? { consumes: ['multipart/form-data'] } : {}),
    response: {
      // Without a 2xx of its own media types, a file's JSON errors would be documented as files.
      200: isContentAnswer(answer)
        ? {
            description: answer.description,
            content: Object.fromEntries(
              Object.entries(answer.content).map(([type, schema]) => [type, { schema }]),
            ),
          }
        : answer,
    },
  } as FastifySchema;
}

/**
 * What a multipart route needs beyond its declaration: anything else is refused as such, and the
 * parser leaves the body empty until the handler reads the stream, so the declared body is
 * documentation, not a check.
 */
const multipartExtra: RouteExtra = {
  preValidation: async (req) => {
    if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  },
  validatorCompiler: () => (data) => ({ value: data }),
};

/**
 * Registers the handler of a declared route (packages/contract src/routes). The declaration holds
 * the full path; a plugin registered under a prefix (`/api`, `/api/buyer`) registers the rest.
 */
export function route<const R extends RouteDeclaration>(
  app: FastifyInstance,
  declaration: R,
  handler: RouteHandler<R>,
  extra: RouteExtra = {},
): void {
  const { method, path } = declaration;
  if (!path.startsWith(app.prefix)) {
    throw new Error(`${method} ${path} is declared outside this plugin's prefix ${app.prefix}`);
  }
  app.route({
    ...(declaration.multipart ? multipartExtra : {}),
    ...extra,
    config: { ...extra.config, jsonAnswer: !isContentAnswer(declaration.response) },
    method,
    url: path.slice(app.prefix.length),
    schema: schemaOf(declaration),
    handler: handler as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
