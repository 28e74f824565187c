import type { OrderSummary } from '@sm/contract';
import Button from 'antd-mobile/es/components/button';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../lib/ui/Spinner';
import { OrderCard } from './OrderCard';
import styles from './orders.module.css';

/** A card's height before it is measured; cards of long names or Malay labels grow past it. */
const ESTIMATED_CARD = 150;
const GAP = 10;
/** Cards rendered beyond the screen, each way: enough for a fling without blank space. */
const OVERSCAN = 6;
/** The next page is asked for when this few cards are left below the last one on screen. */
const PREFETCH = 10;

/** The element's top in the document, ignoring transforms (a pull-to-refresh in progress). */
function documentTop(element: HTMLElement): number {
  let top = 0;
  for (let node: HTMLElement | null = element; node; node = node.offsetParent as HTMLElement | null)
    top += node.offsetTop;
  return top;
}

/**
 * The orders as one long list scrolled by the page, windowed: only the cards on screen (and a few
 * around them) are in the DOM, however many pages have loaded, so 10 000 orders scroll as
 * smoothly as 10. Pages load as the end comes near.
 */
export function OrderList({
  orders,
  total,
  hasMore,
  loadingMore,
  loadFailed,
  onLoadMore,
  onOpen,
}: {
  orders: OrderSummary[];
  /** The tab's count, when known, for screen readers' "n of total". */
  total: number | undefined;
  hasMore: boolean;
  loadingMore: boolean;
  loadFailed: boolean;
  onLoadMore: () => void;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLUListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);

  // What is above the list (tabs, search, dates) may change height on any render or resize.
  const measure = useCallback(() => {
    if (listRef.current) setScrollMargin(documentTop(listRef.current));
  }, []);
  useLayoutEffect(measure);
  useEffect(() => {
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure]);

  const virtualizer = useWindowVirtualizer({
    count: orders.length,
    estimateSize: () => ESTIMATED_CARD,
    gap: GAP,
    overscan: OVERSCAN,
    scrollMargin,
    getItemKey: (index) => orders[index]?.id ?? index,
  });
  const rows = virtualizer.getVirtualItems();
  const lastIndex = rows.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasMore && !loadingMore && !loadFailed && lastIndex >= orders.length - PREFETCH)
      onLoadMore();
  }, [hasMore, loadingMore, loadFailed, lastIndex, orders.length, onLoadMore]);

  return (
    <>
      <ul
        ref={listRef}
        className={styles.list}
        aria-label={t('orders.listLabel')}
        style={{ height: virtualizer.getTotalSize() }}
      >
        {rows.map((row) => {
          const order = orders[row.index];
          if (!order) return null;
          return (
            <li
              key={row.key}
              ref={virtualizer.measureElement}
              data-index={row.index}
              aria-posinset={row.index + 1}
              aria-setsize={total ?? -1}
              className={styles.row}
              style={{ transform: `translateY(${row.start - scrollMargin}px)` }}
            >
              <OrderCard order={order} onOpen={onOpen} />
            </li>
          );
        })}
      </ul>
      <div className={styles.listEnd}>
        {loadFailed ? (
          <p role="alert">
            {t('orders.loadMoreFailed')}{' '}
            <Button size="mini" fill="outline" onClick={onLoadMore}>
              {t('common.retry')}
            </Button>
          </p>
        ) : loadingMore || hasMore ? (
          <p role="status">
            <Spinner size={16} /> {t('orders.loadingMore')}
          </p>
        ) : (
          <p>{t('orders.noMore')}</p>
        )}
      </div>
    </>
  );
}
