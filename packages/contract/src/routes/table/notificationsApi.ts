// Generated from the route declarations by `npm run routes:table`: do not edit.
import type * as declared from '../index.js';
import { ref } from '../ref.js';

export const notificationsApi = {
  getNotifications: ref<typeof declared.notificationsApi.getNotifications>(
    'GET',
    '/api/notifications',
  ),
  getNotificationsUnread: ref<typeof declared.notificationsApi.getNotificationsUnread>(
    'GET',
    '/api/notifications/unread',
  ),
  postNotificationsRead: ref<typeof declared.notificationsApi.postNotificationsRead>(
    'POST',
    '/api/notifications/read',
  ),
  getNotificationsSettings: ref<typeof declared.notificationsApi.getNotificationsSettings>(
    'GET',
    '/api/notifications/settings',
  ),
  putNotificationsSettings: ref<typeof declared.notificationsApi.putNotificationsSettings>(
    'PUT',
    '/api/notifications/settings',
  ),
  getPushPublicKey: ref<typeof declared.notificationsApi.getPushPublicKey>(
    'GET',
    '/api/push/public-key',
  ),
  postPushSubscriptions: ref<typeof declared.notificationsApi.postPushSubscriptions>(
    'POST',
    '/api/push/subscriptions',
  ),
  deletePushSubscriptions: ref<typeof declared.notificationsApi.deletePushSubscriptions>(
    'DELETE',
    '/api/push/subscriptions',
  ),
};
