import {
  markNotificationsRead,
  notificationListQuery,
  notificationListResponse,
  notificationSettings,
  notificationSettingsInput,
  notificationSettingsQuery,
  pushPublicKey,
  pushSubscriptionInput,
  pushUnsubscribeInput,
  unreadNotifications,
} from '@sm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeDoc } from '../../lib/route-doc.js';
import { authOf } from '../auth/auth.guard.js';
import type { NotificationService } from './notifications.service.js';
import type { PushService } from './push.service.js';

const doc = routeDoc('Merchant notifications', 'merchantSession');

export async function notificationRoutes(
  app: FastifyInstance,
  { notifications, push }: { notifications: NotificationService; push: PushService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireMerchant);

  r.get('/notifications', {
    schema: {
      ...doc(
        'The merchant’s notifications, newest first (cursor pages)',
        'Types switched off are left out. Each item has the app route it opens (`target`).',
      ),
      querystring: notificationListQuery,
      response: { 200: notificationListResponse },
    },
    handler: async (req) => notifications.list(authOf(req).accountId, req.query),
  });

  r.get('/notifications/unread', {
    schema: {
      ...doc('How many notifications are unread (up to 999)'),
      response: { 200: unreadNotifications },
    },
    handler: async (req) => notifications.unread(authOf(req).accountId),
  });

  r.post('/notifications/read', {
    schema: {
      ...doc(
        'Mark notifications read',
        '`ids` (those opened), `upTo` (all up to that id) or neither (all). Only the merchant’s own; answers the unread count after.',
      ),
      body: markNotificationsRead,
      response: { 200: unreadNotifications },
    },
    handler: async (req) => notifications.markRead(authOf(req).accountId, req.body),
  });

  r.get('/notifications/settings', {
    schema: {
      ...doc(
        'Which notification types are on, and Web Push for this browser',
        '`endpoint`: this browser’s push subscription endpoint, if it has one; `push.subscribed` says whether the server sends to it.',
      ),
      querystring: notificationSettingsQuery,
      response: { 200: notificationSettings },
    },
    handler: async (req) => notifications.settings(authOf(req).accountId, req.query.endpoint),
  });

  r.put('/notifications/settings', {
    schema: {
      ...doc(
        'Switch notification types on or off',
        'A type switched off is neither written, listed, counted nor pushed; switched on again, what was listed before shows again.',
      ),
      querystring: notificationSettingsQuery,
      body: notificationSettingsInput,
      response: { 200: notificationSettings },
    },
    handler: async (req) =>
      notifications.saveSettings(authOf(req).accountId, req.body, req.query.endpoint),
  });

  r.get('/push/public-key', {
    schema: {
      ...doc('The VAPID public key browsers subscribe with'),
      response: { 200: pushPublicKey },
    },
    handler: async () => ({ publicKey: await push.publicKey() }),
  });

  r.post('/push/subscriptions', {
    schema: {
      ...doc(
        'Send this browser’s Web Push subscription',
        'The PushSubscription as its toJSON() gives it. Only https endpoints of known push services: PUSH_ENDPOINT_NOT_ALLOWED otherwise.',
      ),
      body: pushSubscriptionInput,
      response: { 200: notificationSettings.shape.push },
    },
    handler: async (req) => push.subscribe(authOf(req).accountId, req.body),
  });

  r.delete('/push/subscriptions', {
    schema: {
      ...doc('Stop Web Push to this browser'),
      body: pushUnsubscribeInput,
      response: { 200: notificationSettings.shape.push },
    },
    handler: async (req) => push.unsubscribe(authOf(req).accountId, req.body.endpoint),
  });
}
