import type { DialogProps } from 'antd-mobile/es/components/dialog';
import { lazyOverlay } from './lazyOverlay';

/** antd-mobile's Dialog module, fetched when a dialog is first shown (with its animation library). */
export const loadDialog = () => import('antd-mobile/es/components/dialog');

/** antd-mobile's Dialog as a component, its code fetched on its first opening. */
export const Dialog = lazyOverlay<DialogProps>(loadDialog);
