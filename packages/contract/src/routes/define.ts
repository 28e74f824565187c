import { z, type ZodType } from 'zod';
import type { ErrorCode } from '../errors.js';

/**
 * One HTTP route, declared once: the server registers its handler against it (apps/server
 * src/lib/route.ts), the OpenAPI document is made from it, and the app calls it through its typed
 * client (apps/web src/lib/api.ts), so neither a path nor a type can drift between them.
 *
 * Naming: an area's key says what the route does, not its method and path (`list`, `get`,
 * `create`, `update`, `delete` for the area's own resource, a noun for another read such as
 * `counts`, a verb for a command such as `cancel`, `setStatus`), and a buyer's routes live in
 * their own `buyer<Area>Api` object beside the merchant one (`buyerOrdersApi.pay`).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The security schemes that the server's OpenAPI document declares; none for a public route. */
export type SecurityScheme = 'merchantSession' | 'buyerSession' | 'operatorToken';

/**
 * A success answer that is not JSON (a file, a CSV text, an event stream), by media type. The
 * schemas only document it: the handler sends a Buffer, a stream or a string of that type.
 */
export interface ContentAnswer {
  readonly description: string;
  readonly content: Readonly<Record<string, ZodType>>;
}

export interface RouteDeclaration {
  readonly method: HttpMethod;
  /** The full path, Fastify-style: `/api/boats/:id`. */
  readonly path: string;
  /** The OpenAPI tag that groups it. */
  readonly tag: string;
  readonly security?: SecurityScheme;
  readonly summary: string;
  readonly description?: string;
  /** The codes it answers beyond those of any request (a bad body, a missing sign-in). */
  readonly errors?: readonly ErrorCode[];
  readonly params?: ZodType;
  readonly query?: ZodType;
  readonly headers?: ZodType;
  readonly body?: ZodType;
  /**
   * The body is multipart/form-data: `body` documents the form, and the handler reads the parts
   * itself (the parser leaves the body empty until then).
   */
  readonly multipart?: true;
  /** The 200 answer: a JSON schema, or content of other media types. */
  readonly response: ZodType | ContentAnswer;
}

/** A route's declaration, with its literal method and path kept for the client's types. */
export const defineRoute = <const R extends RouteDeclaration>(route: R): R => route;

type GroupedRoute = Omit<RouteDeclaration, 'tag' | 'security'>;

/**
 * Declarations that share a tag and a security scheme:
 * `const route = routeGroup('Merchant wallet', 'merchantSession')`, then `route({ method, … })`.
 */
export const routeGroup =
  <const T extends string, const S extends SecurityScheme | undefined>(tag: T, security: S) =>
  <const R extends GroupedRoute>(route: R): R & { readonly tag: T; readonly security: S } => ({
    ...route,
    tag,
    security,
  });

/** The body of a file answer in the OpenAPI document: `{type: string, format: binary}`. */
export const binary = () => z.file();

/** A success answer that is not JSON: `content('The invoice', { 'application/pdf': binary() })`. */
export const content = (
  description: string,
  media: Readonly<Record<string, ZodType>>,
): ContentAnswer => ({ description, content: media });

export const isContentAnswer = (answer: ZodType | ContentAnswer): answer is ContentAnswer =>
  !('_zod' in answer);

/**
 * A request body example as Markdown, for bodies whose zod schema transforms its input (phone
 * numbers): zod leaves `examples` out of such a schema's input JSON Schema.
 */
export const exampleBody = (body: unknown) =>
  ['Example body:', '```json', JSON.stringify(body, null, 2), '```'].join('\n');
