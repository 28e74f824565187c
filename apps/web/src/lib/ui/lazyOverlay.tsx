import { type ComponentType, lazy, Suspense, useState } from 'react';

/**
 * An antd-mobile overlay (a sheet, a dialog, a picker) whose code, and the animation library it
 * brings, is fetched when it first opens, not with the page: until then it renders nothing; from
 * then on it stays mounted, so that closing it still animates.
 */
export function lazyOverlay<P extends { visible?: boolean }>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  const Overlay = lazy(load);
  return function LazyOverlay(props: P) {
    const visible = props.visible ?? false;
    const [opened, setOpened] = useState(visible);
    // Derived state, set during render as React documents it: no extra commit while it is shut.
    if (visible && !opened) setOpened(true);
    if (!opened && !visible) return null;
    return (
      <Suspense fallback={null}>
        <Overlay {...props} />
      </Suspense>
    );
  };
}
