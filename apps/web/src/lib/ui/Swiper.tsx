import PageIndicator from 'antd-mobile/es/components/page-indicator';
import 'antd-mobile/es/components/swiper/swiper.css';
import {
  Children,
  type ReactNode,
  type TouchEvent,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

const PREFIX = 'adm-swiper';
/** How long a slide takes to settle after a swipe. */
const SETTLE_MS = 300;
/** A swipe at least this fast (px per ms), or past half a slide, moves to the next one. */
const FLICK_SPEED = 0.3;

const modulus = (value: number, n: number) => ((value % n) + n) % n;

/** Where `position` (in % of a slide) goes to show slide `target` by the shortest way round. */
function loopTarget(position: number, target: number, total: number) {
  const width = total * 100;
  let delta = modulus(target * 100 - position, width);
  if (delta > width / 2) delta -= width;
  return position + delta;
}

/**
 * antd-mobile's Swiper as the app uses it (photos side by side, swiped, dots below, looping), with
 * its markup, classes and CSS, moved by touch events and requestAnimationFrame instead of its
 * animation library, which the lot page and the store would otherwise load with them (24 KB gzip).
 * A tap that ends a swipe does not reach the slide.
 */
function SwiperRoot({
  className,
  loop = false,
  children,
}: {
  className?: string;
  loop?: boolean;
  children: ReactNode;
}) {
  const slides = Children.toArray(children);
  const total = slides.length;
  const looping = loop && total > 1;
  const [current, setCurrent] = useState(0);
  const trackRef = useRef<HTMLDivElement>(null);
  const innerRef = useRef<HTMLDivElement>(null);
  const slideRefs = useRef<(HTMLDivElement | null)[]>([]);
  /** The track's place, in % of a slide: slide i shows at i × 100. */
  const position = useRef(0);
  const frame = useRef(0);
  const drag = useRef<{
    x: number;
    y: number;
    from: number;
    at: number;
    axis: 'x' | 'y' | null;
  } | null>(null);
  const dragged = useRef(false);

  /** Puts the slides where `position` says, each looping round as antd's do. */
  const place = () => {
    const p = position.current;
    if (!looping) {
      if (innerRef.current) innerRef.current.style.transform = `translateX(${-p}%)`;
      return;
    }
    const width = total * 100;
    const flag = Math.min(width / 2, 100);
    slideRefs.current.forEach((slide, index) => {
      if (!slide) return;
      const at = modulus(-p + index * 100 + flag, width) - flag;
      slide.style.transform = `translateX(${at}%)`;
    });
  };

  const settleTo = (target: number) => {
    cancelAnimationFrame(frame.current);
    const from = position.current;
    const started = performance.now();
    const step = (now: number) => {
      const t = Math.min(1, (now - started) / SETTLE_MS);
      const eased = 1 - (1 - t) ** 3;
      position.current = from + (target - from) * eased;
      place();
      if (t < 1) frame.current = requestAnimationFrame(step);
    };
    frame.current = requestAnimationFrame(step);
  };

  const swipeTo = (index: number) => {
    const rounded = Math.round(index);
    const next = looping ? modulus(rounded, total) : Math.max(0, Math.min(rounded, total - 1));
    setCurrent(next);
    settleTo(looping ? loopTarget(position.current, rounded, total) : next * 100);
  };

  // Fewer slides than the one shown (a photo removed): the last shows, at once.
  const shown = Math.min(current, Math.max(total - 1, 0));
  useLayoutEffect(() => {
    if (shown !== current && !drag.current) position.current = shown * 100;
    place();
  });
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const width = () => trackRef.current?.offsetWidth || 1;

  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    if (!touch || total < 2) return;
    cancelAnimationFrame(frame.current);
    dragged.current = false;
    drag.current = {
      x: touch.clientX,
      y: touch.clientY,
      from: position.current,
      at: performance.now(),
      axis: null,
    };
  };

  const onTouchMove = (event: TouchEvent) => {
    const touch = event.touches[0];
    const start = drag.current;
    if (!touch || !start) return;
    const dx = touch.clientX - start.x;
    const dy = touch.clientY - start.y;
    if (start.axis === null && Math.hypot(dx, dy) > 5) {
      start.axis = Math.abs(dx) > Math.abs(dy) ? 'x' : 'y';
    }
    if (start.axis !== 'x') return;
    dragged.current = true;
    let next = start.from - (dx / width()) * 100;
    if (!looping) {
      // Past either end it gives, a third as far as the finger goes.
      const max = (total - 1) * 100;
      if (next < 0) next /= 3;
      else if (next > max) next = max + (next - max) / 3;
    }
    position.current = next;
    place();
  };

  const onTouchEnd = (event: TouchEvent) => {
    const start = drag.current;
    drag.current = null;
    if (!start || start.axis !== 'x') return;
    const touch = event.changedTouches[0];
    const dx = (touch?.clientX ?? start.x) - start.x;
    const speed = Math.abs(dx) / Math.max(1, performance.now() - start.at);
    const from = start.from / 100;
    const moved = Math.abs(dx) > width() / 2 || speed > FLICK_SPEED;
    swipeTo(moved && dx !== 0 ? Math.round(from) + (dx < 0 ? 1 : -1) : Math.round(from));
  };

  return (
    <div
      className={
        className ? `${PREFIX} ${PREFIX}-horizontal ${className}` : `${PREFIX} ${PREFIX}-horizontal`
      }
    >
      <div
        ref={trackRef}
        className={`${PREFIX}-track ${PREFIX}-track-allow-touch-move`}
        onTouchStart={onTouchStart}
        onTouchMove={onTouchMove}
        onTouchEnd={onTouchEnd}
        onTouchCancel={onTouchEnd}
        onClickCapture={(event) => {
          if (dragged.current) event.stopPropagation();
          dragged.current = false;
        }}
      >
        <div ref={innerRef} className={`${PREFIX}-track-inner`}>
          {slides.map((slide, index) => (
            <div
              key={(slide as { key?: string | null }).key ?? index}
              ref={(element) => {
                slideRefs.current[index] = element;
              }}
              className={
                shown === index ? `${PREFIX}-slide ${PREFIX}-slide-active` : `${PREFIX}-slide`
              }
              style={looping ? { left: `-${index * 100}%` } : undefined}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      <div className={`${PREFIX}-indicator`}>
        <PageIndicator total={total} current={shown} />
      </div>
    </div>
  );
}

function SwiperItem({ children }: { children: ReactNode }) {
  return <div className={`${PREFIX}-item`}>{children}</div>;
}

export const Swiper = Object.assign(SwiperRoot, { Item: SwiperItem });
