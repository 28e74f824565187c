import type { PushSubscriptionInput } from '@sm/contract';
import { messagesAt, translate } from '../../lib/i18n';
import { currentSubscription, pushSupported, swRegistration } from '../../lib/pushSubscription';

/**
 * Web Push in this browser: whether it can, the subscription through the service worker, and the
 * texts the worker shows. `default`: not asked yet (or the prompt was dismissed).
 */
export type PushAvailability = 'unsupported' | NotificationPermission;

export function pushAvailability(): PushAvailability {
  return pushSupported() ? Notification.permission : 'unsupported';
}

/** This browser can subscribe here: push support and a service worker to receive it. */
export async function canSubscribe(): Promise<boolean> {
  return pushSupported() && (await swRegistration()) !== null;
}

export { currentSubscription };

/** base64url (the VAPID public key as the server gives it) → bytes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameBytes(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

export class PushUnavailableError extends Error {
  override readonly name = 'PushUnavailableError';
}

/**
 * This browser's subscription for the server's key: the one it has, or a new one. One made for
 * another key (the server's keys were replaced) can never be sent to, so it is replaced.
 */
export async function subscribeBrowser(publicKey: string): Promise<PushSubscription> {
  const found = await swRegistration();
  if (!found) throw new PushUnavailableError();
  const key = base64UrlToBytes(publicKey);
  const existing = await found.pushManager.getSubscription();
  if (existing) {
    if (sameBytes(existing.options.applicationServerKey, key)) return existing;
    await existing.unsubscribe();
  }
  return found.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

export function subscriptionInput(subscription: PushSubscription): PushSubscriptionInput {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/** Where the service worker reads the texts (sw/service-worker.js uses the same names). */
export const PUSH_TEXTS_CACHE = 'sm-push-texts';
export const PUSH_TEXTS_URL = '/__push-texts.json';

/**
 * Hands the service worker the notification texts of the app's language (templates with
 * `{{…}}`; the push message brings the values). A worker cannot read the app's storage, and
 * the server does not know which language each browser shows, so the app keeps them in the
 * Cache Storage both share.
 */
export async function storePushTexts(): Promise<void> {
  if (typeof caches === 'undefined' || pushAvailability() !== 'granted') return;
  const texts = messagesAt('notifications.text');
  const body = JSON.stringify({ appName: translate('app.name'), texts });
  const cache = await caches.open(PUSH_TEXTS_CACHE);
  await cache.put(
    PUSH_TEXTS_URL,
    new Response(body, { headers: { 'content-type': 'application/json' } }),
  );
}
