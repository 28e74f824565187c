import type { MediaItem } from '@sm/contract';
import ImageViewer from 'antd-mobile/es/components/image-viewer';

/** Spec §9: image preview zooms from 1 to 4. */
const MAX_ZOOM = 4;

/** A lot's photos full screen, from the one tapped; swipe between them, pinch to zoom. */
export function showPhotos(photos: MediaItem[], index: number) {
  ImageViewer.Multi.show({
    images: photos.map((photo) => photo.url),
    defaultIndex: index,
    maxZoom: MAX_ZOOM,
  });
}
