import { useCallback, useLayoutEffect, useRef } from 'react';
import { useNavigationType } from '../router';

/** Where each list was scrolled when one of its items was opened. */
const scrollOf = new Map<string, number>();

/**
 * Back from an item (an order, a statement entry): the list where it was. Call the returned
 * `remember` as an item opens; once `ready` (the list's data first on screen), a Back to the list
 * scrolls there again. `key` names the list and its filter, unique across the app.
 */
export function useScrollRestore(key: string, ready: boolean): () => void {
  const navigationType = useNavigationType();
  const restored = useRef(false);
  useLayoutEffect(() => {
    if (restored.current || !ready) return;
    restored.current = true;
    const saved = scrollOf.get(key);
    scrollOf.delete(key);
    if (navigationType === 'POP' && saved !== undefined) window.scrollTo(0, saved);
  }, [ready, key, navigationType]);
  // The same function from render to render: the list's rows, memoized, take it as a prop.
  return useCallback(() => scrollOf.set(key, window.scrollY), [key]);
}
