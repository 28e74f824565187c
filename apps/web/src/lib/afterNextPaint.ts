/**
 * Runs `run` once the browser has painted the next frame: a task queued from an animation frame
 * runs after that frame's paint. For work the first screen does not need (the live events'
 * stream, the manifest, the service worker), which would otherwise share its frame. Answers a
 * cancel.
 */
export function afterNextPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A hidden tab paints no frames: there, the next task will do.
  if (typeof requestAnimationFrame === 'undefined' || document.visibilityState === 'hidden') {
    timer = setTimeout(run, 0);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
