/* global self, caches */
// The app's service worker, emitted as /sw.js at build time by build/service-worker-plugin.ts,
// which fills in the precache list and the cache version. Plain JS: it runs in another global
// scope than the app and is never bundled.
const PRECACHE = self.__PRECACHE_MANIFEST__;
const VERSION = self.__CACHE_VERSION__;
/** The API paths it calls, from the route declarations (vite.config.ts). */
const API = self.__API_PATHS__;
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

// Web Push (features/notifications). The message is the server's PushMessage JSON: a text key
// with its values and the app URL to open. The texts come in the app's language from the cache
// the app writes them to (features/notifications/push.ts): a worker cannot read the app's
// storage, and the server does not know which language each browser shows.
const PUSH_TEXTS_CACHE = 'sm-push-texts';
const PUSH_TEXTS_URL = '/__push-texts.json';
const ICON = '/icons/icon-192.png';

async function pushTexts() {
  try {
    const cache = await caches.open(PUSH_TEXTS_CACHE);
    const response = await cache.match(PUSH_TEXTS_URL);
    return response ? await response.json() : null;
  } catch {
    return null;
  }
}

/** `{{name}}` → the message's value, as i18next interpolates them in the app. */
const fill = (template, vars) =>
  String(template ?? '').replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name) => String(vars?.[name] ?? ''));

async function showPush(data) {
  let message = {};
  try {
    message = data ? data.json() : {};
  } catch {
    message = {};
  }
  const stored = await pushTexts();
  const text = stored?.texts?.[message.text?.key];
  const vars = message.text?.vars ?? {};
  const title = text ? fill(text.title, vars) : (stored?.appName ?? 'Seafood Merchant');
  await self.registration.showNotification(title, {
    body: text ? fill(text.body, vars) : '',
    icon: ICON,
    badge: ICON,
    // New bids on one lot replace each other in the tray instead of piling up.
    tag: message.type === 'new_bid' ? `bid:${message.url}` : message.id,
    renotify: message.type === 'new_bid',
    timestamp: message.createdAt ? Date.parse(message.createdAt) : Date.now(),
    data: { id: message.id, url: message.url ?? '/' },
  });
}

self.addEventListener('push', (event) => {
  event.waitUntil(showPush(event.data));
});

/** Focuses an open window of the app at `url`, or opens one. */
async function openApp(url) {
  const target = new URL(url, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    const focused = await open.focus();
    // Only the hash changes: the running app follows it without reloading. A window this worker
    // does not control cannot be navigated from here; a new one opens at the target instead.
    if (open.url === target) return focused;
    return focused.navigate(target).catch(() => self.clients.openWindow(target));
  }
  return self.clients.openWindow(target);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { id, url } = event.notification.data ?? {};
  event.waitUntil(
    Promise.all([
      openApp(url ?? '/'),
      // Opened from the tray is read, as a tap in the list is; a failure only leaves it unread.
      id
        ? fetch(API.markRead, {
            method: 'POST',
            credentials: 'same-origin',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ ids: [String(id)] }),
          }).catch(() => undefined)
        : undefined,
    ]),
  );
});

// The push service replaced the subscription (keys expire on some browsers): subscribe again
// with the same server key and tell the server, so pushes keep coming without opening the app.
self.addEventListener('pushsubscriptionchange', (event) => {
  const options = event.oldSubscription?.options;
  if (!options) return;
  event.waitUntil(
    self.registration.pushManager
      .subscribe(options)
      .then((subscription) =>
        fetch(API.subscribe, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(subscription.toJSON()),
        }),
      )
      .catch(() => undefined),
  );
});
