import { ERROR_CODES, type ErrorCode, isErrorCode, REQUEST_TIMEOUT_MS } from '@sm/contract';
import { takeEarlyGet } from './earlyGets';

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

/** The API's code of a failure, or null for anything else (no answer, an abort, a bug). */
export const apiErrorCode = (error: unknown): ErrorCode | null =>
  isRequestError(error) && typeof error.code === 'string' ? error.code : null;

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

/** The API's coded error from a failed answer's status and (parsed JSON) body. */
function apiError(status: number, body: unknown): RequestError {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const code: ErrorCode = isErrorCode(fields.code)
    ? fields.code
    : (FALLBACK_BY_STATUS[status] ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST'));
  const message = typeof fields.message === 'string' ? fields.message : ERROR_CODES[code].message;
  const field = typeof fields.field === 'string' ? fields.field : undefined;
  const retry = typeof fields.retryAfterSeconds === 'number' ? fields.retryAfterSeconds : undefined;
  return new RequestError(code, message, status, field, retry);
}

/** JSON text, or null for a proxy's HTML page or an empty body (the status then decides). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const type = response.headers.get('content-type') ?? '';
  return type.includes('json') ? response.json() : response.text();
}

/** `answer`, or a rejection as soon as `signal` aborts. */
const untilAborted = <T>(answer: Promise<T>, signal: AbortSignal) =>
  new Promise<T>((resolve, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    answer.then(resolve, reject);
  });

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  data?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** Extra headers, such as a money-moving request's Idempotency-Key. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

function withQuery(path: string, query: RequestOptions['query']): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

export interface UploadOptions {
  fields?: Record<string, string>;
  files: Record<string, Blob | File>;
  signal?: AbortSignal;
  /**
   * Share of the body sent so far, 0 to 1. When given, the upload goes by XMLHttpRequest: fetch
   * reports no upload progress.
   */
  onProgress?: (sent: number) => void;
}

export interface ClientOptions {
  fetch?: typeof fetch;
  xhr?: () => XMLHttpRequest;
  timeoutMs?: number;
  onUnauthorized?: (error: RequestError) => void;
}

export function createClient(options: ClientOptions = {}) {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  let onUnauthorized = options.onUnauthorized;

  /** A failed answer's error; one that says the session is gone also goes to the shell. */
  const failed = (status: number, body: unknown): RequestError => {
    const error = apiError(status, body);
    if (status === 401 && SESSION_LOST.has(error.code as string)) onUnauthorized?.(error);
    return error;
  };

  async function send<T>(
    url: string,
    init: RequestInit,
    signal: AbortSignal | undefined,
    upload: boolean,
    read: (response: Response) => Promise<unknown> = readBody,
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
      const ask = () =>
        fetchImpl(url, { ...init, credentials: 'same-origin', signal: controller.signal });
      const early = init.method === 'GET' ? takeEarlyGet(url) : undefined;
      // The boot's answer to the same GET (earlyGets.ts), under this request's time-out and
      // abort; when it failed, asked again.
      const response = await (early ? untilAborted(early, controller.signal).catch(ask) : ask());
      if (!response.ok)
        throw failed(response.status, parseJson(await response.text().catch(() => '')));
      // The time-out covers the body too: a stalled download is as dead as a stalled connect.
      return (await read(response)) as T;
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

  /**
   * A multipart POST by XMLHttpRequest, for its upload progress. The time-out is one of
   * inactivity: a 50 MB video on a slow line may take longer than 60 s in all, but a line that
   * sends nothing for 60 s is dead.
   */
  function sendWithProgress<T>(
    url: string,
    body: FormData,
    signal: AbortSignal | undefined,
    onProgress: (sent: number) => void,
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const xhr = (options.xhr ?? (() => new XMLHttpRequest()))();
      let reason: 'timeout' | 'caller' | null = null;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const stop = (why: 'timeout' | 'caller') => {
        reason ??= why;
        xhr.abort();
      };
      const onCallerAbort = () => stop('caller');
      const arm = () => {
        clearTimeout(timer);
        timer = setTimeout(() => stop('timeout'), timeoutMs);
      };
      const settle = (error: RequestError | null, value?: unknown) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onCallerAbort);
        if (error) reject(error);
        else resolve(value as T);
      };
      if (signal?.aborted) {
        reject(new RequestError(RUNTIME_CODES.ABORTED, 'abort'));
        return;
      }
      signal?.addEventListener('abort', onCallerAbort, { once: true });
      xhr.open('POST', url);
      xhr.setRequestHeader('accept', 'application/json');
      xhr.upload.onprogress = (event) => {
        arm();
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
      xhr.onload = () => {
        const parsed = parseJson(xhr.responseText);
        if (xhr.status >= 200 && xhr.status < 300) {
          onProgress(1);
          settle(null, parsed);
          return;
        }
        settle(failed(xhr.status, parsed));
      };
      xhr.onerror = () => settle(new RequestError(RUNTIME_CODES.UPLOAD_NETWORK, 'Network error'));
      xhr.onabort = () =>
        settle(
          reason === 'timeout'
            ? new RequestError(RUNTIME_CODES.NETWORK, 'timeout')
            : new RequestError(RUNTIME_CODES.ABORTED, 'abort'),
        );
      arm();
      onProgress(0);
      xhr.send(body);
    });
  }

  return {
    request<T>(
      path: string,
      { method = 'GET', data, query, headers: extra, signal }: RequestOptions = {},
    ): Promise<T> {
      const url = withQuery(path, query);
      const headers: Record<string, string> = { ...extra, accept: 'application/json' };
      if (data !== undefined) headers['content-type'] = 'application/json';
      const body = data === undefined ? undefined : JSON.stringify(data);
      return send<T>(url, { method, headers, body }, signal, false);
    },
    /**
     * A file of the API (a PDF, an image, printer bytes) as a Blob, with the same time-out and
     * coded errors as `request`: read as JSON or text, bytes would be mangled.
     */
    requestBlob(
      path: string,
      { query, signal }: Omit<RequestOptions, 'method' | 'data' | 'headers'> = {},
    ) {
      return send<Blob>(withQuery(path, query), { method: 'GET' }, signal, false, (response) =>
        response.blob(),
      );
    },
    /** Multipart POST with form fields and files (spec §7). */
    upload<T>(path: string, { fields = {}, files, signal, onProgress }: UploadOptions): Promise<T> {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) form.append(key, value);
      for (const [key, file] of Object.entries(files)) form.append(key, file);
      if (onProgress) return sendWithProgress<T>(path, form, signal, onProgress);
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
export const requestBlob = client.requestBlob;
export const upload = client.upload;
export const setUnauthorizedHandler = client.setUnauthorizedHandler;
