import type { NavigationType } from '../lib/router';

/**
 * How deep the current entry is in this session's history, kept in `history.state` so it survives
 * reloads and the browser's own back/forward. 0 means the session started on this page (a deep
 * link, a new tab): the header's back button then goes to the root instead of leaving the app.
 */
const DEPTH = 'smDepth';
let depth = 0;
let lastKey: string | null = null;

export function trackNavigation(key: string, type: NavigationType): void {
  if (key === lastKey) return;
  lastKey = key;
  const state = (window.history.state ?? {}) as Record<string, unknown>;
  const saved = typeof state[DEPTH] === 'number' ? state[DEPTH] : undefined;
  if (type === 'PUSH') depth += 1;
  else if (type === 'POP') depth = saved ?? 0;
  // REPLACE keeps the depth of the entry it replaced.
  if (saved !== depth) window.history.replaceState({ ...state, [DEPTH]: depth }, '');
}

export const canGoBack = (): boolean => depth > 0;
