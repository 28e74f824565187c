import { fillPath, type LotDetail } from '@sm/contract';
import { auctionsApi, authApi, ordersApi, storeApi, walletApi } from '@sm/contract/route-table';
import { PATHS } from './paths';

/**
 * The GETs a signed-in first page asks for as it mounts, sent by the boot (boot.ts) before any of
 * the app's code has arrived: the answers then come in parallel with the app's chunks instead of
 * after them. The app's requests (request.ts) take an answer from here when they ask for the very
 * same URL, once; anything else goes to the network as usual. Only the pages' default views are
 * listed (a filtered list is left to the app): the URLs must be the ones the page's queries build,
 * which app/prefetch.test.ts checks against app/prefetch.ts.
 */
export function earlyGetUrls(path: string, query: URLSearchParams): string[] {
  // The shell's own: the profile's refresh and the Orders tab's count.
  const urls = [authApi.me.path, fillPath(ordersApi.counts.path, undefined, { period: 'all' })];
  const only = (...keys: string[]) => [...query.keys()].every((key) => keys.includes(key));
  if ((path === PATHS.home || path === PATHS.index) && only('status', 'q')) {
    const status = query.get('status') === 'ended' ? 'ended' : 'live';
    const q = query.get('q') || undefined;
    urls.push(
      storeApi.get.path,
      auctionsApi.dashboard.path,
      fillPath(auctionsApi.list.path, undefined, { status, q, limit: 20 }),
    );
  } else if (path === PATHS.orders && only()) {
    urls.push(fillPath(ordersApi.list.path, undefined, { tab: 'all', period: 'all', limit: 30 }));
  } else if (path === PATHS.wallet && only()) {
    urls.push(walletApi.get.path, fillPath(walletApi.statement.path, undefined, { limit: 30 }));
  } else if (path === PATHS.lotDetail) {
    const id = query.get('id');
    if (id) urls.push(fillPath(auctionsApi.getLot.path, { id }));
  }
  return urls;
}

const LOT_PREFIX = auctionsApi.getLot.path.replace(':id', '');

/** An answer waits this long for the app to ask for it; later the app asks the network itself. */
const KEEP_MS = 15_000;

const early = new Map<string, { answer: Promise<Response>; sentAt: number }>();

/**
 * A lot's page paints its first photo largest: asked for, at high priority, as soon as the lot's
 * answer names it, rather than once the page has drawn.
 */
function preloadFirstPhoto(answer: Promise<Response>): void {
  answer
    .then((response) => (response.ok ? (response.clone().json() as Promise<LotDetail>) : null))
    .then((lot) => {
      const url = lot?.photos[0]?.url;
      if (!url) return;
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'image';
      link.href = url;
      link.fetchPriority = 'high';
      document.head.append(link);
    })
    .catch(() => {});
}

/** Sends the GETs, as the app's requests would (JSON, the session's cookie). */
export function sendEarlyGets(urls: readonly string[]): void {
  for (const url of urls) {
    const answer = fetch(url, {
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
    });
    // A failure is the app's to see: it asks again (takeEarlyGet's caller falls back).
    answer.catch(() => {});
    early.set(url, { answer, sentAt: Date.now() });
    if (url.startsWith(LOT_PREFIX)) preloadFirstPhoto(answer);
  }
}

/** The answer the boot asked for this URL, if any and still fresh; each is taken once. */
export function takeEarlyGet(url: string): Promise<Response> | undefined {
  const entry = early.get(url);
  if (!entry) return undefined;
  early.delete(url);
  return Date.now() - entry.sentAt <= KEEP_MS ? entry.answer : undefined;
}
