import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openEventStream } from './sse';

/** An EventSource that the test drives: open it, send it messages, fail it as a browser would. */
class FakeSource {
  static instances: FakeSource[] = [];
  readyState = 0;
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string; lastEventId: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  readonly listeners = new Map<string, (event: { lastEventId: string }) => void>();
  constructor(readonly url: string) {
    FakeSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: { lastEventId: string }) => void) {
    this.listeners.set(type, listener);
  }
  /** The server's first word on a fresh stream: its position, as a named event. */
  position(id: string) {
    this.listeners.get('position')?.({ lastEventId: id });
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  send(data: string, lastEventId = '') {
    this.onmessage?.({ data, lastEventId });
  }
  /** A dropped network: the browser keeps the source and retries by itself. */
  drop() {
    this.readyState = 0;
    this.onerror?.();
  }
  /** An error status or a wrong content type: the browser gives up on this source. */
  fail() {
    this.readyState = 2;
    this.onerror?.();
  }
  close() {
    this.readyState = 2;
    this.closed = true;
  }
}

const latest = () => FakeSource.instances.at(-1)!;

function setup(resumeFrom?: string) {
  const win = new EventTarget();
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as const });
  const onMessage = vi.fn();
  const onReconnect = vi.fn();
  const onFirstOpen = vi.fn();
  const onPosition = vi.fn();
  const close = openEventStream({
    url: '/api/events',
    onMessage,
    onReconnect,
    onFirstOpen,
    onPosition,
    resumeFrom,
    EventSource: FakeSource as unknown as typeof EventSource,
    window: win as unknown as Window,
    document: doc as unknown as Document,
  });
  return { win, doc, onMessage, onReconnect, onFirstOpen, onPosition, close };
}

beforeEach(() => {
  FakeSource.instances = [];
  vi.useFakeTimers();
  vi.spyOn(Math, 'random').mockReturnValue(0);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('openEventStream', () => {
  it('tells its position: the fresh stream’s first word, then each message’s id', () => {
    const { onPosition, onMessage } = setup();
    expect(latest().url).toBe('/api/events');
    latest().open();
    latest().position('41');
    expect(onPosition).toHaveBeenLastCalledWith('41');
    expect(onMessage).not.toHaveBeenCalled();
    latest().send('{"type":"bid"}', '42');
    expect(onPosition).toHaveBeenLastCalledWith('42');
    // A replacement resumes from there.
    latest().fail();
    vi.advanceTimersByTime(1_000);
    expect(latest().url).toBe('/api/events?lastEventId=42');
  });

  it('resumes its first stream from a position it is given', () => {
    const { onFirstOpen, onReconnect } = setup('41');
    expect(latest().url).toBe('/api/events?lastEventId=41');
    latest().open();
    expect(onFirstOpen).toHaveBeenCalledOnce();
    expect(onReconnect).not.toHaveBeenCalled();
  });

  it('opens one stream and hands over each message', () => {
    const { onMessage, onReconnect } = setup();
    expect(FakeSource.instances).toHaveLength(1);
    latest().open();
    latest().send('{"type":"bid"}');
    expect(onMessage).toHaveBeenCalledWith('{"type":"bid"}');
    expect(onReconnect).not.toHaveBeenCalled();
  });

  it('tells when the first stream opens, once: not on its own reconnects nor a replacement', () => {
    const { onFirstOpen, onReconnect } = setup();
    expect(onFirstOpen).not.toHaveBeenCalled();
    latest().open();
    expect(onFirstOpen).toHaveBeenCalledOnce();
    latest().drop();
    latest().open();
    latest().fail();
    vi.advanceTimersByTime(1_000);
    latest().open();
    expect(onFirstOpen).toHaveBeenCalledOnce();
    expect(onReconnect).toHaveBeenCalledOnce();
  });

  it("leaves a dropped network to the browser's own retry", () => {
    setup();
    latest().open();
    latest().drop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSource.instances).toHaveLength(1);
  });

  it('opens a new stream after the browser gave up, with a growing pause', () => {
    const { onReconnect } = setup();
    latest().open();
    latest().fail();
    vi.advanceTimersByTime(999);
    expect(FakeSource.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSource.instances).toHaveLength(2);
    expect(FakeSource.instances[0]!.closed).toBe(true);

    latest().fail();
    vi.advanceTimersByTime(1_999);
    expect(FakeSource.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSource.instances).toHaveLength(3);

    latest().open();
    expect(onReconnect).toHaveBeenCalledOnce();
    // The browser's own reconnect of the same stream replays by header: nothing to refresh.
    latest().drop();
    latest().open();
    expect(onReconnect).toHaveBeenCalledOnce();
  });

  it('asks a replacing stream to resume after the last event it saw', () => {
    setup();
    latest().open();
    latest().send('{"type":"bid"}', '41');
    latest().send('{"type":"bid"}', '42');
    latest().fail();
    vi.advanceTimersByTime(1_000);
    expect(FakeSource.instances.map((source) => source.url)).toEqual([
      '/api/events',
      '/api/events?lastEventId=42',
    ]);
  });

  it('caps the pause at 30 s', () => {
    setup();
    for (let i = 0; i < 10; i += 1) {
      latest().fail();
      vi.advanceTimersByTime(30_000);
    }
    expect(FakeSource.instances).toHaveLength(11);
  });

  it('reconnects at once when the device comes back online or the page is shown', () => {
    const { win, doc } = setup();
    latest().fail();
    win.dispatchEvent(new Event('online'));
    expect(FakeSource.instances).toHaveLength(2);
    latest().fail();
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(FakeSource.instances).toHaveLength(3);
    // A stream that is fine is left alone.
    latest().open();
    win.dispatchEvent(new Event('online'));
    expect(FakeSource.instances).toHaveLength(3);
  });

  it('closes the stream and stops retrying when closed', () => {
    const { win, close } = setup();
    latest().fail();
    close();
    vi.advanceTimersByTime(60_000);
    win.dispatchEvent(new Event('online'));
    expect(FakeSource.instances).toHaveLength(1);
    expect(latest().closed).toBe(true);
  });
});
