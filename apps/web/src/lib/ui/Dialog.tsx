import type { DialogProps } from 'antd-mobile/es/components/dialog';
import { lazy, Suspense } from 'react';
import { useOpenedOnce } from './useOpenedOnce';

// Loaded when the dialog first opens, with the animation library it brings (as BottomSheet).
const AntdDialog = lazy(() => import('antd-mobile/es/components/dialog'));

/** antd-mobile's Dialog as a component, its code fetched on its first opening. */
export function Dialog(props: DialogProps) {
  if (!useOpenedOnce(props.visible ?? false)) return null;
  return (
    <Suspense fallback={null}>
      <AntdDialog {...props} />
    </Suspense>
  );
}
