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
} from '../index.js';
import { routeGroup } from './define.js';

const route = routeGroup('Merchant notifications', 'merchantSession');

export const notificationsApi = {
  list: route({
    method: 'GET',
    path: '/api/notifications',
    summary: 'The merchant’s notifications, newest first (cursor pages)',
    description:
      'Types switched off are left out. Each item has the app route it opens (`target`).',
    query: notificationListQuery,
    response: notificationListResponse,
  }),
  unreadCount: route({
    method: 'GET',
    path: '/api/notifications/unread',
    summary: 'How many notifications are unread (up to 999)',
    response: unreadNotifications,
  }),
  markRead: route({
    method: 'POST',
    path: '/api/notifications/read',
    summary: 'Mark notifications read',
    description:
      '`ids` (those opened), `upTo` (all up to that id) or neither (all). Only the merchant’s own; answers the unread count after.',
    body: markNotificationsRead,
    response: unreadNotifications,
  }),
  settings: route({
    method: 'GET',
    path: '/api/notifications/settings',
    summary: 'Which notification types are on, and Web Push for this browser',
    description:
      '`endpoint`: this browser’s push subscription endpoint, if it has one; `push.subscribed` says whether the server sends to it.',
    query: notificationSettingsQuery,
    response: notificationSettings,
  }),
  updateSettings: route({
    method: 'PUT',
    path: '/api/notifications/settings',
    summary: 'Switch notification types on or off',
    description:
      'A type switched off is neither written, listed, counted nor pushed; switched on again, what was listed before shows again.',
    query: notificationSettingsQuery,
    body: notificationSettingsInput,
    response: notificationSettings,
  }),
  pushPublicKey: route({
    method: 'GET',
    path: '/api/push/public-key',
    summary: 'The VAPID public key browsers subscribe with',
    response: pushPublicKey,
  }),
  subscribePush: route({
    method: 'POST',
    path: '/api/push/subscriptions',
    summary: 'Send this browser’s Web Push subscription',
    description:
      'The PushSubscription as its toJSON() gives it. Only https endpoints of known push services: PUSH_ENDPOINT_NOT_ALLOWED otherwise.',
    body: pushSubscriptionInput,
    response: notificationSettings.shape.push,
  }),
  unsubscribePush: route({
    method: 'DELETE',
    path: '/api/push/subscriptions',
    summary: 'Stop Web Push to this browser',
    body: pushUnsubscribeInput,
    response: notificationSettings.shape.push,
  }),
};
