import { isIP } from 'node:net';
import {
  type NotificationType,
  notificationTarget,
  notificationText,
  type PushMessage,
  type pushSubscriptionInput,
} from '@sm/contract';
import type { FastifyBaseLogger } from 'fastify';
import type webPush from 'web-push';
import type { z } from 'zod';
import type { PushConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { settingOrCreate, settingValue } from '../system/index.js';
import * as repo from './notifications.repo.js';

/** web-push (and the crypto it brings) loads on the first push or key pair, not at start. */
const loadWebPush = () => import('web-push').then((m) => m.default);

/**
 * Notifications taken from the outbox at a time; a tick takes a few batches at most, and ticks come
 * at most once a second (jobs/push.ts). A busy market writes a new_bid notification per bid, a
 * thousand a second and more: at 20 a batch the outbox grew faster than it was read, and the
 * pushes that did go out were minutes late.
 */
const BATCH = 200;
const BATCHES_PER_TICK = 5;
/** Browsers kept per merchant: phones, a tablet, a desktop, and some left behind. */
const MAX_SUBSCRIPTIONS = 10;
/** A push service that does not answer in this long counts as failed (and is retried). */
const SEND_TIMEOUT_MS = 10_000;
/** Sends to push services at once, per process. */
const CONCURRENCY = 8;
/** Tries per message and browser, with the wait before each retry. */
const MAX_ATTEMPTS = 3;
const RETRY_DELAYS_MS = [15_000, 120_000];
/** Retries waiting in memory; past this, the newest failures are dropped (and logged). */
const MAX_RETRIES_QUEUED = 500;

/**
 * How long a push service keeps a message for a phone that is off, and how urgently it wakes the
 * phone. A bid is news only while its 15-minute lot runs; a review is news for a day.
 */
const DELIVERY: Record<NotificationType, { ttlSeconds: number; urgency: webPush.Urgency }> = {
  new_bid: { ttlSeconds: 15 * 60, urgency: 'normal' },
  lot_ended: { ttlSeconds: 60 * 60, urgency: 'high' },
  order_paid: { ttlSeconds: 24 * 60 * 60, urgency: 'high' },
  // Its kg can be offered to the next bidders only until the lot's offer window closes.
  order_defaulted: { ttlSeconds: 24 * 60 * 60, urgency: 'high' },
  payout_completed: { ttlSeconds: 24 * 60 * 60, urgency: 'normal' },
  withdrawal_reviewed: { ttlSeconds: 24 * 60 * 60, urgency: 'normal' },
  bank_account_reviewed: { ttlSeconds: 24 * 60 * 60, urgency: 'normal' },
  business_reviewed: { ttlSeconds: 24 * 60 * 60, urgency: 'normal' },
  // Someone is guessing the password now: worth waking the phone for.
  sign_in_locked: { ttlSeconds: 60 * 60, urgency: 'high' },
  // A slip that did not print: someone may be waiting at the counter for it.
  print_failed: { ttlSeconds: 60 * 60, urgency: 'high' },
};

const VAPID_SETTING = 'vapid_keys';

type VapidKeys = { publicKey: string; privateKey: string };

interface Delivery {
  subscription: repo.PushSubscriptionRow;
  message: PushMessage;
  options: webPush.RequestOptions;
  attempt: number;
  dueAt: number;
}

export type DeliveryOutcome = 'sent' | 'gone' | 'retry' | 'failed';

export interface PushRunResult {
  /** Notifications taken from the outbox. */
  taken: number;
  sent: number;
  /** Subscriptions deleted because their push service said they are gone. */
  removed: number;
  failed: number;
}

/**
 * Web Push (RFC 8030/8291/8292 through the web-push package): browsers subscribe, and the push job
 * sends each new notification to the merchant's browsers. web-push encrypts and signs; the request
 * itself goes through fetch, with a timeout and no redirects, to hosts the configuration allows.
 */
export function createPushService({
  db,
  clock,
  config,
  log,
}: {
  db: Db;
  clock: Clock;
  config: PushConfig;
  log: FastifyBaseLogger;
}) {
  /** The shared key pair; web-push is loaded only to make it, once for all processes. */
  const storedOrNewKeys = async () => {
    const stored = await settingValue(db, VAPID_SETTING);
    if (stored !== null) return stored;
    const webPush = await loadWebPush();
    return settingOrCreate(db, VAPID_SETTING, () => JSON.stringify(webPush.generateVAPIDKeys()));
  };
  let keys: Promise<VapidKeys> | null = null;
  /** The configured key pair, or the one every process shares from the database. */
  const vapidKeys = (): Promise<VapidKeys> =>
    (keys ??= config.vapid
      ? Promise.resolve(config.vapid)
      : storedOrNewKeys()
          .then((value) => JSON.parse(value) as VapidKeys)
          .catch((err: unknown) => {
            keys = null;
            throw err;
          }));

  /**
   * A subscription's endpoint is a URL the browser hands in, and the server will POST to it: only
   * https, and only to the push services allowed, so no client can aim it at an internal host.
   */
  function endpointAllowed(endpoint: string): boolean {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return false;
    }
    const host = url.hostname.toLowerCase();
    if (url.protocol === 'http:' && config.allowInsecureEndpoints) {
      return host === '127.0.0.1' || host === 'localhost';
    }
    if (url.protocol !== 'https:' || url.username || url.password) return false;
    if (isIP(host.replace(/^\[|\]$/g, '')) !== 0) return false;
    return config.serviceHosts.some(
      (allowed) => allowed === '*' || host === allowed || host.endsWith(`.${allowed}`),
    );
  }

  async function subscribe(merchantId: string, input: z.output<typeof pushSubscriptionInput>) {
    if (!endpointAllowed(input.endpoint)) {
      throw new AppError('PUSH_ENDPOINT_NOT_ALLOWED', { field: 'endpoint' });
    }
    await db.transaction(async (tx) => {
      await repo.upsertSubscription(tx, {
        merchantId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        createdAt: clock.now(),
      });
      await repo.trimSubscriptions(tx, merchantId, MAX_SUBSCRIPTIONS);
    });
    return { publicKey: await publicKey(), subscribed: true };
  }

  async function unsubscribe(merchantId: string, endpoint: string) {
    await repo.deleteSubscription(db, merchantId, endpoint);
    return { publicKey: await publicKey(), subscribed: false };
  }

  const publicKey = async () => (await vapidKeys()).publicKey;
  const isSubscribed = (merchantId: string, endpoint: string) =>
    repo.hasSubscription(db, merchantId, endpoint);

  /** One POST to a push service; what its answer means for this message and this browser. */
  async function deliver(delivery: Delivery): Promise<DeliveryOutcome> {
    const { subscription, message } = delivery;
    if (!endpointAllowed(subscription.endpoint)) return 'gone';
    const webPushLib = await loadWebPush();
    let details: webPush.RequestDetails;
    try {
      details = webPushLib.generateRequestDetails(
        {
          endpoint: subscription.endpoint,
          keys: { p256dh: subscription.p256dh, auth: subscription.auth },
        },
        JSON.stringify(message),
        delivery.options,
      );
    } catch (err) {
      // Keys no browser could have made: nothing will ever be delivered to it.
      log.warn({ err, subscription: subscription.id }, 'push subscription unusable; deleted');
      return 'gone';
    }
    try {
      const res = await fetch(details.endpoint, {
        method: 'POST',
        headers: Object.fromEntries(
          Object.entries(details.headers).map(([name, value]) => [name, String(value)]),
        ),
        body: details.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      await res.body?.cancel();
      if (res.ok) return 'sent';
      // RFC 8030 §7.3: the subscription expired or was withdrawn.
      if (res.status === 404 || res.status === 410) return 'gone';
      if (res.status === 429 || res.status >= 500) return 'retry';
      log.warn({ status: res.status, subscription: subscription.id }, 'push refused');
      return 'failed';
    } catch (err) {
      log.warn({ err, subscription: subscription.id }, 'push service unreachable');
      return 'retry';
    }
  }

  let retries: Delivery[] = [];

  function messageOf(row: repo.NotificationRow): PushMessage {
    return {
      id: String(row.id),
      type: row.type,
      text: notificationText(row.type, row.data),
      url: `/#${notificationTarget(row)}`,
      data: row.data,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** What the job sends for the notifications just taken from the outbox. */
  async function deliveriesOf(
    rows: repo.NotificationRow[],
    now: number,
    vapid: VapidKeys,
  ): Promise<Delivery[]> {
    const merchantIds = [...new Set(rows.map((row) => row.merchantId))];
    const [subscriptions, mutes] = await Promise.all([
      repo.subscriptionsOf(db, merchantIds),
      repo.mutesOf(db, merchantIds),
    ]);
    const muted = new Set(mutes.map((m) => `${m.merchantId}:${m.type}`));
    // Of a lot's bids taken together only the newest is pushed: its push replaces the others on
    // the phone anyway (the lot's topic, below), and a phone should not ring for each of them.
    // The list keeps every one. (The claim's rows come in no set order: newest is highest id.)
    const newestBid = new Map<string, number>();
    for (const { type, lotId, id } of rows) {
      if (type === 'new_bid' && lotId && id > (newestBid.get(lotId) ?? 0)) newestBid.set(lotId, id);
    }
    return rows.flatMap((row) => {
      const delivery = DELIVERY[row.type];
      if (row.type === 'new_bid' && row.lotId && newestBid.get(row.lotId) !== row.id) return [];
      // Switched off after it was written, or older than anyone would still want it pushed (the
      // server was down): it stays in the list, unpushed.
      if (muted.has(`${row.merchantId}:${row.type}`)) return [];
      if (now - row.createdAt.getTime() > delivery.ttlSeconds * 1000) return [];
      const options: webPush.RequestOptions = {
        vapidDetails: { subject: config.subject, ...vapid },
        TTL: delivery.ttlSeconds,
        urgency: delivery.urgency,
        // A newer bid on the same lot replaces one the phone has not fetched yet.
        ...(row.type === 'new_bid' && row.lotId ? { topic: row.lotId.replace(/-/g, '') } : {}),
      };
      const message = messageOf(row);
      return subscriptions
        .filter((s) => s.merchantId === row.merchantId)
        .map((subscription) => ({ subscription, message, options, attempt: 1, dueAt: now }));
    });
  }

  /**
   * One run of the push job: retries that are due, then the outbox, a few batches at most. A
   * failed send is retried MAX_ATTEMPTS times in all, from memory; the list never waits for it.
   */
  async function sendDue(): Promise<PushRunResult> {
    const result: PushRunResult = { taken: 0, sent: 0, removed: 0, failed: 0 };
    const now = clock.now().getTime();
    const due = retries.filter((r) => r.dueAt <= now);
    retries = retries.filter((r) => r.dueAt > now);
    await sendAll(due, result);
    // The keys before any claim: a claimed batch is marked sent, so nothing may fail between.
    const keys = await vapidKeys();
    for (let i = 0; i < BATCHES_PER_TICK; i++) {
      const rows = await repo.claimOutbox(db, clock.now(), BATCH);
      result.taken += rows.length;
      if (rows.length > 0) {
        const deliveries = await deliveriesOf(rows, clock.now().getTime(), keys);
        await sendAll(deliveries, result);
      }
      if (rows.length < BATCH) break;
    }
    return result;
  }

  async function sendAll(deliveries: Delivery[], result: PushRunResult): Promise<void> {
    const gone = new Set<string>();
    let next = 0;
    const worker = async () => {
      while (next < deliveries.length) {
        const delivery = deliveries[next++] as Delivery;
        if (gone.has(delivery.subscription.id)) continue;
        const outcome = await deliver(delivery);
        if (outcome === 'sent') result.sent++;
        else if (outcome === 'gone') {
          gone.add(delivery.subscription.id);
          await repo.deleteSubscriptionById(db, delivery.subscription.id);
          result.removed++;
        } else if (outcome === 'retry' && delivery.attempt < MAX_ATTEMPTS) {
          scheduleRetry(delivery);
        } else result.failed++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, deliveries.length) }, worker));
  }

  function scheduleRetry(delivery: Delivery) {
    if (retries.length >= MAX_RETRIES_QUEUED) {
      log.warn({ notification: delivery.message.id }, 'push retry queue full; push dropped');
      return;
    }
    const wait = RETRY_DELAYS_MS[delivery.attempt - 1] ?? RETRY_DELAYS_MS.at(-1) ?? 0;
    retries.push({
      ...delivery,
      attempt: delivery.attempt + 1,
      dueAt: clock.now().getTime() + wait,
    });
  }

  /** When the first failed send is tried again, if any waits: the push job sleeps until then. */
  const nextRetryAt = (): Date | null =>
    retries.length === 0 ? null : new Date(Math.min(...retries.map((r) => r.dueAt)));

  return {
    subscribe,
    unsubscribe,
    publicKey,
    isSubscribed,
    endpointAllowed,
    sendDue,
    nextRetryAt,
  };
}

export type PushService = ReturnType<typeof createPushService>;
