import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendEarlyGets, takeEarlyGet } from './earlyGets';
import { createClient, RUNTIME_CODES } from './request';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('a request takes the boot’s answer', () => {
  const network = () => {
    const stub = vi.fn<typeof fetch>(async () => json({ balance: 1 }));
    vi.stubGlobal('fetch', stub);
    return stub;
  };

  it('to the same GET, once, without asking the network again', async () => {
    const stub = network();
    const { request } = createClient({ fetch: stub });
    sendEarlyGets(['/api/wallet']);
    expect(stub).toHaveBeenCalledTimes(1);
    expect(stub.mock.calls[0]![1]).toMatchObject({ credentials: 'same-origin' });
    await expect(request('/api/wallet')).resolves.toEqual({ balance: 1 });
    expect(stub).toHaveBeenCalledTimes(1);
    await request('/api/wallet');
    expect(stub).toHaveBeenCalledTimes(2);
  });

  it('not for another URL or another method', async () => {
    const stub = network();
    const { request } = createClient({ fetch: stub });
    sendEarlyGets(['/api/wallet/statement?limit=30']);
    await request('/api/wallet/statement', { query: { limit: 20 } });
    await request('/api/wallet/statement?limit=30', { method: 'POST' });
    expect(stub).toHaveBeenCalledTimes(3);
    expect(takeEarlyGet('/api/wallet/statement?limit=30')).toBeDefined();
  });

  it('asks again when the boot’s request failed', async () => {
    const stub = network();
    stub.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { request } = createClient({ fetch: stub });
    sendEarlyGets(['/api/me']);
    await expect(request('/api/me')).resolves.toEqual({ balance: 1 });
    expect(stub).toHaveBeenCalledTimes(2);
  });

  it('not once it is older than the app would show', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const stub = network();
    const { request } = createClient({ fetch: stub });
    sendEarlyGets(['/api/me']);
    vi.setSystemTime(Date.now() + 16_000);
    await request('/api/me');
    expect(stub).toHaveBeenCalledTimes(2);
  });

  it('under the request’s own time-out', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => new Promise<Response>(() => {})),
    );
    // As a real fetch: rejects at once when given an aborted signal.
    const network = vi.fn<typeof fetch>(async (_url, init) => {
      throw new DOMException(String(init?.signal?.aborted), 'AbortError');
    });
    const { request } = createClient({ fetch: network, timeoutMs: 1_000 });
    sendEarlyGets(['/api/me']);
    const answer = request('/api/me').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(answer).resolves.toMatchObject({
      code: RUNTIME_CODES.NETWORK,
      message: 'timeout',
    });
    expect(network.mock.calls[0]![1]?.signal?.aborted).toBe(true);
  });

  it('for a lot, asks for its first photo as soon as the answer names it', async () => {
    const appended: Record<string, string>[] = [];
    vi.stubGlobal('document', {
      createElement: () => ({}),
      head: { append: (link: Record<string, string>) => appended.push(link) },
    });
    const stub = vi.fn<typeof fetch>(async () =>
      json({ id: 'l1', photos: [{ url: '/media/first.webp' }, { url: '/media/second.webp' }] }),
    );
    vi.stubGlobal('fetch', stub);
    const { request } = createClient({ fetch: stub });
    sendEarlyGets(['/api/lots/l1', '/api/wallet']);
    await expect(request('/api/lots/l1')).resolves.toMatchObject({ id: 'l1' });
    await vi.waitFor(() => expect(appended).toHaveLength(1));
    expect(appended[0]).toEqual({
      rel: 'preload',
      as: 'image',
      href: '/media/first.webp',
      fetchPriority: 'high',
    });
  });
});
