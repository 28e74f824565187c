import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, RequestError, RUNTIME_CODES } from './request';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch that never answers, but rejects as a real fetch does when its signal aborts. */
const hangingFetch = vi.fn<typeof fetch>(
  (_input, init) =>
    new Promise<Response>((_resolve, reject) => {
      if (init?.signal?.aborted) reject(new DOMException('aborted', 'AbortError'));
      init?.signal?.addEventListener('abort', () =>
        reject(new DOMException('aborted', 'AbortError')),
      );
    }),
);

async function failure(promise: Promise<unknown>): Promise<RequestError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(RequestError);
    return error as RequestError;
  }
  throw new Error('expected the request to fail');
}

afterEach(() => {
  vi.useRealTimers();
  hangingFetch.mockClear();
});

describe('request', () => {
  it('sends JSON with the session cookie and returns the JSON answer', async () => {
    const fetchStub = vi.fn<typeof fetch>(async () => json(200, { ok: true }));
    const { request } = createClient({ fetch: fetchStub });
    await expect(request('/api/auth/logout', { method: 'POST', data: { a: 1 } })).resolves.toEqual({
      ok: true,
    });
    const [url, init] = fetchStub.mock.calls[0]!;
    expect(url).toBe('/api/auth/logout');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"a":1}' });
    expect((init?.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('sends extra headers, such as an Idempotency-Key', async () => {
    const fetchStub = vi.fn<typeof fetch>(async () => json(200, {}));
    const { request } = createClient({ fetch: fetchStub });
    await request('/api/x', { method: 'POST', data: {}, headers: { 'Idempotency-Key': 'k-123' } });
    const headers = fetchStub.mock.calls[0]![1]?.headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toBe('k-123');
    expect(headers['content-type']).toBe('application/json');
  });

  it('adds query parameters', async () => {
    const fetchStub = vi.fn<typeof fetch>(async () => json(200, {}));
    const { request } = createClient({ fetch: fetchStub });
    await request('/api/x', { query: { phone: '+60123456789', page: 2, skip: undefined } });
    expect(fetchStub.mock.calls[0]![0]).toBe('/api/x?phone=%2B60123456789&page=2');
  });

  it('maps a time-out to code 5 "timeout"', async () => {
    vi.useFakeTimers();
    const { request } = createClient({ fetch: hangingFetch, timeoutMs: 60_000 });
    const pending = failure(request('/api/me'));
    await vi.advanceTimersByTimeAsync(59_999);
    expect(hangingFetch.mock.calls[0]![1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error.code).toBe(RUNTIME_CODES.NETWORK);
    expect(error.code).toBe(5);
    expect(error.message).toBe('timeout');
  });

  it('uses the spec time-out of 60 000 ms by default', async () => {
    vi.useFakeTimers();
    const { request } = createClient({ fetch: hangingFetch });
    const pending = failure(request('/api/me'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect((await pending).message).toBe('timeout');
  });

  it('maps a network error to code 5 "Network error"', async () => {
    const { request } = createClient({
      fetch: async () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const error = await failure(request('/api/me'));
    expect(error.code).toBe(5);
    expect(error.message).toBe('Network error');
  });

  it("maps the caller's abort to 600003", async () => {
    const { request } = createClient({ fetch: hangingFetch });
    const controller = new AbortController();
    const pending = failure(request('/api/me', { signal: controller.signal }));
    controller.abort();
    expect((await pending).code).toBe(600003);
    const aborted = AbortSignal.abort();
    expect((await failure(request('/api/me', { signal: aborted }))).code).toBe(600003);
  });

  it('maps an upload network error to 602001', async () => {
    const fetchStub = vi.fn<typeof fetch>(async () =>
      Promise.reject(new TypeError('Failed to fetch')),
    );
    const { upload } = createClient({ fetch: fetchStub });
    const error = await failure(
      upload('/api/files', { fields: { kind: 'ssm' }, files: { file: new Blob(['x']) } }),
    );
    expect(error.code).toBe(602001);
    expect(fetchStub.mock.calls[0]![1]?.body).toBeInstanceOf(FormData);
  });

  it("passes the API's coded error body through", async () => {
    const { request } = createClient({
      fetch: async () =>
        json(429, {
          code: 'SMS_COOLDOWN',
          message: 'Send failed, try again in a moment',
          retryAfterSeconds: 42,
        }),
    });
    const error = await failure(request('/api/auth/sms-code', { method: 'POST', data: {} }));
    expect(error).toMatchObject({ code: 'SMS_COOLDOWN', status: 429, retryAfterSeconds: 42 });
    expect(error.message).toBe('Send failed, try again in a moment');
  });

  it('keeps the field of a validation error', async () => {
    const { request } = createClient({
      fetch: async () =>
        json(400, { code: 'INVALID_PHONE', message: 'Invalid phone format', field: 'phone' }),
    });
    expect(await failure(request('/api/auth/login', { method: 'POST' }))).toMatchObject({
      code: 'INVALID_PHONE',
      field: 'phone',
    });
  });

  it('falls back to a code from the status when the body is not the API’s', async () => {
    const { request } = createClient({
      fetch: async () => new Response('<html>Bad gateway</html>', { status: 502 }),
    });
    expect(await failure(request('/api/me'))).toMatchObject({
      code: 'INTERNAL',
      status: 502,
      message: 'Failed',
    });
  });

  it('calls the unauthorized handler on a 401 that means the session is gone', async () => {
    const onUnauthorized = vi.fn();
    const { request } = createClient({
      fetch: async () => json(401, { code: 'SESSION_EXPIRED', message: 'Please login again' }),
      onUnauthorized,
    });
    const error = await failure(request('/api/me'));
    expect(error.code).toBe('SESSION_EXPIRED');
    expect(onUnauthorized).toHaveBeenCalledWith(error);
  });

  it('does not treat a wrong password (also 401) as a lost session', async () => {
    const onUnauthorized = vi.fn();
    const { request } = createClient({
      fetch: async () =>
        json(401, { code: 'INVALID_CREDENTIALS', message: 'Wrong phone number or password' }),
      onUnauthorized,
    });
    expect((await failure(request('/api/auth/login', { method: 'POST' }))).code).toBe(
      'INVALID_CREDENTIALS',
    );
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('lets the shell install the unauthorized handler later', async () => {
    const client = createClient({
      fetch: async () => json(401, { code: 'NOT_LOGGED_IN', message: 'Please login first' }),
    });
    const handler = vi.fn();
    client.setUnauthorizedHandler(handler);
    await failure(client.request('/api/me'));
    expect(handler).toHaveBeenCalledOnce();
  });
});

describe('requestBlob', () => {
  it('returns the bytes as they came, whatever the content type', async () => {
    const bytes = Uint8Array.from([0x1b, 0x40, 0xff, 0x00]);
    const fetchStub = vi.fn<typeof fetch>(
      async () => new Response(bytes, { headers: { 'content-type': 'application/json' } }),
    );
    const { requestBlob } = createClient({ fetch: fetchStub });
    const blob = await requestBlob('/api/x.bin', { query: { paperWidth: 58 } });
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([...bytes]);
    expect(fetchStub.mock.calls[0]![0]).toBe('/api/x.bin?paperWidth=58');
    expect(fetchStub.mock.calls[0]![1]).toMatchObject({ credentials: 'same-origin' });
  });

  it('fails with the coded error, and a lost session, as request does', async () => {
    const onUnauthorized = vi.fn();
    const { requestBlob } = createClient({
      fetch: async () => json(401, { code: 'SESSION_EXPIRED', message: 'Please login again' }),
      onUnauthorized,
    });
    const error = await failure(requestBlob('/api/x.png'));
    expect(error).toMatchObject({ code: 'SESSION_EXPIRED', status: 401 });
    expect(onUnauthorized).toHaveBeenCalledWith(error);
  });

  it('times out as request does', async () => {
    vi.useFakeTimers();
    const { requestBlob } = createClient({ fetch: hangingFetch, timeoutMs: 1_000 });
    const pending = failure(requestBlob('/api/x.png'));
    await vi.advanceTimersByTimeAsync(1_000);
    expect((await pending).message).toBe('timeout');
  });
});

/** An XMLHttpRequest that the test drives: progress, answer, network failure. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

describe('upload with progress', () => {
  const xhrClient = (options: Parameters<typeof createClient>[0] = {}) =>
    createClient({ xhr: () => new FakeXhr() as unknown as XMLHttpRequest, ...options });
  const file = { file: new Blob(['photo']) };

  it('posts the form by XMLHttpRequest, reports progress and returns the JSON answer', async () => {
    const { upload } = xhrClient();
    const onProgress = vi.fn();
    const pending = upload('/api/media', { files: file, onProgress });
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/media']);
    expect(xhr.body).toBeInstanceOf(FormData);
    xhr.progress(25, 100);
    xhr.progress(100, 100);
    xhr.answer(200, { id: 'm1' });
    await expect(pending).resolves.toEqual({ id: 'm1' });
    expect(onProgress.mock.calls.map(([sent]) => sent)).toEqual([0, 0.25, 1, 1]);
  });

  it("maps the API's coded error, and a lost session, as fetch requests do", async () => {
    const onUnauthorized = vi.fn();
    const { upload } = xhrClient({ onUnauthorized });
    const tooLarge = failure(upload('/api/media', { files: file, onProgress: () => {} }));
    FakeXhr.last.answer(413, { code: 'FILE_TOO_LARGE', message: 'File is too large' });
    expect(await tooLarge).toMatchObject({ code: 'FILE_TOO_LARGE', status: 413 });
    const expired = failure(upload('/api/media', { files: file, onProgress: () => {} }));
    FakeXhr.last.answer(401, { code: 'SESSION_EXPIRED', message: 'Please login again' });
    expect((await expired).code).toBe('SESSION_EXPIRED');
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('maps a network error to 602001', async () => {
    const { upload } = xhrClient();
    const pending = failure(upload('/api/media', { files: file, onProgress: () => {} }));
    FakeXhr.last.onerror?.();
    expect((await pending).code).toBe(602001);
  });

  it('times out after 60 s without progress, however long the whole upload takes', async () => {
    vi.useFakeTimers();
    const { upload } = xhrClient();
    const pending = failure(upload('/api/media', { files: file, onProgress: () => {} }));
    const xhr = FakeXhr.last;
    for (let i = 1; i <= 3; i += 1) {
      await vi.advanceTimersByTimeAsync(59_000);
      xhr.progress(i, 10);
    }
    expect(xhr.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(xhr.aborted).toBe(true);
    expect(await pending).toMatchObject({ code: 5, message: 'timeout' });
  });

  it("maps the caller's abort to 600003", async () => {
    const { upload } = xhrClient();
    const controller = new AbortController();
    const pending = failure(
      upload('/api/media', { files: file, onProgress: () => {}, signal: controller.signal }),
    );
    controller.abort();
    expect((await pending).code).toBe(600003);
  });
});
