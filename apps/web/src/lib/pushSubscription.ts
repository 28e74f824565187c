import { notificationsApi } from '@sm/contract/route-table';
import { api } from './api';

/** The Web Push pieces that signing out needs as well as the notifications feature. */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

const READY_TIMEOUT_MS = 10_000;

/** The service worker's registration: none in development, where the worker is not built. */
export async function swRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  const registered = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  if (!registered) return null;
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), READY_TIMEOUT_MS)),
  ]);
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const found = await swRegistration();
  return found ? found.pushManager.getSubscription().catch(() => null) : null;
}

/**
 * Before signing out: this browser stops receiving the merchant's pushes (on a shared phone the
 * next person must not see them). Best effort: signing out goes on whatever happens here.
 */
export async function dropPushSubscription(): Promise<void> {
  try {
    const subscription = await currentSubscription();
    if (!subscription) return;
    await api(notificationsApi.unsubscribePush, {
      body: { endpoint: subscription.endpoint },
    }).catch(() => undefined);
    await subscription.unsubscribe().catch(() => false);
  } catch {
    // Nothing to drop, or the browser refused: the server drops dead subscriptions on 404/410.
  }
}
