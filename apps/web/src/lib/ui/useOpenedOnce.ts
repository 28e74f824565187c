import { useState } from 'react';

/**
 * Whether an overlay has been visible at least once: until then it need not be rendered (nor its
 * code loaded); from then on it stays mounted, so that closing it still animates.
 */
export function useOpenedOnce(visible: boolean): boolean {
  const [opened, setOpened] = useState(visible);
  // Derived state, set during render as React documents it: no extra commit with the sheet shut.
  if (visible && !opened) setOpened(true);
  return opened || visible;
}
