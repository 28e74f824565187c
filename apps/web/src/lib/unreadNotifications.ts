import type { UnreadNotifications } from '@sm/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from './request';

/**
 * The unread notification count (GET /api/notifications/unread), shared by the notifications
 * feature and the places that show its badge (Profile, Menu). Live events invalidate this key.
 */
export const unreadNotificationsKey = ['notifications', 'unread'] as const;

export function useUnreadNotifications(): number {
  const { data } = useQuery({
    queryKey: unreadNotificationsKey,
    queryFn: ({ signal }) => request<UnreadNotifications>('/api/notifications/unread', { signal }),
    staleTime: 30_000,
  });
  return data?.count ?? 0;
}
