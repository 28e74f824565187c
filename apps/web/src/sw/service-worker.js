/* global self, caches */
// The app's service worker, emitted as /sw.js at build time by build/service-worker-plugin.ts,
// which fills in the precache list and the cache version. Plain JS: it runs in another global
// scope than the app and is never bundled.
const PRECACHE = self.__PRECACHE_MANIFEST__;
const VERSION = self.__CACHE_VERSION__;
const CACHE = `sm-shell-${VERSION}`;
const SHELL = '/index.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) =>
        cache.addAll(PRECACHE).then(() =>
          // Offline navigations of any path fall back to the shell.
          cache.match('/').then((response) => response && cache.put(SHELL, response.clone())),
        ),
      )
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith('sm-shell-') && key !== CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/** index.html: the newest from the network, the cached shell when offline. */
async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(SHELL, response.clone());
    return response;
  } catch (error) {
    const cached =
      (await cache.match(SHELL, { ignoreVary: true })) ??
      (await cache.match('/', { ignoreVary: true }));
    if (cached) return cached;
    throw error;
  }
}

/** Hashed assets never change under the same name. */
async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  // The same file under any Vary (Origin, Accept-Encoding): module scripts carry an Origin header.
  const cached = await cache.match(request, { ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  // The API (session, live data, downloads) always goes to the network.
  if (
    url.origin !== self.location.origin ||
    url.pathname === '/api' ||
    url.pathname.startsWith('/api/')
  )
    return;
  if (url.pathname === '/' || url.pathname === SHELL) {
    event.respondWith(networkFirst(request));
  } else if (request.mode === 'navigate') {
    // Other pages of the server (API docs) are not the app: never cache them as the shell.
    event.respondWith(
      fetch(request).catch(() =>
        caches.match(SHELL, { ignoreVary: true }).then((cached) => cached ?? Response.error()),
      ),
    );
  } else if (url.pathname.startsWith('/assets/') || PRECACHE.includes(url.pathname)) {
    event.respondWith(cacheFirst(request));
  }
});
