import type { MediaItem } from '@sm/contract';
import { showImages } from '../../../lib/ui/imageViewer';

/** A lot's photos full screen, from the one tapped (lib/ui/imageViewer). */
export function showPhotos(photos: MediaItem[], index: number) {
  void showImages(
    photos.map((photo) => photo.url),
    index,
  );
}
