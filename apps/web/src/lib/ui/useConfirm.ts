import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { loadDialog } from './Dialog';

export interface ConfirmOptions {
  /** What will happen, as a question: "Mark SO… Ready for Pickup?". */
  title?: ReactNode;
  content?: ReactNode;
  confirmText: ReactNode;
  cancelText: ReactNode;
  /** The confirm button in red: the action cannot be undone. */
  danger?: boolean;
}

/**
 * A confirm dialog that belongs to the component that asked for it: it closes when that component
 * unmounts (the merchant pressed Back, or the page moved on because the order changed), and its
 * answer is then false, so nothing runs from a page that is gone. antd-mobile's Dialog.confirm
 * stays on screen over whatever page comes next and still resolves true when tapped.
 *
 * The dialog renders into a host element of its own, which leaves the document at once when the
 * component unmounts: antd-mobile's close only starts an exit animation, and the page it belonged
 * to is already gone, so nothing of it may stay on screen waiting for animation frames.
 *
 * antd-mobile's Dialog (and the animation library under it) loads when a confirm is first asked
 * for, not with the page: home and the lists paint without it.
 */
export function useConfirm() {
  const state = useRef({ mounted: true, open: new Set<() => void>() });
  useEffect(() => {
    const current = state.current;
    current.mounted = true;
    return () => {
      current.mounted = false;
      for (const close of current.open) close();
      current.open.clear();
    };
  }, []);

  return useCallback(async (options: ConfirmOptions): Promise<boolean> => {
    const current = state.current;
    if (!current.mounted) return false;
    const { default: Dialog } = await loadDialog();
    // The page may have gone while the dialog's code loaded: then nothing is asked.
    if (!current.mounted) return false;
    return new Promise<boolean>((resolve) => {
      const host = document.body.appendChild(document.createElement('div'));
      let close = () => {};
      let settled = false;
      const settle = (confirmed: boolean) => {
        if (settled) return;
        settled = true;
        current.open.delete(close);
        resolve(confirmed && current.mounted);
      };
      const handler = Dialog.show({
        getContainer: () => host,
        afterClose: () => host.remove(),
        title: options.title,
        content: options.content,
        closeOnAction: true,
        onClose: () => settle(false),
        actions: [
          [
            { key: 'cancel', text: options.cancelText, onClick: () => settle(false) },
            {
              key: 'confirm',
              text: options.confirmText,
              bold: true,
              danger: options.danger ?? false,
              onClick: () => settle(true),
            },
          ],
        ],
      });
      close = () => {
        host.remove();
        void handler.close();
      };
      current.open.add(close);
    });
  }, []);
}
