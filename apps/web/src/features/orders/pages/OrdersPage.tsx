import { ORDER_TABS, type OrderTab } from '@sm/contract';
import { Tabs } from '../../../lib/ui/Tabs';
import { PullToRefresh } from '../../../lib/ui/PullToRefresh';
import BillOutline from 'antd-mobile-icons/es/BillOutline';
import SearchOutline from 'antd-mobile-icons/es/SearchOutline';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useSearchParams } from '../../../lib/router';
import { errorText } from '../../../lib/errors';
import { keepFirstPage } from '../../../lib/infiniteLists';
import { orderCountsQueryOptions, orderKeys, orderListQueryOptions } from '../api';
import { DateFilter } from '../components/DateFilter';
import { ExportButton } from '../components/ExportButton';
import { OrderListSkeleton } from '../components/OrderCard';
import { OrderList } from '../components/OrderList';
import styles from '../components/orders.module.css';
import { PageMessage } from '../../../lib/ui/PageMessage';
import { SearchField } from '../../../lib/ui/SearchField';
import { useScrollRestore } from '../../../lib/ui/useScrollRestore';
import { filterParams, type OrderListFilter, readFilter } from '../filter';

/**
 * Orders (spec §2): status tabs with counts, date chips, search, export, and every order the
 * filter selects in one windowed list. The filter lives in the URL.
 */
export default function OrdersPage({ query }: { query: Record<string, string> }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [, setParams] = useSearchParams();
  const filter = useMemo(() => readFilter(query), [query]);
  const filterKey = filterParams(filter).toString();

  const update = (patch: Partial<OrderListFilter>) => {
    setParams(filterParams({ ...filter, ...patch }), { replace: true });
    window.scrollTo(0, 0);
  };

  const list = useInfiniteQuery(orderListQueryOptions(filter));
  const counts = useQuery(orderCountsQueryOptions(filter));
  const orders = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = list;
  const loadMore = useCallback(() => {
    void fetchNextPage();
  }, [fetchNextPage]);

  // Back from an order returns to the same card.
  const rememberScroll = useScrollRestore(`orders?${filterKey}`, list.data !== undefined);

  const refresh = async () => {
    keepFirstPage(queryClient, orderKeys.list(filter));
    await Promise.all([
      queryClient.refetchQueries({ queryKey: orderKeys.list(filter) }),
      queryClient.refetchQueries({ queryKey: orderKeys.count(filter) }),
    ]);
  };

  let body;
  if (list.isPending) {
    body = <OrderListSkeleton />;
  } else if (list.isError && orders.length === 0) {
    body = (
      <PageMessage
        title={t('orders.loadFailed')}
        description={errorText(list.error) ?? undefined}
        action={t('common.retry')}
        onAction={() => void list.refetch()}
      />
    );
  } else if (orders.length === 0) {
    body = filter.q ? (
      <PageMessage icon={<SearchOutline />} title={t('orders.noMatch', { q: filter.q })} />
    ) : filter.tab === 'all' && filter.period === 'all' ? (
      <PageMessage
        icon={<BillOutline />}
        title={t('orders.emptyAll')}
        description={t('orders.emptyAllHint')}
      />
    ) : (
      <PageMessage icon={<BillOutline />} title={t('orders.empty')} />
    );
  } else {
    body = (
      <OrderList
        orders={orders}
        total={counts.data?.[filter.tab]}
        hasMore={hasNextPage}
        loadingMore={isFetchingNextPage}
        loadFailed={isFetchNextPageError}
        onLoadMore={loadMore}
        onOpen={rememberScroll}
      />
    );
  }

  return (
    <PullToRefresh onRefresh={refresh}>
      <div className={styles.page}>
        <Tabs
          className={styles.tabs}
          activeKey={filter.tab}
          stretch={false}
          onChange={(key) => {
            if ((ORDER_TABS as readonly string[]).includes(key)) update({ tab: key as OrderTab });
          }}
          items={ORDER_TABS.map((tab) => ({
            key: tab,
            title: (
              <span className={styles.tabTitle}>
                {t(`orders.tabs.${tab}`)}{' '}
                {counts.data ? <span className={styles.tabCount}>{counts.data[tab]}</span> : null}
              </span>
            ),
          }))}
        />
        <div className={styles.toolbar}>
          <SearchField
            className={styles.search}
            placeholder={t('orders.search')}
            value={filter.q}
            onSearch={(q) => update({ q })}
          />
          <ExportButton filter={filter} />
        </div>
        <DateFilter filter={filter} onChange={update} />
        {body}
      </div>
    </PullToRefresh>
  );
}
