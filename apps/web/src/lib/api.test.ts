import { ordersApi, printingApi, walletApi } from '@sm/contract/route-table';
import { describe, expect, it, vi } from 'vitest';
import { apiOf, pathOf } from './api';
import { createClient } from './request';

describe('the typed API client', () => {
  it('fills a declared path with its params, each encoded, and appends the query', () => {
    expect(pathOf(ordersApi.get, { params: { id: 'a/b' } })).toBe('/api/orders/a%2Fb');
    expect(
      pathOf(printingApi.slipPng, {
        params: { id: 'o1' },
        query: { paperWidth: 58, lang: 'en' },
      }),
    ).toBe('/api/orders/o1/slip.png?paperWidth=58&lang=en');
  });

  it('calls the declared method and path with the body as JSON and the extra headers', async () => {
    const fetchStub = vi.fn(
      async () =>
        new Response(JSON.stringify({ id: 'w1' }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    const { api } = apiOf(createClient({ fetch: fetchStub }));
    await api(walletApi.withdraw, {
      body: { amount: 1000 },
      headers: { 'idempotency-key': 'k1' },
    });
    const [url, init] = fetchStub.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/wallet/withdrawals');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"amount":1000}');
    expect(init.headers).toMatchObject({ 'idempotency-key': 'k1' });
  });

  it('will not compile a call without the headers its route requires', () => {
    const { api } = apiOf(createClient());
    // @ts-expect-error: a withdrawal requires its Idempotency-Key.
    const call = () => api(walletApi.withdraw, { body: { amount: 1000 } });
    expect(typeof call).toBe('function');
  });
});
