/**
 * What the app does once its first screen has painted, not before: each would take a request, or
 * the worker's download of every chunk, beside the first screen's own.
 */
export function afterFirstPaint(): void {
  linkManifest();
  registerServiceWorker();
}

/**
 * The web app manifest (installing the app, its icons). Linked in index.html, Chrome fetched it
 * and its icon before the first paint.
 */
function linkManifest() {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = '/manifest.webmanifest';
  document.head.append(link);
}

/** The offline copy of the app (src/sw): its install downloads every chunk of the build. */
function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js').catch(() => {
    // Without a service worker the app still works online.
  });
}
