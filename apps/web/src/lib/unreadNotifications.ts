import { notificationsApi } from '@sm/contract/route-table';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

/**
 * The unread notification count (GET /api/notifications/unread), shared by the notifications
 * feature and the places that show its badge (Profile, Menu). Live events invalidate this key.
 */
export const unreadNotificationsKey = ['notifications', 'unread'] as const;

export function useUnreadNotifications(): number {
  const { data } = useQuery({
    queryKey: unreadNotificationsKey,
    queryFn: ({ signal }) => api(notificationsApi.unreadCount, { signal }),
    staleTime: 30_000,
  });
  return data?.count ?? 0;
}
