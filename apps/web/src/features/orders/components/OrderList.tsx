import type { OrderSummary } from '@sm/contract';
import { WindowedList } from '../../../lib/ui/WindowedList';
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
  return (
    <WindowedList
      items={orders}
      estimateSize={ESTIMATED_CARD}
      gap={GAP}
      overscan={OVERSCAN}
      total={total ?? -1}
      hasMore={hasMore}
      loadingMore={loadingMore}
      loadFailed={loadFailed}
      onLoadMore={onLoadMore}
      textsOf="orders"
      classNames={{ list: styles.list, row: styles.row, end: styles.listEnd }}
      renderItem={(order) => <OrderCard order={order} onOpen={onOpen} />}
    />
  );
}
