import { z } from 'zod';
import { NOTIFICATION_TYPES } from './constants.js';
import { formatKg, formatRM } from './money.js';

export const notificationType = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof notificationType>;

/**
 * What a notification's text needs, written with it and kept as it was then (a lot renamed or an
 * account reviewed again later does not change an old notification):
 * - new_bid: lotName, price (sen a kg), quantity (tenths of a kg)
 * - lot_ended: lotName, endReason ('time' | 'buyout'), quantity, awardedQuantity, awardedAmount
 * - order_paid: orderNumber, amount (sen), lotName
 * - order_defaulted: orderNumber, lotName, quantity (tenths of a kg, back on the lot)
 * - payout_completed: amount (sen: sales less fees paid into the wallet), orders (how many)
 * - withdrawal_reviewed: amount, status ('completed' | 'rejected'), reason
 * - bank_account_reviewed, business_reviewed: status ('verified' | 'rejected'), reason
 * - sign_in_locked: address (the client address the limits count, an IPv6 client by its /64)
 * - print_failed: printerName, reason ('not_fetched' | 'not_confirmed' | the printer's status
 *   code), jobs (how many failed at once), orderNumber (of a slip, when it was one job)
 */
export type NotificationData = Record<string, string | number | null>;

/** The unread count is counted up to this: a badge shows 99+ long before. */
export const UNREAD_COUNT_MAX = 999;

/** GET /api/notifications/unread: what the badges show. */
export const unreadNotifications = z.object({ count: z.number().int().nonnegative() });
export type UnreadNotifications = z.infer<typeof unreadNotifications>;

export const notificationItem = z.object({
  id: z.string(),
  type: notificationType,
  lotId: z.string().nullable(),
  orderId: z.string().nullable(),
  data: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  /** The app's route that a tap opens (see notificationTarget). */
  target: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

// Up to 15 digits: a safe integer in JavaScript and far inside PostgreSQL's bigint.
const bigId = z.string().regex(/^\d{1,15}$/, 'BAD_REQUEST');

export const notificationListQuery = z.object({
  /** The id of the last notification of the previous page. */
  cursor: bigId.optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type NotificationListQuery = z.input<typeof notificationListQuery>;

export const notificationListResponse = z.object({
  items: z.array(notificationItem),
  nextCursor: z.string().nullable(),
});
export type NotificationListResponse = z.infer<typeof notificationListResponse>;

/**
 * POST /api/notifications/read: `ids` (the ones opened), or `upTo` (everything up to that id, as
 * the list showed it), or neither (all). Only the merchant's own are touched; another merchant's
 * id is ignored exactly as a missing one.
 */
export const markNotificationsRead = z.object({
  upTo: bigId.optional(),
  ids: z.array(bigId).min(1).max(100).optional(),
});
export type MarkNotificationsRead = z.input<typeof markNotificationsRead>;

/**
 * GET /api/notifications/settings: which types are on, and Web Push for this browser. The browser
 * sends its subscription's endpoint (if it has one), so the answer says whether the server still
 * sends to it.
 */
export const notificationSettingsQuery = z.object({
  endpoint: z.string().max(2048, 'BAD_REQUEST').optional(),
});

export const notificationSettings = z.object({
  types: z.record(notificationType, z.boolean()),
  push: z.object({
    /** The VAPID public key (base64url) the browser subscribes with. */
    publicKey: z.string(),
    /** This browser's endpoint is subscribed for this merchant. */
    subscribed: z.boolean(),
  }),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;

/** PUT /api/notifications/settings: the types to switch on (true) or off (false). */
export const notificationSettingsInput = z.object({
  types: z.partialRecord(notificationType, z.boolean({ error: 'BAD_REQUEST' })),
});
export type NotificationSettingsInput = z.input<typeof notificationSettingsInput>;

const base64url = (bytes: number) =>
  z
    .string({ error: 'BAD_REQUEST' })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'BAD_REQUEST')
    .refine((v) => Math.floor((v.replace(/=+$/, '').length * 3) / 4) === bytes, 'BAD_REQUEST');

/**
 * A browser's PushSubscription as its toJSON() gives it. The endpoint's host is checked by the
 * server (only known push services), so a subscription cannot point the server at another host.
 */
export const pushSubscriptionInput = z.object({
  // Push services hand out ASCII URLs; a 1 KB cap keeps the unique index's key well in bounds.
  endpoint: z
    .url({ error: 'PUSH_ENDPOINT_NOT_ALLOWED' })
    .max(1024, 'PUSH_ENDPOINT_NOT_ALLOWED')
    .regex(/^[\x21-\x7e]+$/, 'PUSH_ENDPOINT_NOT_ALLOWED'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The browser's P-256 public key, uncompressed (65 bytes). */
    p256dh: base64url(65),
    /** The shared authentication secret (16 bytes). */
    auth: base64url(16),
  }),
});
export type PushSubscriptionInput = z.input<typeof pushSubscriptionInput>;

export const pushUnsubscribeInput = z.object({
  endpoint: z.string({ error: 'BAD_REQUEST' }).min(1, 'BAD_REQUEST').max(2048, 'BAD_REQUEST'),
});

export const pushPublicKey = z.object({ publicKey: z.string() });

/**
 * The app's route a notification opens: its lot, its order, or the page of what was reviewed.
 * The same strings as the app's PATHS (apps/web checks that they agree); here because the server
 * sends them in Web Push messages too.
 */
export function notificationTarget(n: {
  type: NotificationType;
  lotId: string | null;
  orderId: string | null;
}): string {
  switch (n.type) {
    // A default's kg are back on its lot: its page offers them to the next bidders or relists them.
    case 'new_bid':
    case 'lot_ended':
    case 'order_defaulted':
      return n.lotId ? `/pages/lot-detail/lot-detail?id=${encodeURIComponent(n.lotId)}` : '/';
    case 'order_paid':
      return n.orderId ? `/pages/orders/order-detail?id=${encodeURIComponent(n.orderId)}` : '/';
    case 'payout_completed':
    case 'withdrawal_reviewed':
      return '/pages/profile/wallet';
    case 'bank_account_reviewed':
      return '/pages/profile/bank-account';
    case 'business_reviewed':
      return '/pages/profile/store';
    // Not the merchant's guesses? A new password ends every session and every guess.
    case 'sign_in_locked':
      return '/pages/forget-password/forget-password';
    // Printer setup shows the printer's state and its jobs: print again from there or the order.
    case 'print_failed':
      return '/pages/profile/printer';
  }
}

/** Which text a notification shows: the type, or the outcome it reports. */
export const NOTIFICATION_TEXT_KEYS = [
  'new_bid',
  'lot_sold',
  'lot_bought_out',
  'lot_unsold',
  'order_paid',
  'order_defaulted',
  'payout_completed',
  'withdrawal_completed',
  'withdrawal_rejected',
  'bank_verified',
  'bank_rejected',
  'business_verified',
  'business_rejected',
  'sign_in_locked',
  'print_not_fetched',
  'print_not_confirmed',
  'print_failed',
] as const;
export type NotificationTextKey = (typeof NOTIFICATION_TEXT_KEYS)[number];

export interface NotificationText {
  key: NotificationTextKey;
  /** Interpolation values, already formatted (RM and kg are written the same in every language). */
  vars: Record<string, string>;
}

const str = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);
const num = (value: string | number | null | undefined) =>
  typeof value === 'number' ? value : Number(value ?? 0) || 0;
const reviewed = (data: NotificationData) => (data.status === 'rejected' ? 'rejected' : 'ok');

/**
 * The text of a notification as a translation key and its values: the app's list and the service
 * worker's Web Push message (which gets it from the server) build the same sentence.
 */
export function notificationText(type: NotificationType, data: NotificationData): NotificationText {
  const reason = { reason: str(data.reason) };
  switch (type) {
    case 'new_bid':
      return {
        key: 'new_bid',
        vars: {
          lotName: str(data.lotName),
          price: formatRM(num(data.price)),
          quantity: formatKg(num(data.quantity)),
        },
      };
    case 'lot_ended': {
      const vars = {
        lotName: str(data.lotName),
        quantity: formatKg(num(data.quantity)),
        sold: formatKg(num(data.awardedQuantity)),
        amount: formatRM(num(data.awardedAmount)),
      };
      if (num(data.awardedQuantity) === 0) return { key: 'lot_unsold', vars };
      return { key: data.endReason === 'buyout' ? 'lot_bought_out' : 'lot_sold', vars };
    }
    case 'order_paid':
      return {
        key: 'order_paid',
        vars: {
          orderNumber: str(data.orderNumber),
          amount: formatRM(num(data.amount)),
          lotName: str(data.lotName),
        },
      };
    case 'order_defaulted':
      return {
        key: 'order_defaulted',
        vars: {
          orderNumber: str(data.orderNumber),
          lotName: str(data.lotName),
          quantity: formatKg(num(data.quantity)),
        },
      };
    case 'payout_completed':
      return { key: 'payout_completed', vars: { amount: formatRM(num(data.amount)) } };
    case 'withdrawal_reviewed':
      return {
        key: reviewed(data) === 'rejected' ? 'withdrawal_rejected' : 'withdrawal_completed',
        vars: { amount: formatRM(num(data.amount)), ...reason },
      };
    case 'bank_account_reviewed':
      return {
        key: reviewed(data) === 'rejected' ? 'bank_rejected' : 'bank_verified',
        vars: reason,
      };
    case 'business_reviewed':
      return {
        key: reviewed(data) === 'rejected' ? 'business_rejected' : 'business_verified',
        vars: reason,
      };
    case 'sign_in_locked':
      return { key: 'sign_in_locked', vars: { address: str(data.address) } };
    case 'print_failed': {
      const vars = { printer: str(data.printerName), code: str(data.reason) };
      if (data.reason === 'not_fetched') return { key: 'print_not_fetched', vars };
      if (data.reason === 'not_confirmed') return { key: 'print_not_confirmed', vars };
      return { key: 'print_failed', vars };
    }
  }
}

/**
 * The JSON a Web Push message carries (encrypted, at most about 3 KB): the service worker turns
 * `text` into a sentence in the app's language and opens `url` when tapped.
 */
export interface PushMessage {
  id: string;
  type: NotificationType;
  text: NotificationText;
  /** Same-origin URL of the app: `/#` and the notification's target. */
  url: string;
  data: NotificationData;
  createdAt: string;
}
