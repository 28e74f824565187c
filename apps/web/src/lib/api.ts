import { fillPath } from '@sm/contract';
import type {
  ContentAnswer,
  RouteAnswer,
  RouteDeclaration,
  RouteInput,
  RouteRef,
} from '@sm/contract/route-table';
import type { createClient } from './request';
import { request, requestBlob, upload, type UploadOptions } from './request';

/**
 * The one way the app calls the API: a route's reference from the contract's table
 * (`import { boatsApi } from '@sm/contract/route-table'`) and its params, query and body, all
 * typed by the route's declaration: `api(boatsApi.get, { params: { id } })`. The table holds the
 * method and path only, so no zod schema comes into the bundle with it.
 */

type Client = Pick<ReturnType<typeof createClient>, 'request' | 'requestBlob' | 'upload'>;

interface CallOptions {
  signal?: AbortSignal;
}

type Args<R extends RouteDeclaration> = RouteInput<R> & CallOptions;
/** The options may be left out when the route needs no params and no body. */
type Rest<R extends RouteDeclaration> =
  object extends RouteInput<R> ? [options?: Args<R>] : [options: Args<R>];

type JsonRoute = RouteDeclaration & { response: { _zod: unknown } };
type ContentRoute = RouteDeclaration & { method: 'GET'; response: ContentAnswer };
type MultipartRoute = RouteDeclaration & { method: 'POST'; multipart: true };

type Query = Record<string, string | number | boolean | undefined>;

/** The query a route takes, as its declaration types it. */
export type QueryOf<T> = T extends { declaration?: infer R }
  ? R extends RouteDeclaration
    ? NonNullable<RouteInput<R>['query']>
    : never
  : never;
type Loose = {
  params?: Record<string, unknown>;
  query?: unknown;
  body?: unknown;
  headers?: Record<string, string>;
} & CallOptions;

/**
 * The route's path with its params filled in, each encoded, and the query if any: for an `<img>`
 * or a download link as well as for calls.
 */
export function pathOf<R extends RouteDeclaration>(
  route: RouteRef<R>,
  ...[input]: object extends RouteInput<R>
    ? [input?: Pick<RouteInput<R>, 'params' | 'query'>]
    : [input: Pick<RouteInput<R>, 'params' | 'query'>]
): string {
  const { params, query } = (input ?? {}) as Loose;
  return fillPath(route.path, params, query as Query | undefined);
}

/** The calls of one client (the app's, or a test's). */
export function apiOf(client: Client) {
  return {
    /** Calls a JSON route and answers its parsed answer. */
    api<R extends JsonRoute>(route: RouteRef<R>, ...[options]: Rest<R>): Promise<RouteAnswer<R>> {
      const { params, query, body, signal, headers } = (options ?? {}) as Loose;
      return client.request<RouteAnswer<R>>(fillPath(route.path, params), {
        method: route.method,
        query: query as Query | undefined,
        data: body,
        ...(headers ? { headers } : {}),
        ...(signal ? { signal } : {}),
      });
    },
    /** A route that answers a file (a PDF, an image, printer bytes), as a Blob. */
    apiBlob<R extends ContentRoute>(route: RouteRef<R>, ...[options]: Rest<R>): Promise<Blob> {
      const { params, query, signal } = (options ?? {}) as Loose;
      return client.requestBlob(fillPath(route.path, params), {
        query: query as Query | undefined,
        ...(signal ? { signal } : {}),
      });
    },
    /** A multipart POST of files (and fields) to a route that takes them. */
    apiUpload<R extends MultipartRoute>(
      route: RouteRef<R>,
      options: UploadOptions & Pick<RouteInput<R>, 'params'>,
    ): Promise<RouteAnswer<R>> {
      const { params, ...rest } = options as UploadOptions & Loose;
      return client.upload<RouteAnswer<R>>(fillPath(route.path, params), rest);
    },
  };
}

export const { api, apiBlob, apiUpload } = apiOf({ request, requestBlob, upload });
