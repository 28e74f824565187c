/**
 * The few ESC/POS commands a pick-up slip needs. Text is never sent as text: a printer's code
 * pages have no Chinese (or only GB18030 on some models), so the whole slip goes as one raster
 * image and prints the same on every printer that speaks ESC/POS.
 */

/** A 1-bit image: rows of `width / 8` bytes, most significant bit leftmost, 1 = black dot. */
export interface Bitmap {
  /** Dots; a multiple of 8. */
  width: number;
  height: number;
  data: Uint8Array;
}

/** Printable dots per line at 203 dpi (8 dots/mm): 48 mm of 58 mm paper, 72 mm of 80 mm. */
export const PAPER_DOTS = { 58: 384, 80: 576 } as const;

const ESC = 0x1b;
const GS = 0x1d;

/**
 * Rows per `GS v 0` command. Cheap printers buffer one command before printing it and drop what
 * does not fit, so a long slip goes in bands (python-escpos cuts at 960 rows as well).
 */
const MAX_BAND_ROWS = 960;

/** Lines fed after the slip so its end clears the tear bar or the cutter. */
const FEED_LINES = 4;

/** ESC @: back to the power-on state (no leftover mode of an earlier job). */
export const initialize = (): Uint8Array => Uint8Array.of(ESC, 0x40);

/** ESC d n: print what is buffered and feed n lines. */
export function feedLines(n: number): Uint8Array {
  if (!Number.isInteger(n) || n < 0 || n > 255) throw new RangeError(`feed of ${n} lines`);
  return Uint8Array.of(ESC, 0x64, n);
}

/** GS V 66 0: feed to the cutter and cut, leaving one point uncut. Printers without one ignore it. */
export const partialCut = (): Uint8Array => Uint8Array.of(GS, 0x56, 66, 0);

/** GS v 0, normal density: the bitmap in bands of at most `maxRows` rows. */
export function rasterImage(bitmap: Bitmap, maxRows = MAX_BAND_ROWS): Uint8Array {
  const { width, height, data } = bitmap;
  const bytesPerRow = width / 8;
  if (!Number.isInteger(bytesPerRow) || bytesPerRow < 1 || bytesPerRow > 0xffff) {
    throw new RangeError(`raster width of ${width} dots`);
  }
  if (data.length !== bytesPerRow * height) throw new RangeError('raster data of the wrong size');
  const parts: Uint8Array[] = [];
  for (let top = 0; top < height; top += maxRows) {
    const rows = Math.min(maxRows, height - top);
    parts.push(
      Uint8Array.of(
        GS,
        0x76,
        0x30,
        0,
        bytesPerRow & 0xff,
        bytesPerRow >> 8,
        rows & 0xff,
        (rows >> 8) & 0xff,
      ),
      data.subarray(top * bytesPerRow, (top + rows) * bytesPerRow),
    );
  }
  return concat(parts);
}

/** A whole job: reset, the image, feed, cut. */
export function printJob(bitmap: Bitmap): Uint8Array {
  return concat([initialize(), rasterImage(bitmap), feedLines(FEED_LINES), partialCut()]);
}

/**
 * A greyscale image (one byte per pixel, 0 black … 255 white) as a 1-bit bitmap: darker than
 * `threshold` is a dot. The width is padded with white to a whole byte.
 */
export function toBitmap(grey: Uint8Array, width: number, height: number, threshold = 128): Bitmap {
  if (grey.length !== width * height) throw new RangeError('grey data of the wrong size');
  const bytesPerRow = Math.ceil(width / 8);
  const data = new Uint8Array(bytesPerRow * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if ((grey[y * width + x] as number) < threshold) {
        const i = y * bytesPerRow + (x >> 3);
        data[i] = (data[i] as number) | (0x80 >> (x & 7));
      }
    }
  }
  return { width: bytesPerRow * 8, height, data };
}

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
