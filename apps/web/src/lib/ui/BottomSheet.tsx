import type { PopupProps } from 'antd-mobile/es/components/popup';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { lazyOverlay } from './lazyOverlay';

// antd's Popup brings its animation library: loaded when a sheet first opens, not with the page.
const Popup = lazyOverlay<PopupProps>(() => import('antd-mobile/es/components/popup'));

const ROUNDED = { borderTopLeftRadius: 12, borderTopRightRadius: 12 };

/**
 * A sheet sliding up from the bottom with rounded top corners, closed by its mask too. Its content
 * is dropped once it has closed, unless `keepContent` (a sheet that shows while it exists).
 */
export function BottomSheet({
  visible,
  onClose,
  afterClose,
  bodyStyle,
  keepContent = false,
  children,
}: {
  visible: boolean;
  onClose: () => void;
  afterClose?: () => void;
  /** Beside the rounded corners, e.g. a maximum height. */
  bodyStyle?: CSSProperties;
  keepContent?: boolean;
  children: ReactNode;
}) {
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      afterClose={afterClose}
      bodyStyle={bodyStyle ? { ...ROUNDED, ...bodyStyle } : ROUNDED}
      destroyOnClose={!keepContent}
    >
      {children}
    </Popup>
  );
}

/**
 * What a sheet edits (null: a new one) and whether it is open. It keeps its last item while it
 * slides away, and each opening has a new `key`, so that a form keyed by it starts afresh.
 */
export function useSheet<T = never>() {
  const [sheet, setSheet] = useState<{ open: boolean; item: T | null; key: number }>({
    open: false,
    item: null,
    key: 0,
  });
  return {
    ...sheet,
    show: (item: T | null = null) =>
      setSheet((current) => ({ open: true, item, key: current.key + 1 })),
    close: () => setSheet((current) => ({ ...current, open: false })),
  };
}
