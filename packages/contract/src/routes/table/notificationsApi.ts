// Generated from the route declarations by `npm run routes:table`: do not edit.
import type * as declared from '../index.js';
import { ref } from '../ref.js';

export const notificationsApi = {
  list: ref<typeof declared.notificationsApi.list>('GET', '/api/notifications'),
  unreadCount: ref<typeof declared.notificationsApi.unreadCount>(
    'GET',
    '/api/notifications/unread',
  ),
  markRead: ref<typeof declared.notificationsApi.markRead>('POST', '/api/notifications/read'),
  settings: ref<typeof declared.notificationsApi.settings>('GET', '/api/notifications/settings'),
  updateSettings: ref<typeof declared.notificationsApi.updateSettings>(
    'PUT',
    '/api/notifications/settings',
  ),
  pushPublicKey: ref<typeof declared.notificationsApi.pushPublicKey>('GET', '/api/push/public-key'),
  subscribePush: ref<typeof declared.notificationsApi.subscribePush>(
    'POST',
    '/api/push/subscriptions',
  ),
  unsubscribePush: ref<typeof declared.notificationsApi.unsubscribePush>(
    'DELETE',
    '/api/push/subscriptions',
  ),
};
