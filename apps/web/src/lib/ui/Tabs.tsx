import 'antd-mobile/es/components/tabs/tabs.css';
import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

const CLASS = 'adm-tabs';
/** About as long as antd's spring takes to move the line. */
const MOVE = '250ms cubic-bezier(0.2, 0.8, 0.3, 1)';

export interface TabItem {
  key: string;
  title: ReactNode;
}

/**
 * antd-mobile's Tabs as the app uses them (a row of titles over content the page draws itself):
 * its markup, classes and keyboard rules, with the active line and the scroll moved by CSS
 * instead of react-spring, which home, the orders list and the lot page would otherwise fetch
 * before their first paint (15 KB gzip) for a line that moves 250 ms.
 */
export function Tabs({
  items,
  activeKey,
  onChange,
  stretch = true,
  className,
}: {
  items: TabItem[];
  activeKey: string;
  onChange: (key: string) => void;
  /** Tabs share the row's width (antd's default); false: as wide as their titles, scrolling. */
  stretch?: boolean;
  className?: string;
}) {
  const list = useRef<HTMLDivElement>(null);
  const tabs = useRef(new Map<string, HTMLDivElement>());
  const focusNext = useRef<string | null>(null);
  const [line, setLine] = useState<{ x: number; width: number; moves: boolean } | null>(null);
  const [masks, setMasks] = useState({ left: false, right: false });

  const updateMasks = useCallback(() => {
    const el = list.current;
    if (!el) return;
    const left = el.scrollLeft > 0;
    const right = el.scrollLeft + el.offsetWidth < el.scrollWidth;
    setMasks((was) => (was.left === left && was.right === right ? was : { left, right }));
  }, []);

  // The line under the active tab, measured after every render (a title's count may change its
  // width); it moves when the active tab changes, and the active tab scrolls to the middle.
  const shown = useRef<string | null>(null);
  const measure = useCallback(() => {
    const el = list.current;
    const tab = tabs.current.get(activeKey);
    if (!el || !tab) {
      setLine((was) => (was === null ? was : null));
      return;
    }
    const changed = shown.current !== activeKey;
    const moves = changed && shown.current !== null;
    shown.current = activeKey;
    const x = tab.offsetLeft;
    const width = tab.offsetWidth;
    setLine((was) => (was && was.x === x && was.width === width ? was : { x, width, moves }));
    const max = el.scrollWidth - el.offsetWidth;
    if (changed && max > 0) {
      const middle = tab.offsetLeft - (el.offsetWidth - tab.offsetWidth) / 2;
      el.scrollTo({
        left: Math.min(Math.max(middle, 0), max),
        behavior: moves ? 'smooth' : 'auto',
      });
    }
    updateMasks();
  }, [activeKey, updateMasks]);
  useLayoutEffect(measure);
  useLayoutEffect(() => {
    const el = list.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => measure());
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure]);
  useLayoutEffect(() => {
    if (focusNext.current === activeKey) tabs.current.get(activeKey)?.focus();
    focusNext.current = null;
  }, [activeKey]);

  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step || items.length === 0) return;
    event.preventDefault();
    const at = items.findIndex((item) => item.key === activeKey);
    const next = items[(at + step + items.length) % items.length];
    if (!next) return;
    focusNext.current = next.key;
    onChange(next.key);
  };

  return (
    <div className={className ? `${CLASS} ${className}` : CLASS}>
      <div className={`${CLASS}-header`}>
        <div
          className={`${CLASS}-header-mask ${CLASS}-header-mask-left`}
          style={{ opacity: masks.left ? 1 : 0 }}
        />
        <div
          className={`${CLASS}-header-mask ${CLASS}-header-mask-right`}
          style={{ opacity: masks.right ? 1 : 0 }}
        />
        <div
          ref={list}
          className={`${CLASS}-tab-list`}
          role="tablist"
          onScroll={updateMasks}
          onKeyDown={onKeyDown}
        >
          <div
            className={`${CLASS}-tab-line`}
            style={{
              width: line?.width ?? 0,
              transform: `translate3d(${line?.x ?? 0}px, 0, 0)`,
              transition: line?.moves ? `transform ${MOVE}, width ${MOVE}` : undefined,
            }}
          />
          {items.map((item) => {
            const active = item.key === activeKey;
            return (
              <div
                key={item.key}
                className={`${CLASS}-tab-wrapper${stretch ? ` ${CLASS}-tab-wrapper-stretch` : ''}`}
              >
                <div
                  ref={(el) => {
                    if (el) tabs.current.set(item.key, el);
                    else tabs.current.delete(item.key);
                  }}
                  role="tab"
                  aria-selected={active}
                  tabIndex={active ? 0 : -1}
                  className={`${CLASS}-tab${active ? ` ${CLASS}-tab-active` : ''}`}
                  onClick={() => {
                    if (!active) onChange(item.key);
                  }}
                >
                  {item.title}
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
