import { afterEach, describe, expect, it, vi } from 'vitest';
import { earlyGetUrls } from '../lib/earlyGets';
import { PATHS } from '../lib/paths';
import { queryClient } from '../lib/queryClient';
import { prefetchRoute } from './prefetch';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

/** The URLs the app's own prefetch of a first page asks the network for. */
async function askedByTheApp(path: string, search: string): Promise<string[]> {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (url) => {
      asked.push(String(url));
      return json({});
    }),
  );
  await prefetchRoute(path, new URLSearchParams(search));
  return asked;
}

describe('the boot asks for what the first page asks for', () => {
  it.each([
    [PATHS.home, ''],
    [PATHS.index, ''],
    [PATHS.home, 'status=ended&q=ikan merah'],
    [PATHS.orders, ''],
    [PATHS.wallet, ''],
    [PATHS.lotDetail, 'id=lot/1 ä'],
  ])('%s?%s: the very same URLs', async (path, search) => {
    const early = earlyGetUrls(path, new URLSearchParams(search));
    expect(new Set(early)).toEqual(new Set(await askedByTheApp(path, search)));
  });

  it.each([
    [PATHS.orders, 'tab=paid&period=7d'],
    [PATHS.wallet, 'type=withdrawal'],
    [PATHS.home, 'status=live&x=1'],
    [PATHS.menu, ''],
  ])('%s?%s: a view it does not know gets the shell’s only', async (path, search) => {
    const early = earlyGetUrls(path, new URLSearchParams(search));
    expect(early).toHaveLength(2);
    const asked = await askedByTheApp(path, search);
    for (const url of early) expect(asked).toContain(url);
  });
});

describe('what the first render waits for', () => {
  const silentNetwork = () =>
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => new Promise<Response>(() => {})),
    );
  const settledWithin = (promise: Promise<unknown>, ms: number) =>
    Promise.race([
      promise.then(() => true),
      new Promise((resolve) => setTimeout(() => resolve(false), ms)),
    ]);

  it('the page’s own answers', async () => {
    silentNetwork();
    expect(await settledWithin(prefetchRoute(PATHS.wallet, new URLSearchParams()), 50)).toBe(false);
  });

  it('not the shell’s: a page with nothing asked here is drawn at once', async () => {
    silentNetwork();
    expect(await settledWithin(prefetchRoute(PATHS.menu, new URLSearchParams()), 50)).toBe(true);
  });
});
