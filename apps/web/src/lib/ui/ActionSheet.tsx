import type { ActionSheetProps } from 'antd-mobile/es/components/action-sheet';
import { lazy, Suspense, useCallback, useId } from 'react';
import { useOpenedOnce } from './useOpenedOnce';

// Loaded when the sheet first opens, with the animation library it brings (as BottomSheet).
const AntdActionSheet = lazy(() => import('antd-mobile/es/components/action-sheet'));

/**
 * antd-mobile's ActionSheet, its choices in a listbox named by its title. antd marks each action
 * and Cancel role="option" with no listbox around them (axe: aria-required-parent, critical), so
 * a screen reader has no list to count or name; its props cannot give the sheet a role. The
 * title's own node, mounted with the sheet's content, makes the sheet a listbox it labels.
 */
export function ActionSheet({
  extra,
  ...props
}: Omit<ActionSheetProps, 'extra'> & { extra: string }) {
  const id = useId();
  const opened = useOpenedOnce(props.visible ?? false);
  const title = useCallback(
    (node: HTMLSpanElement | null) => {
      const sheet = node?.closest('.adm-action-sheet');
      sheet?.setAttribute('role', 'listbox');
      sheet?.setAttribute('aria-labelledby', id);
    },
    [id],
  );
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <AntdActionSheet
        {...props}
        extra={
          <span id={id} ref={title}>
            {extra}
          </span>
        }
      />
    </Suspense>
  );
}
