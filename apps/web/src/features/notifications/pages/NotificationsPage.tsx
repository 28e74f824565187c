import type { NotificationItem } from '@sm/contract';
import Button from 'antd-mobile/es/components/button';
import { PullToRefresh } from '../../../lib/ui/PullToRefresh';
import BellOutline from 'antd-mobile-icons/es/BellOutline';
import SetOutline from 'antd-mobile-icons/es/SetOutline';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { errorText, showError } from '../../../lib/errors';
import { keepFirstPage } from '../../../lib/infiniteLists';
import { toast } from '../../../lib/toast';
import { PageMessage } from '../../../lib/ui/PageMessage';
import { useScrollRestore } from '../../../lib/ui/useScrollRestore';
import { useUnreadNotifications } from '../../../lib/unreadNotifications';
import { BottomSheet } from '../../../lib/ui/BottomSheet';
import { markRead, notificationKeys, notificationListQueryOptions } from '../api';
import { NotificationList, NotificationSkeleton } from '../components/NotificationList';
import { NotificationSettingsSheet } from '../components/NotificationSettingsSheet';
import styles from '../components/notifications.module.css';

/**
 * Notifications (#/pages/profile/notifications): newest first, unread ones marked; a tap opens
 * what it is about and marks it read. The settings sheet is `?settings=1`, so Back closes it.
 */
export default function NotificationsPage({ query }: { query: Record<string, string> }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  const unread = useUnreadNotifications();
  const list = useInfiniteQuery(notificationListQueryOptions());
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = list;
  const loadMore = useCallback(() => {
    void fetchNextPage();
  }, [fetchNextPage]);

  const rememberScroll = useScrollRestore('notifications', list.data !== undefined);

  // Opened here, the sheet is a history entry that Back closes; opened from a link, closing it
  // stays on the list.
  const settingsOpen = query.settings === '1';
  const pushed = useRef(false);
  const openSettings = () => {
    pushed.current = true;
    setParams({ settings: '1' });
  };
  const closeSettings = () => {
    if (pushed.current) {
      pushed.current = false;
      void navigate(-1);
    } else setParams({}, { replace: true });
  };

  const open = (item: NotificationItem) => {
    if (!item.read) markRead(queryClient, { ids: [item.id] }).catch(() => {});
    rememberScroll();
    void navigate(item.target);
  };

  const newestId = items[0]?.id;
  const markAll = () => {
    if (!newestId) return;
    // Up to the newest one shown: one that arrives meanwhile stays unread.
    markRead(queryClient, { upTo: newestId }).then(
      () => toast(t('notifications.markedAllRead'), 'success'),
      showError,
    );
  };

  const refresh = async () => {
    keepFirstPage(queryClient, notificationKeys.list);
    await Promise.all([
      queryClient.refetchQueries({ queryKey: notificationKeys.list }),
      queryClient.refetchQueries({ queryKey: notificationKeys.unread }),
    ]);
  };

  let content;
  if (list.isPending) {
    content = <NotificationSkeleton />;
  } else if (list.isError && items.length === 0) {
    content = (
      <PageMessage
        title={t('notifications.loadFailed')}
        description={errorText(list.error) ?? undefined}
        action={t('common.retry')}
        onAction={() => void list.refetch()}
      />
    );
  } else if (items.length === 0) {
    content = (
      <PageMessage
        icon={<BellOutline />}
        title={t('notifications.empty')}
        description={t('notifications.emptyHint')}
      />
    );
  } else {
    content = (
      <NotificationList
        items={items}
        hasMore={hasNextPage}
        loadingMore={isFetchingNextPage}
        loadFailed={isFetchNextPageError}
        onLoadMore={loadMore}
        onOpen={open}
      />
    );
  }

  return (
    <PullToRefresh onRefresh={refresh}>
      <div className={styles.screen}>
        <div className={styles.toolbar}>
          <span className={styles.summary} aria-live="polite">
            {unread > 0
              ? t('notifications.summaryUnread', { count: unread })
              : t('notifications.summaryAllRead')}
          </span>
          <span className={styles.toolbarActions}>
            <Button
              size="small"
              fill="none"
              color="primary"
              disabled={unread === 0 || !newestId}
              onClick={markAll}
            >
              {t('notifications.markAllRead')}
            </Button>
            <button
              type="button"
              className={styles.iconButton}
              aria-label={t('notifications.openSettings')}
              aria-haspopup="dialog"
              onClick={openSettings}
            >
              <SetOutline />
            </button>
          </span>
        </div>
        {content}
      </div>
      <BottomSheet visible={settingsOpen} onClose={closeSettings}>
        <NotificationSettingsSheet onClose={closeSettings} />
      </BottomSheet>
    </PullToRefresh>
  );
}
