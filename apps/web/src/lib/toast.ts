import { TOAST_DURATION_MS } from '@sm/contract';

/**
 * Every toast lasts the spec's 1 500 ms (§9). antd-mobile's Toast brings its mask and animation
 * library; it is loaded on the first toast so the sign-in page does not pay for it up front.
 */
export function toast(content: string, icon?: 'success' | 'fail'): void {
  void import('antd-mobile/es/components/toast').then(({ default: Toast }) =>
    Toast.show({ content, icon, duration: TOAST_DURATION_MS }),
  );
}
