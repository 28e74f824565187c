import type { OrderSummary } from '@sm/contract';
import { useTranslation } from 'react-i18next';
import { ListEnd } from '../../../lib/ui/ListEnd';
import { useWindowedList } from '../../../lib/ui/useWindowedList';
import { OrderCard } from './OrderCard';
import styles from './orders.module.css';

/** A card's height before it is measured; cards of long names or Malay labels grow past it. */
const ESTIMATED_CARD = 150;
const GAP = 10;
/** Cards rendered beyond the screen, each way: enough for a fling without blank space. */
const OVERSCAN = 6;

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
  const { listRef, virtualizer, rows, scrollMargin } = useWindowedList({
    items: orders,
    estimateSize: ESTIMATED_CARD,
    gap: GAP,
    overscan: OVERSCAN,
    hasMore,
    loadingMore,
    loadFailed,
    onLoadMore,
  });

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
      <ListEnd
        className={styles.listEnd}
        hasMore={hasMore}
        loadingMore={loadingMore}
        loadFailed={loadFailed}
        onLoadMore={onLoadMore}
        texts={{
          loadMoreFailed: t('orders.loadMoreFailed'),
          loadingMore: t('orders.loadingMore'),
          noMore: t('orders.noMore'),
        }}
      />
    </>
  );
}
