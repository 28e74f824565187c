import { ERROR_CODES, type ErrorCode } from '@sm/contract';

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
