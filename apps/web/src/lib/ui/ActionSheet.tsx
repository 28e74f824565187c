import type { ActionSheetProps } from 'antd-mobile/es/components/action-sheet';
import { useCallback, useId } from 'react';
import { lazyOverlay } from './lazyOverlay';

// Loaded when the sheet first opens, with the animation library it brings (as BottomSheet).
const AntdActionSheet = lazyOverlay<ActionSheetProps>(
  () => import('antd-mobile/es/components/action-sheet'),
);

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
  const title = useCallback(
    (node: HTMLSpanElement | null) => {
      const sheet = node?.closest('.adm-action-sheet');
      sheet?.setAttribute('role', 'listbox');
      sheet?.setAttribute('aria-labelledby', id);
    },
    [id],
  );
  return (
    <AntdActionSheet
      {...props}
      extra={
        <span id={id} ref={title}>
          {extra}
        </span>
      }
    />
  );
}
