import type { PaperWidth } from '@sm/contract';

/** How long a print frame may wait for the dialog to close before it is removed anyway. */
const FRAME_LIFETIME_MS = 60_000;

/**
 * The page of a print frame: exactly one image, the page as wide as the paper and as tall as the
 * image at that width (`size: 58mm auto` is not valid CSS, so the height is worked out here).
 */
export function printDocument(
  imageUrl: string,
  paperWidth: PaperWidth,
  image: { width: number; height: number },
): string {
  const heightMm = Math.ceil((paperWidth * image.height) / image.width);
  return `<!doctype html><html><head><meta charset="utf-8"><style>
@page { size: ${paperWidth}mm ${heightMm}mm; margin: 0 }
html, body { margin: 0; padding: 0 }
img { display: block; width: ${paperWidth}mm; height: auto; image-rendering: pixelated }
</style></head><body><img src="${imageUrl}" alt=""></body></html>`;
}

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('print image did not load'));
    image.src = url;
  });
}

/**
 * Prints a PNG with the browser's print dialog, from a hidden frame so the app's own page is not
 * what prints. Resolves once the dialog has been asked for; the browser says nothing of whether
 * the page was printed or cancelled.
 */
export async function printImage(png: Blob, paperWidth: PaperWidth): Promise<void> {
  const url = URL.createObjectURL(png);
  const frame = document.createElement('iframe');
  let removed = false;
  const cleanUp = () => {
    if (removed) return;
    removed = true;
    frame.remove();
    URL.revokeObjectURL(url);
  };
  try {
    const image = await loadImage(url);
    // Off screen rather than display:none: a frame that is not rendered prints blank in Chrome.
    frame.setAttribute('aria-hidden', 'true');
    frame.tabIndex = -1;
    frame.style.cssText = 'position:fixed;left:-10000px;top:0;width:1px;height:1px;border:0';
    const loaded = new Promise<void>((resolve) => frame.addEventListener('load', () => resolve()));
    frame.srcdoc = printDocument(url, paperWidth, {
      width: image.naturalWidth,
      height: image.naturalHeight,
    });
    document.body.append(frame);
    await loaded;
    const win = frame.contentWindow;
    if (!win) throw new Error('print frame has no window');
    // The frame's image is the same blob, already decoded: it is there when print() looks.
    await win.document.images[0]?.decode().catch(() => {});
    win.addEventListener('afterprint', () => setTimeout(cleanUp, 0), { once: true });
    setTimeout(cleanUp, FRAME_LIFETIME_MS);
    win.focus();
    win.print();
  } catch (error) {
    cleanUp();
    throw error;
  }
}
