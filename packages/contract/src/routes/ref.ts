import type { z, ZodType } from 'zod';
import type { ContentAnswer, RouteDeclaration } from './define.js';

/**
 * What the app holds of a route at run time: its method and path, and its declaration as a type
 * only, so the client is typed from the zod schemas without bundling them (table.ts).
 */
export interface RouteRef<R extends RouteDeclaration = RouteDeclaration> {
  readonly method: R['method'];
  readonly path: R['path'];
  /** Never set: carries the declaration's type. */
  readonly declaration?: R;
}

/** A reference typed by its declaration; its method and path must be the declaration's. */
export const ref = <R extends RouteDeclaration>(
  method: R['method'],
  path: R['path'],
): RouteRef<R> => ({ method, path });

/** `{ [key]: input }`, optional when the schema takes undefined; nothing without a schema. */
type Part<K extends string, S> = S extends ZodType
  ? undefined extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : { [P in K]: z.input<S> }
  : { [P in K]?: never };

type SchemaOf<R, K extends string> = R extends { readonly [P in K]: infer S } ? S : undefined;

/**
 * What a call of the route sends: its path parameters, query, body and the headers it requires
 * (a withdrawal's Idempotency-Key), typed by the schemas.
 */
export type RouteInput<R extends RouteDeclaration> = Part<'params', SchemaOf<R, 'params'>> &
  Part<'query', SchemaOf<R, 'query'>> &
  Part<'body', SchemaOf<R, 'body'>> &
  Part<'headers', SchemaOf<R, 'headers'>>;

/**
 * What a call of the route answers: the JSON schema's output, or `Bytes` (the app's Blob) for
 * other content.
 */
export type RouteAnswer<
  R extends RouteDeclaration,
  Bytes = unknown,
> = R['response'] extends ContentAnswer
  ? Bytes
  : R['response'] extends ZodType
    ? z.output<R['response']>
    : never;
