import { EVENT_RETENTION_MS, type MerchantEvent } from '@sm/contract';
import { eventsApi } from '@sm/contract/route-table';
import type { QueryClient } from '@tanstack/react-query';
import { applyMerchantEvents, refreshAllLive } from '../features/auctions/live';
import { applyBankEvents, refreshBank } from '../features/bank/live';
import {
  applyNotificationEvents,
  keepPushTexts,
  refreshNotifications,
} from '../features/notifications/live';
import { applyOrderEvents, refreshOrders } from '../features/orders/live';
import { applyPrintingEvents, refreshPrinting } from '../features/printing/live';
import { applyStoreEvents, refreshStore } from '../features/store/live';
import { applyWalletEvents, refreshWallet } from '../features/wallet/live';
import { parseMerchantEvent } from '../lib/events';
import { openEventStream } from '../lib/sse';
import { storage } from '../lib/storage';

/** A burst of bids refreshes once: events this close together are applied as one batch. */
const BATCH_MS = 150;

/** Where the merchant's stream was, as this device last heard: an event id and when. */
interface Position {
  merchantId: string;
  id: string;
  at: number;
}
const isPosition = (data: unknown): data is Position => {
  const value = data as Partial<Position> | null;
  return (
    typeof value?.merchantId === 'string' &&
    typeof value.id === 'string' &&
    typeof value.at === 'number'
  );
};

/**
 * The kept position the stream can resume from: this merchant's, well inside the time the server
 * keeps events (a clock a few hours wrong still falls inside), or null.
 */
function resumablePosition(merchantId: string): string | null {
  const kept = storage.get('eventPosition', isPosition);
  const fresh = kept && Math.abs(Date.now() - kept.at) < EVENT_RETENTION_MS / 2;
  return fresh && kept.merchantId === merchantId ? kept.id : null;
}

/**
 * The signed-in merchant's live events (GET /api/events), kept open while the app runs; each
 * batch refreshes the queries it changed. Loaded after sign-in only, so the sign-in page does
 * not carry it.
 */
export function startLiveEvents(queryClient: QueryClient, merchantId: string): () => void {
  let batch: MerchantEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    const events = batch;
    batch = [];
    // Each feature picks the events it cares about; a lot's end concerns both auctions and orders,
    // an order's move also the wallet's payouts to come.
    applyMerchantEvents(queryClient, events);
    applyOrderEvents(queryClient, events);
    applyWalletEvents(queryClient, events);
    applyBankEvents(queryClient, events);
    applyNotificationEvents(queryClient, events);
    applyStoreEvents(queryClient, events);
    applyPrintingEvents(queryClient, events);
  };
  const resumeFrom = resumablePosition(merchantId);
  const close = openEventStream({
    url: eventsApi.stream.path,
    onMessage: (data) => {
      const event = parseMerchantEvent(data);
      if (!event) return;
      batch.push(event);
      timer ??= setTimeout(flush, BATCH_MS);
    },
    // The stream opens after the first screen has painted (RootLayout), when its data may already
    // be here: an answer that arrived before the stream did may lack an event committed in
    // between. Resumed from where an earlier visit's stream was, the stream replays every event
    // since, which names what they changed; else those answers are asked again (the active ones;
    // the others on their next use). Data still on its way or asked for later is newer than the
    // stream, and left alone.
    resumeFrom: resumeFrom ?? undefined,
    onPosition: (id) => storage.set('eventPosition', { merchantId, id, at: Date.now() }),
    onFirstOpen: () => {
      if (resumeFrom) return;
      const openedAt = Date.now();
      void queryClient.invalidateQueries(
        { predicate: (query) => query.state.dataUpdatedAt < openedAt },
        { cancelRefetch: false },
      );
    },
    onReconnect: () => {
      refreshAllLive(queryClient);
      refreshOrders(queryClient);
      refreshWallet(queryClient);
      refreshBank(queryClient);
      refreshNotifications(queryClient);
      refreshStore(queryClient);
      refreshPrinting(queryClient);
    },
  });
  // The service worker's push texts follow the app's language (see features/notifications).
  const stopPushTexts = keepPushTexts();
  return () => {
    clearTimeout(timer);
    close();
    stopPushTexts();
  };
}
