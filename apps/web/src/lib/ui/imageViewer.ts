import { useCallback, useEffect, useRef } from 'react';

/** Spec §9: image preview zooms from 1 to 4. */
const MAX_ZOOM = 4;

/**
 * Shows images full screen, from the one tapped: swipe between them, pinch to zoom. The viewer's
 * code (and its animation library) is fetched on the first tap, not with the page. The viewer
 * opened last closes when the component that opened it goes (Back, a closed form): nothing stays
 * over a page the merchant has left.
 */
export function useImageViewer() {
  const open = useRef<Promise<{ close: () => void }> | null>(null);
  useEffect(() => () => void open.current?.then((viewer) => viewer.close()), []);
  return useCallback((urls: string[], index: number) => {
    open.current = import('antd-mobile/es/components/image-viewer').then(
      ({ default: ImageViewer }) =>
        ImageViewer.Multi.show({ images: urls, defaultIndex: index, maxZoom: MAX_ZOOM }),
    );
  }, []);
}
