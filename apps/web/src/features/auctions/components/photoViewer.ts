import type { MediaItem } from '@sm/contract';

/** Spec §9: image preview zooms from 1 to 4. */
const MAX_ZOOM = 4;

/**
 * A lot's photos full screen, from the one tapped; swipe between them, pinch to zoom. The viewer's
 * code (and its animation library) is fetched on the first tap, not with the page.
 */
export function showPhotos(photos: MediaItem[], index: number) {
  void import('antd-mobile/es/components/image-viewer').then(({ default: ImageViewer }) =>
    ImageViewer.Multi.show({
      images: photos.map((photo) => photo.url),
      defaultIndex: index,
      maxZoom: MAX_ZOOM,
    }),
  );
}
