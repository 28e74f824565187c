import 'antd-mobile/es/components/pull-to-refresh/pull-to-refresh.css';
import { useConfig } from 'antd-mobile/es/components/config-provider';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';

const CLASS = 'adm-pull-to-refresh';
/** antd-mobile's defaults: the head's height while it refreshes, and the pull that releases. */
const HEAD_HEIGHT = 40;
const THRESHOLD = 60;
const COMPLETE_DELAY = 500;
/** How long the head takes to open to its height or to close (antd's spring settles about then). */
const SETTLE_MS = 300;
/** A gesture's first few pixels decide its axis: a sideways swipe is not a pull. */
const AXIS_SLOP = 4;

type Status = 'pulling' | 'canRelease' | 'refreshing' | 'complete';

/**
 * antd-mobile's PullToRefresh, with its markup, classes, texts and rules, moved by touch events
 * and a CSS transition instead of react-spring and use-gesture: those two are 24 KB (gzip) that
 * home and every list page fetched before their first paint for a gesture most visits never make.
 */
export function PullToRefresh({
  onRefresh,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}) {
  const { locale } = useConfig();
  const [status, setStatus] = useState<Status>('pulling');
  const [height, setHeight] = useState(0);
  // Settling (opening to the head's height, or closing) is animated; following a finger is not.
  const [settling, setSettling] = useState(false);
  const element = useRef<HTMLDivElement>(null);
  // The latest render's values, for listeners attached once.
  const latest = useRef({ status, onRefresh });
  useLayoutEffect(() => {
    latest.current = { status, onRefresh };
  });

  useEffect(() => {
    const node = element.current;
    if (!node) return;
    let alive = true;
    let gesture: { x: number; y: number; pulling: boolean | null } | null = null;
    let pulled = 0;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const wait = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, ms);
        timers.add(timer);
      });
    // Unmounted, the timers are cleared: what waits on them never goes on.
    const settleTo = (to: number) => {
      setSettling(true);
      setHeight(to);
      return wait(SETTLE_MS).then(() => setSettling(false));
    };
    const reset = () => settleTo(0).then(() => setStatus('pulling'));
    const refresh = async () => {
      setStatus('refreshing');
      void settleTo(HEAD_HEIGHT);
      const refreshed = await latest.current.onRefresh().then(
        () => true,
        // The page shows its own error state; the head closes.
        () => false,
      );
      if (!alive) return;
      if (refreshed) {
        setStatus('complete');
        await wait(COMPLETE_DELAY);
      }
      await reset();
    };

    const onStart = (event: TouchEvent) => {
      const { status: now } = latest.current;
      if (now === 'refreshing' || now === 'complete' || event.touches.length !== 1) return;
      const [touch] = event.touches;
      if (!touch) return;
      gesture = { x: touch.clientX, y: touch.clientY, pulling: null };
      pulled = 0;
    };
    const onMove = (event: TouchEvent) => {
      const [touch] = event.touches;
      if (!gesture || !touch || event.touches.length !== 1) return;
      const dx = touch.clientX - gesture.x;
      const dy = touch.clientY - gesture.y;
      if (gesture.pulling === null) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) < AXIS_SLOP) return;
        // A pull starts downwards, and only where nothing above it is scrolled.
        gesture.pulling =
          dy > 0 && Math.abs(dy) > Math.abs(dx) && !scrolledAbove(event.target as Node | null);
        if (gesture.pulling) setSettling(false);
      }
      if (!gesture.pulling) return;
      if (event.cancelable) event.preventDefault();
      event.stopPropagation();
      pulled = Math.max(rubberband(Math.ceil(dy), HEAD_HEIGHT * 5), 0);
      setHeight(pulled);
      setStatus(pulled > THRESHOLD ? 'canRelease' : 'pulling');
    };
    const onEnd = () => {
      const was = gesture;
      gesture = null;
      if (!was?.pulling) return;
      if (pulled > THRESHOLD) void refresh();
      else void settleTo(0);
    };

    // Not passive: a pull must keep the page from scrolling (or the browser from reloading).
    node.addEventListener('touchstart', onStart, { passive: true });
    node.addEventListener('touchmove', onMove, { passive: false });
    node.addEventListener('touchend', onEnd);
    node.addEventListener('touchcancel', onEnd);
    return () => {
      alive = false;
      timers.forEach(clearTimeout);
      node.removeEventListener('touchstart', onStart);
      node.removeEventListener('touchmove', onMove);
      node.removeEventListener('touchend', onEnd);
      node.removeEventListener('touchcancel', onEnd);
    };
  }, []);

  const text = {
    pulling: locale.PullToRefresh.pulling,
    canRelease: locale.PullToRefresh.canRelease,
    refreshing: `${locale.common.loading}...`,
    complete: locale.PullToRefresh.complete,
  }[status];
  return (
    <div ref={element} className={CLASS}>
      <div
        className={`${CLASS}-head`}
        style={{
          height: Math.round(height),
          transition: settling ? `height ${SETTLE_MS}ms cubic-bezier(0.2, 0.8, 0.3, 1)` : undefined,
        }}
      >
        <div className={`${CLASS}-head-content`} style={{ height: HEAD_HEIGHT }}>
          {text}
        </div>
      </div>
      <div className={`${CLASS}-content`}>{children}</div>
    </div>
  );
}

/** antd-mobile's rubber band past the top: the further the pull, the less the head follows. */
function rubberband(distance: number, dimension: number, constant = 0.5): number {
  if (distance <= 0) return distance;
  return (distance * dimension * constant) / (dimension + constant * distance);
}

/** Whether any scrolling ancestor of `node`, the window included, is scrolled down. */
function scrolledAbove(node: Node | null): boolean {
  for (let at = node; at && at !== document.body; at = at.parentNode) {
    if (!(at instanceof HTMLElement)) continue;
    const { overflowY } = window.getComputedStyle(at);
    const scrolls = /scroll|auto|overlay/.test(overflowY) && at.scrollHeight > at.clientHeight;
    if (scrolls && at.scrollTop > 0) return true;
  }
  return window.scrollY > 0;
}
