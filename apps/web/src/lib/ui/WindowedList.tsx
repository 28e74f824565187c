import type { ReactNode } from 'react';
import { useTranslation } from '../i18n';
import { ListEnd } from './ListEnd';
import { useWindowedList } from './useWindowedList';

/**
 * An infinite list windowed over the page's scroll (useWindowedList) with what follows it
 * (ListEnd): the orders, the wallet's statement and the notifications draw their rows in it.
 */
export function WindowedList<T extends { id: string }>({
  items,
  estimateSize,
  overscan,
  gap,
  total,
  hasMore,
  loadingMore,
  loadFailed,
  onLoadMore,
  textsOf,
  classNames,
  renderItem,
}: {
  items: readonly T[];
  /** An item's height before it is measured. */
  estimateSize: number;
  overscan: number;
  gap?: number;
  /** The whole list's length when known, for screen readers' "n of total". */
  total?: number | undefined;
  hasMore: boolean;
  loadingMore: boolean;
  loadFailed: boolean;
  onLoadMore: () => void;
  /** The translation section holding listLabel, loadMoreFailed, loadingMore and noMore. */
  textsOf: 'orders' | 'wallet' | 'notifications';
  classNames: { list: string | undefined; row: string | undefined; end: string | undefined };
  renderItem: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const label = t(`${textsOf}.listLabel`);
  const texts = {
    loadMoreFailed: t(`${textsOf}.loadMoreFailed`),
    loadingMore: t(`${textsOf}.loadingMore`),
    noMore: t(`${textsOf}.noMore`),
  };
  const { listRef, virtualizer, rows, scrollMargin } = useWindowedList({
    items,
    estimateSize,
    overscan,
    ...(gap === undefined ? {} : { gap }),
    hasMore,
    loadingMore,
    loadFailed,
    onLoadMore,
  });
  return (
    <>
      <ul
        ref={listRef}
        className={classNames.list}
        aria-label={label}
        style={{ height: virtualizer.getTotalSize() }}
      >
        {rows.map((row) => {
          const item = items[row.index];
          if (!item) return null;
          return (
            <li
              key={row.key}
              ref={virtualizer.measureElement}
              data-index={row.index}
              {...(total === undefined
                ? {}
                : { 'aria-posinset': row.index + 1, 'aria-setsize': total })}
              className={classNames.row}
              style={{ transform: `translateY(${row.start - scrollMargin}px)` }}
            >
              {renderItem(item)}
            </li>
          );
        })}
      </ul>
      <ListEnd
        className={classNames.end}
        hasMore={hasMore}
        loadingMore={loadingMore}
        loadFailed={loadFailed}
        onLoadMore={onLoadMore}
        texts={texts}
      />
    </>
  );
}
