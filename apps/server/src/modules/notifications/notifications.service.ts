import {
  type markNotificationsRead,
  NOTIFICATION_TYPES,
  type NotificationItem,
  type NotificationListResponse,
  type notificationListQuery,
  type NotificationSettings,
  type notificationSettingsInput,
  type NotificationType,
  notificationTarget,
  type UnreadNotifications,
} from '@sm/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { PushService } from './push.service.js';
import * as repo from './notifications.repo.js';

export const notificationOf = (row: repo.NotificationRow): NotificationItem => ({
  id: String(row.id),
  type: row.type,
  lotId: row.lotId,
  orderId: row.orderId,
  data: row.data,
  target: notificationTarget(row),
  read: row.readAt !== null,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The merchant's notification list, its unread count and its switches. The rows themselves are
 * written with the events (events.repo.ts); muting works at both ends: nothing of a muted type is
 * written, and what was written before the mute is hidden (list, count, push) until it is
 * switched on again, when that earlier history shows again as it was.
 */
export function createNotificationService({
  db,
  clock,
  push,
}: {
  db: Db;
  clock: Clock;
  push: PushService;
}) {
  async function list(
    merchantId: string,
    query: z.output<typeof notificationListQuery>,
  ): Promise<NotificationListResponse> {
    const rows = await repo.notificationPage(
      db,
      merchantId,
      query.cursor === undefined ? undefined : Number(query.cursor),
      query.limit + 1,
    );
    const items = rows.slice(0, query.limit);
    const last = items.at(-1);
    return {
      items: items.map(notificationOf),
      nextCursor: rows.length > query.limit && last ? String(last.id) : null,
    };
  }

  const unread = async (merchantId: string): Promise<UnreadNotifications> => ({
    count: await repo.unreadCount(db, merchantId),
  });

  async function markRead(
    merchantId: string,
    input: z.output<typeof markNotificationsRead>,
  ): Promise<UnreadNotifications> {
    await repo.markRead(
      db,
      merchantId,
      {
        upTo: input.upTo === undefined ? undefined : Number(input.upTo),
        ids: input.ids?.map(Number),
      },
      clock.now(),
    );
    return unread(merchantId);
  }

  async function settings(merchantId: string, endpoint?: string): Promise<NotificationSettings> {
    const [muted, publicKey, subscribed] = await Promise.all([
      repo.mutedTypes(db, merchantId),
      push.publicKey(),
      endpoint ? push.isSubscribed(merchantId, endpoint) : false,
    ]);
    const types = Object.fromEntries(
      NOTIFICATION_TYPES.map((type) => [type, !muted.includes(type)]),
    ) as Record<NotificationType, boolean>;
    return { types, push: { publicKey, subscribed } };
  }

  async function saveSettings(
    merchantId: string,
    input: z.output<typeof notificationSettingsInput>,
    endpoint?: string,
  ): Promise<NotificationSettings> {
    const entries = Object.entries(input.types) as [NotificationType, boolean][];
    await repo.setMutes(
      db,
      merchantId,
      entries.filter(([, on]) => !on).map(([type]) => type),
      entries.filter(([, on]) => on).map(([type]) => type),
    );
    return settings(merchantId, endpoint);
  }

  /** Housekeeping, hourly: notifications past their retention. */
  const purgeExpired = async () => void (await repo.purgeNotifications(db, clock.now()));

  return { list, unread, markRead, settings, saveSettings, purgeExpired };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
