import { notificationsApi } from '@sm/contract/routes';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { authOf } from '../auth/auth.guard.js';
import type { NotificationService } from './notifications.service.js';
import type { PushService } from './push.service.js';

export async function notificationRoutes(
  app: FastifyInstance,
  { notifications, push }: { notifications: NotificationService; push: PushService },
) {
  app.addHook('onRequest', app.requireMerchant);

  route(app, notificationsApi.list, async (req) =>
    notifications.list(authOf(req).accountId, req.query),
  );

  route(app, notificationsApi.unreadCount, async (req) =>
    notifications.unread(authOf(req).accountId),
  );

  route(app, notificationsApi.markRead, async (req) =>
    notifications.markRead(authOf(req).accountId, req.body),
  );

  route(app, notificationsApi.settings, async (req) =>
    notifications.settings(authOf(req).accountId, req.query.endpoint),
  );

  route(app, notificationsApi.updateSettings, async (req) =>
    notifications.saveSettings(authOf(req).accountId, req.body, req.query.endpoint),
  );

  route(app, notificationsApi.pushPublicKey, async () => ({
    publicKey: await push.publicKey(),
  }));

  route(app, notificationsApi.subscribePush, async (req) =>
    push.subscribe(authOf(req).accountId, req.body),
  );

  route(app, notificationsApi.unsubscribePush, async (req) =>
    push.unsubscribe(authOf(req).accountId, req.body.endpoint),
  );
}
