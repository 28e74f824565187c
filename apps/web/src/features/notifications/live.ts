import type { MerchantEvent, MerchantEventType } from '@sm/contract';
import type { QueryClient } from '@tanstack/react-query';
import { onLocaleChange } from '../../lib/i18n';
import { refreshLiveLists } from '../../lib/infiniteLists';
import { notificationKeys } from './api';
import { storePushTexts } from './push';

/** The events that write a notification (events.repo.ts on the server). */
const NOTIFYING: readonly MerchantEventType[] = [
  'bid',
  'buyout',
  'lot_ended',
  'order_paid',
  'order_defaulted',
  'payout_completed',
  'withdrawal_reviewed',
  'bank_account_reviewed',
  'business_reviewed',
  'sign_in_locked',
  'print_failed',
];

/** A batch with news: the badge's count and the list (if on screen) refresh. */
export function applyNotificationEvents(queryClient: QueryClient, batch: MerchantEvent[]) {
  if (!batch.some((event) => NOTIFYING.includes(event.type))) return;
  void queryClient.invalidateQueries({ queryKey: notificationKeys.unread });
  refreshLiveLists(queryClient, notificationKeys.list);
}

/** After a gap in the stream: everything the stream would have kept fresh. */
export function refreshNotifications(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: notificationKeys.unread });
  void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
}

/**
 * Keeps the service worker's push texts in the app's language: the worker cannot read the
 * language the app keeps, so the app hands it the texts (push.ts) now and on every change.
 */
export function keepPushTexts(): () => void {
  const store = () => void storePushTexts();
  store();
  return onLocaleChange(store);
}
