import type {
  NotificationListResponse,
  NotificationSettingsInput,
  PushSubscriptionInput,
  UnreadNotifications,
} from '@sm/contract';
import { notificationsApi } from '@sm/contract/route-table';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
} from '@tanstack/react-query';
import { refreshLiveLists } from '../../lib/infiniteLists';
import { api } from '../../lib/api';
import { unreadNotificationsKey } from '../../lib/unreadNotifications';

/** Query keys of the feature, in one place: live events and mutations invalidate by them. */
export const notificationKeys = {
  all: ['notifications'] as const,
  unread: unreadNotificationsKey,
  list: ['notifications', 'list'] as const,
  settings: (endpoint: string | null) => ['notifications', 'settings', endpoint ?? ''] as const,
};

const PAGE_SIZE = 20;

export const notificationListQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam, signal }) =>
      api(notificationsApi.list, {
        query: { cursor: pageParam || undefined, limit: PAGE_SIZE },
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The switches, and whether the server pushes to this browser's `endpoint` (if it has one). */
export const notificationSettingsQueryOptions = (endpoint: string | null) =>
  queryOptions({
    queryKey: notificationKeys.settings(endpoint),
    queryFn: ({ signal }) =>
      api(notificationsApi.settings, {
        query: { endpoint: endpoint ?? undefined },
        signal,
      }),
  });

type ListData = InfiniteData<NotificationListResponse>;

/**
 * Marks notifications read (`ids`, or every one up to `upTo`) on screen at once, then on the
 * server; the server's unread count replaces the guess and the list on screen is fetched again.
 */
export async function markRead(
  queryClient: QueryClient,
  which: { ids: string[] } | { upTo: string },
): Promise<void> {
  // A fetch of the list already under way would bring back the old state over this one.
  await queryClient.cancelQueries({ queryKey: notificationKeys.list });
  const isRead = (id: string) =>
    'ids' in which ? which.ids.includes(id) : BigInt(id) <= BigInt(which.upTo);
  let newlyRead = 0;
  queryClient.setQueryData<ListData>(notificationKeys.list, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) => {
              if (item.read || !isRead(item.id)) return item;
              newlyRead++;
              return { ...item, read: true };
            }),
          })),
        }
      : data,
  );
  queryClient.setQueryData<UnreadNotifications>(notificationKeys.unread, (data) =>
    data ? { count: Math.max(0, data.count - newlyRead) } : data,
  );
  try {
    const unread = await api(notificationsApi.markRead, { body: which });
    queryClient.setQueryData(notificationKeys.unread, unread);
    // One that started after the guess may have read the server before the change: settle it.
    refreshLiveLists(queryClient, notificationKeys.list);
  } catch (error) {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
    void queryClient.invalidateQueries({ queryKey: notificationKeys.unread });
    throw error;
  }
}

export const saveSettings = (input: NotificationSettingsInput, endpoint: string | null) =>
  api(notificationsApi.updateSettings, {
    body: input,
    query: { endpoint: endpoint ?? undefined },
  });

export const sendSubscription = (subscription: PushSubscriptionInput) =>
  api(notificationsApi.subscribePush, { body: subscription });

export const deleteSubscription = (endpoint: string) =>
  api(notificationsApi.unsubscribePush, { body: { endpoint } });
