import { z } from 'zod';
import { NOTIFICATION_TYPES } from './constants.js';

export const notificationType = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof notificationType>;

/** GET /api/notifications/unread: what the badges show. */
export const unreadNotifications = z.object({ count: z.number().int().nonnegative() });
export type UnreadNotifications = z.infer<typeof unreadNotifications>;
