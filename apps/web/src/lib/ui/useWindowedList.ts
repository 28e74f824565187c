import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** The next page is asked for when this few items are left below the last one on screen. */
const PREFETCH = 10;

/** The element's top in the document, ignoring transforms (a pull-to-refresh in progress). */
function documentTop(element: HTMLElement): number {
  let top = 0;
  for (let node: HTMLElement | null = element; node; node = node.offsetParent as HTMLElement | null)
    top += node.offsetTop;
  return top;
}

/**
 * An infinite list windowed over the page's own scroll: only the items near the screen are in the
 * DOM (thousands of orders or ledger entries stay smooth on a cheap phone), and the next page is
 * asked for before the end is reached. Render `rows` as absolutely placed children of `listRef`
 * with `translateY(row.start - scrollMargin)` and `ref={virtualizer.measureElement}`.
 */
export function useWindowedList<T extends { id: string }>({
  items,
  estimateSize,
  overscan,
  gap,
  hasMore,
  loadingMore,
  loadFailed,
  onLoadMore,
}: {
  items: readonly T[];
  /** An item's height before it is measured. */
  estimateSize: number;
  overscan: number;
  gap?: number;
  hasMore: boolean;
  loadingMore: boolean;
  loadFailed: boolean;
  onLoadMore: () => void;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);

  // What is above the list (tabs, filters, cards) may change height on any render or resize.
  const measure = useCallback(() => {
    if (listRef.current) setScrollMargin(documentTop(listRef.current));
  }, []);
  useLayoutEffect(measure);
  useEffect(() => {
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure]);

  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => estimateSize,
    ...(gap === undefined ? {} : { gap }),
    overscan,
    scrollMargin,
    // The window's size from the start: without it the first render draws no row, and the rows
    // come in a second render forced in the same task as the first commit (the longest task of
    // opening orders or the wallet on a phone).
    initialRect: { width: window.innerWidth, height: window.innerHeight },
    getItemKey: (index) => items[index]?.id ?? index,
  });
  const rows = virtualizer.getVirtualItems();
  // The last item on screen, not the last one rendered: with the overscan a first page whose end
  // was below the screen asked for the next one at once, on every open of the wallet.
  const lastOnScreen = virtualizer.range?.endIndex ?? -1;

  useEffect(() => {
    if (hasMore && !loadingMore && !loadFailed && lastOnScreen >= items.length - PREFETCH)
      onLoadMore();
  }, [hasMore, loadingMore, loadFailed, lastOnScreen, items.length, onLoadMore]);

  return { listRef, virtualizer, rows, scrollMargin };
}
