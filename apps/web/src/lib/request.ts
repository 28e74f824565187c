import { ERROR_CODES, type ErrorCode, isErrorCode, REQUEST_TIMEOUT_MS } from '@sm/contract';

/** The spec's runtime codes (§8) for failures that never reached the API. */
export const RUNTIME_CODES = {
  /** Time-out (message 'timeout') or network error (message 'Network error'). */
  NETWORK: 5,
  ABORTED: 600003,
  UPLOAD_NETWORK: 602001,
} as const;
export type RuntimeCode = (typeof RUNTIME_CODES)[keyof typeof RUNTIME_CODES];

export class RequestError extends Error {
  override readonly name = 'RequestError';
  constructor(
    readonly code: ErrorCode | RuntimeCode,
    message: string,
    readonly status?: number,
    readonly field?: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const isRequestError = (error: unknown): error is RequestError =>
  error instanceof RequestError;

/** Codes a 401 may carry that mean "no valid session" (a wrong password is also a 401). */
const SESSION_LOST: ReadonlySet<string> = new Set<ErrorCode>(['NOT_LOGGED_IN', 'SESSION_EXPIRED']);

const FALLBACK_BY_STATUS: Record<number, ErrorCode> = {
  401: 'NOT_LOGGED_IN',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

async function apiError(response: Response): Promise<RequestError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // A proxy's HTML page or an empty body: fall back to the status below.
  }
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const code: ErrorCode = isErrorCode(fields.code)
    ? fields.code
    : (FALLBACK_BY_STATUS[response.status] ??
      (response.status >= 500 ? 'INTERNAL' : 'BAD_REQUEST'));
  const message = typeof fields.message === 'string' ? fields.message : ERROR_CODES[code].message;
  const field = typeof fields.field === 'string' ? fields.field : undefined;
  const retry = typeof fields.retryAfterSeconds === 'number' ? fields.retryAfterSeconds : undefined;
  return new RequestError(code, message, response.status, field, retry);
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const type = response.headers.get('content-type') ?? '';
  return type.includes('json') ? response.json() : response.text();
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  data?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
}

export interface UploadOptions {
  fields?: Record<string, string>;
  files: Record<string, Blob | File>;
  signal?: AbortSignal;
}

export interface ClientOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
  onUnauthorized?: (error: RequestError) => void;
}

export function createClient(options: ClientOptions = {}) {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  let onUnauthorized = options.onUnauthorized;

  async function send<T>(
    url: string,
    init: RequestInit,
    signal: AbortSignal | undefined,
    upload: boolean,
  ): Promise<T> {
    const controller = new AbortController();
    let reason: 'timeout' | 'caller' | null = null;
    const timer = setTimeout(() => {
      reason = 'timeout';
      controller.abort();
    }, timeoutMs);
    const onCallerAbort = () => {
      reason ??= 'caller';
      controller.abort();
    };
    if (signal?.aborted) onCallerAbort();
    else signal?.addEventListener('abort', onCallerAbort, { once: true });
    try {
      const fetchImpl = options.fetch ?? globalThis.fetch;
      const response = await fetchImpl(url, {
        ...init,
        credentials: 'same-origin',
        signal: controller.signal,
      });
      if (!response.ok) {
        const error = await apiError(response);
        if (response.status === 401 && SESSION_LOST.has(error.code as string))
          onUnauthorized?.(error);
        throw error;
      }
      // The time-out covers the body too: a stalled download is as dead as a stalled connect.
      return (await readBody(response)) as T;
    } catch (error) {
      if (error instanceof RequestError) throw error;
      if (reason === 'timeout') throw new RequestError(RUNTIME_CODES.NETWORK, 'timeout');
      if (reason === 'caller') throw new RequestError(RUNTIME_CODES.ABORTED, 'abort');
      throw new RequestError(
        upload ? RUNTIME_CODES.UPLOAD_NETWORK : RUNTIME_CODES.NETWORK,
        'Network error',
      );
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  return {
    request<T>(
      path: string,
      { method = 'GET', data, query, signal }: RequestOptions = {},
    ): Promise<T> {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(query ?? {})) {
        if (value !== undefined) search.set(key, String(value));
      }
      const qs = search.toString();
      const url = qs ? `${path}?${qs}` : path;
      const headers: Record<string, string> = { accept: 'application/json' };
      if (data !== undefined) headers['content-type'] = 'application/json';
      const body = data === undefined ? undefined : JSON.stringify(data);
      return send<T>(url, { method, headers, body }, signal, false);
    },
    /** Multipart POST with form fields and files (spec §7). */
    upload<T>(path: string, { fields = {}, files, signal }: UploadOptions): Promise<T> {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) form.append(key, value);
      for (const [key, file] of Object.entries(files)) form.append(key, file);
      return send<T>(
        path,
        { method: 'POST', headers: { accept: 'application/json' }, body: form },
        signal,
        true,
      );
    },
    /** The app shell decides what losing the session means (clear, toast, go to login). */
    setUnauthorizedHandler(handler: ((error: RequestError) => void) | undefined) {
      onUnauthorized = handler;
    },
  };
}

const client = createClient();
export const request = client.request;
export const upload = client.upload;
export const setUnauthorizedHandler = client.setUnauthorizedHandler;
