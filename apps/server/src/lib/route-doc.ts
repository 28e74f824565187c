/** The security schemes that app.ts declares in the OpenAPI document. */
type SecurityScheme = 'merchantSession' | 'buyerSession' | 'operatorToken';

/**
 * The OpenAPI tag, security and summary (and description, if any) of a group of routes:
 * `const doc = routeDoc('Merchant orders', 'merchantSession')`, then `schema: { ...doc('…') }`.
 */
export const routeDoc =
  (tag: string, scheme: SecurityScheme) => (summary: string, description?: string) => ({
    tags: [tag],
    security: [{ [scheme]: [] }],
    summary,
    ...(description ? { description } : {}),
  });
