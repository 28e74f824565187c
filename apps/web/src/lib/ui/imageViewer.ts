/** Spec §9: image preview zooms from 1 to 4. */
const MAX_ZOOM = 4;

/**
 * Images full screen, from the one tapped; swipe between them, pinch to zoom. The viewer's code
 * (and its animation library) is fetched on the first tap, not with the page. Answers a handle
 * that closes it.
 */
export async function showImages(urls: string[], index: number) {
  const { default: ImageViewer } = await import('antd-mobile/es/components/image-viewer');
  return ImageViewer.Multi.show({ images: urls, defaultIndex: index, maxZoom: MAX_ZOOM });
}
