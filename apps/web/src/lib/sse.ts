import { STREAM_POSITION_EVENT } from '@sm/contract';

/**
 * One Server-Sent Events stream that stays open. The browser's EventSource already reconnects
 * after a dropped network (sending Last-Event-ID, so the server replays what was missed); what it
 * does not do is come back once it has given up: a server that answered with an error status or
 * without the event-stream type leaves it CLOSED for good. This opens a new one then, after a
 * growing pause, and at once when the device comes back online or the page is shown again. A new
 * EventSource cannot send the Last-Event-ID header, so it asks for the replay in the query instead.
 */
export interface EventStreamOptions {
  url: string;
  onMessage: (data: string) => void;
  /** The query parameter that carries the last event id when a new stream replaces a lost one. */
  resumeParam?: string;
  /**
   * A new stream opened in place of a lost one. Events from before the first one this stream
   * delivered cannot be replayed by id, so refresh what they would have changed.
   */
  onReconnect?: () => void;
  /**
   * The first stream opened: from here on no event is missed; what was fetched before may
   * already be behind one, unless the stream resumed from where the fetch was sure to be.
   */
  onFirstOpen?: () => void;
  /**
   * Where the first stream starts: the replay of what came after this event id (an earlier
   * visit's position), instead of only what comes from now on.
   */
  resumeFrom?: string;
  /**
   * The stream's position, each time it moves: the server's first word on a fresh stream (a
   * named `position` event) and each message's id.
   */
  onPosition?: (lastEventId: string) => void;
  /** The pause before the first retry, doubled on each failure up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Injected by tests; the browser's by default. */
  EventSource?: typeof EventSource;
  window?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  document?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
}

const CLOSED = 2;

export function openEventStream({
  url,
  onMessage,
  resumeParam = 'lastEventId',
  onReconnect,
  onFirstOpen,
  resumeFrom,
  onPosition,
  baseDelayMs = 1_000,
  maxDelayMs = 30_000,
  EventSource: Source = globalThis.EventSource,
  window: win = globalThis.window,
  document: doc = globalThis.document,
}: EventStreamOptions): () => void {
  let source: EventSource | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let lastEventId = resumeFrom ?? '';
  let stopped = false;

  const connect = () => {
    clearTimeout(retryTimer);
    const replacing = source !== null;
    source?.close();
    // A replacement resumes from the last id heard; the first stream, from `resumeFrom` if given.
    const resume = lastEventId ? `${resumeParam}=${encodeURIComponent(lastEventId)}` : '';
    const current = new Source(resume ? `${url}${url.includes('?') ? '&' : '?'}${resume}` : url);
    source = current;
    let opened = false;
    current.onopen = () => {
      failures = 0;
      // Later opens of the same source are the browser's own reconnects, replayed by its header.
      if (replacing && !opened) onReconnect?.();
      else if (!replacing && !opened) onFirstOpen?.();
      opened = true;
    };
    const moved = (event: MessageEvent<string>) => {
      if (!event.lastEventId) return;
      lastEventId = event.lastEventId;
      onPosition?.(lastEventId);
    };
    current.onmessage = (event: MessageEvent<string>) => {
      moved(event);
      onMessage(event.data);
    };
    current.addEventListener(STREAM_POSITION_EVENT, moved);
    current.onerror = () => {
      // CONNECTING: the browser retries by itself. CLOSED: it gave up, so this module retries.
      if (current !== source || current.readyState !== CLOSED) return;
      const delay = Math.min(maxDelayMs, baseDelayMs * 2 ** failures);
      failures += 1;
      // Up to a quarter less, so many phones dropped at once do not come back in one wave.
      retryTimer = setTimeout(connect, delay * (1 - Math.random() * 0.25));
    };
  };

  /** Back online or back on screen: a given-up stream reconnects now instead of after its pause. */
  const revive = () => {
    if (stopped || source?.readyState !== CLOSED) return;
    failures = 0;
    connect();
  };
  const onVisibility = () => {
    if (doc?.visibilityState === 'visible') revive();
  };

  connect();
  win?.addEventListener('online', revive);
  doc?.addEventListener('visibilitychange', onVisibility);

  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    source?.close();
    source = null;
    win?.removeEventListener('online', revive);
    doc?.removeEventListener('visibilitychange', onVisibility);
  };
}
