/**
 * Runs `run` once the page has shown its first content and the next frame has painted: for work
 * the first screen does not need (the live events' stream, the manifest, the service worker),
 * which would otherwise share its frame. A task queued from an animation frame runs once that
 * frame's work is done, yet before the frame reaches the screen, the time LCP counts (some 20 ms
 * later in Lighthouse's traces); the browser reports the first contentful paint only once it
 * is on the screen, so the first time, this waits for that report. Answers a cancel.
 */
export function afterNextPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = () => {
    timer = setTimeout(run, 0);
  };
  // A hidden tab paints no frames: there, the next task will do.
  if (typeof requestAnimationFrame === 'undefined' || document.visibilityState === 'hidden') {
    later();
    return () => clearTimeout(timer);
  }
  if (!firstPaintPending()) {
    const frame = requestAnimationFrame(later);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    later();
  });
  observer.observe({ type: 'paint' });
  return () => {
    observer.disconnect();
    clearTimeout(timer);
  };
}

/** The first contentful paint is still to come, and the browser will report it. */
const firstPaintPending = () =>
  typeof PerformanceObserver !== 'undefined' &&
  (PerformanceObserver.supportedEntryTypes ?? []).includes('paint') &&
  performance.getEntriesByName('first-contentful-paint').length === 0;
