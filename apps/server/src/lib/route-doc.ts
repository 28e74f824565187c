import { ERROR_CODES, type ErrorCode } from '@sm/contract';
import { z, type ZodType } from 'zod';

/** The security schemes that app.ts declares in the OpenAPI document. */
type SecurityScheme = 'merchantSession' | 'buyerSession' | 'operatorToken';

/** The error codes a route may answer, as a Markdown list for its OpenAPI description. */
export const errorList = (codes: readonly ErrorCode[]) =>
  [
    'Errors (`{code, message}`):',
    ...codes.map((c) => `- \`${c}\` (${ERROR_CODES[c].status}): ${ERROR_CODES[c].message}`),
  ].join('\n');

/**
 * A request body example as Markdown, for bodies whose zod schema transforms its input (phone
 * numbers): zod leaves `examples` out of such a schema's input JSON Schema.
 */
export const exampleBody = (body: unknown) =>
  ['Example body:', '```json', JSON.stringify(body, null, 2), '```'].join('\n');

/**
 * The OpenAPI tag, security and summary (and description, if any) of a group of routes:
 * `const doc = routeDoc('Merchant orders', 'merchantSession')`, then `schema: { ...doc('…') }`.
 * `errors` lists the codes the route answers beyond those of any request (a bad body, sign-in).
 */
export const routeDoc =
  (tag: string, scheme: SecurityScheme) =>
  (summary: string, description?: string, errors?: readonly ErrorCode[]) => {
    const text = [description, errors?.length ? errorList(errors) : undefined]
      .filter(Boolean)
      .join('\n\n');
    return {
      tags: [tag],
      security: [{ [scheme]: [] }],
      summary,
      ...(text ? { description: text } : {}),
    };
  };

/** The body of a file download in the OpenAPI document: `{type: string, format: binary}`. */
export const binaryBody = () => z.file();

/**
 * A success answer that is not JSON (a file, a CSV text, an event stream), by media type:
 * `response: { 200: contentResponse('The invoice', { 'application/pdf': binaryBody() }) }`.
 * Without it the OpenAPI document has no 2xx for the route, and `produces` would give its JSON
 * errors the file's type. The handler sends a Buffer, a stream or a string of that type, which
 * Fastify passes on unserialized; errors stay `{code, message}` as JSON (app.ts adds them).
 */
export const contentResponse = (description: string, content: Record<string, ZodType>) => ({
  description,
  content: Object.fromEntries(Object.entries(content).map(([type, schema]) => [type, { schema }])),
});
