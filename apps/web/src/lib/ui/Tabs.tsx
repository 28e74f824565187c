import 'antd-mobile/es/components/tabs/tabs.css';
import { type KeyboardEvent, type ReactNode, useCallback, useLayoutEffect, useRef } from 'react';

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
  const line = useRef<HTMLDivElement>(null);
  const leftMask = useRef<HTMLDivElement>(null);
  const rightMask = useRef<HTMLDivElement>(null);
  const tabs = useRef(new Map<string, HTMLDivElement>());
  const focusNext = useRef<string | null>(null);
  const resized = useRef<ResizeObserver | null>(null);

  // The masks, the line and the scroll are set on the elements, not through state: measured in a
  // render's commit, a state update would render again and lay the page out once more before
  // its first paint, in the task that draws it (the page's longest, on a phone).
  const updateMasks = useCallback(() => {
    const el = list.current;
    if (!el) return;
    const show = (mask: HTMLDivElement | null, on: boolean) => {
      if (mask) mask.style.opacity = on ? '1' : '0';
    };
    show(leftMask.current, el.scrollLeft > 0);
    show(rightMask.current, el.scrollLeft + el.offsetWidth < el.scrollWidth);
  }, []);

  // The line under the active tab; it moves when the active tab changes, and the active tab
  // scrolls to the middle.
  const shown = useRef<{ key: string | null; x: number; width: number }>({
    key: null,
    x: 0,
    width: 0,
  });
  const measure = useCallback(() => {
    const el = list.current;
    const bar = line.current;
    if (!el || !bar) return;
    const tab = tabs.current.get(activeKey);
    const was = shown.current;
    const changed = was.key !== (tab ? activeKey : null);
    const x = tab?.offsetLeft ?? 0;
    const width = tab?.offsetWidth ?? 0;
    if (changed || x !== was.x || width !== was.width) {
      const moves = changed && was.key !== null && tab !== undefined;
      bar.style.transition = moves ? `transform ${MOVE}, width ${MOVE}` : '';
      bar.style.width = `${width}px`;
      bar.style.transform = `translate3d(${x}px, 0, 0)`;
      shown.current = { key: tab ? activeKey : null, x, width };
    }
    const max = el.scrollWidth - el.offsetWidth;
    if (tab && changed && max > 0) {
      const middle = tab.offsetLeft - (el.offsetWidth - tab.offsetWidth) / 2;
      el.scrollTo({
        left: Math.min(Math.max(middle, 0), max),
        behavior: was.key !== null ? 'smooth' : 'auto',
      });
    }
    updateMasks();
  }, [activeKey, updateMasks]);

  // The first measure comes from the observer, which the browser calls once it has laid the page
  // out for its paint, before painting it: the line is in the first frame, without a layout of
  // its own. Later, a tab or the row that changes size (a title's count, the font, the viewport)
  // is measured again the same way, and a change of the active tab or of the tabs as it renders.
  const measured = useRef(measure);
  useLayoutEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => measured.current());
    resized.current = observer;
    if (list.current) observer.observe(list.current);
    for (const tab of tabs.current.values()) observer.observe(tab);
    return () => {
      observer.disconnect();
      resized.current = null;
    };
  }, []);
  const mounted = useRef(false);
  const keys = items.map((item) => item.key).join('\n');
  useLayoutEffect(() => {
    measured.current = measure;
    if (mounted.current || typeof ResizeObserver === 'undefined') measure();
    mounted.current = true;
  }, [measure, keys]);
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
          ref={leftMask}
          className={`${CLASS}-header-mask ${CLASS}-header-mask-left`}
          style={{ opacity: 0 }}
        />
        <div
          ref={rightMask}
          className={`${CLASS}-header-mask ${CLASS}-header-mask-right`}
          style={{ opacity: 0 }}
        />
        <div
          ref={list}
          className={`${CLASS}-tab-list`}
          role="tablist"
          onScroll={updateMasks}
          onKeyDown={onKeyDown}
        >
          <div ref={line} className={`${CLASS}-tab-line`} style={{ width: 0 }} />
          {items.map((item) => {
            const active = item.key === activeKey;
            return (
              <div
                key={item.key}
                className={`${CLASS}-tab-wrapper${stretch ? ` ${CLASS}-tab-wrapper-stretch` : ''}`}
              >
                <div
                  ref={(el) => {
                    const was = tabs.current.get(item.key);
                    if (was && was !== el) resized.current?.unobserve(was);
                    if (el) {
                      tabs.current.set(item.key, el);
                      resized.current?.observe(el);
                    } else tabs.current.delete(item.key);
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
