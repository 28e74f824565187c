import { AppError } from './errors.js';

/** Decoding more than this is refused: a small file may claim a huge canvas (a pixel bomb). */
export const MAX_INPUT_PIXELS = 40_000_000;

/** What an uploaded image that sharp could not decode is to its sender. */
export function imageRefusal(err: unknown): AppError {
  return err instanceof Error && err.message.includes('pixel limit')
    ? new AppError('IMAGE_TOO_LARGE')
    : new AppError('UNSUPPORTED_FILE');
}

/**
 * Decodes the whole image at a small size (JPEG and WebP shrink while decoding), so a file kept
 * as uploaded is known to be a whole image of a sane size, not a header claiming a huge canvas.
 */
export async function checkImage(file: string): Promise<void> {
  const { default: sharp } = await import('sharp');
  await sharp(file, { limitInputPixels: MAX_INPUT_PIXELS })
    .resize(64, 64, { fit: 'inside' })
    .toBuffer()
    .catch((err: unknown) => {
      throw imageRefusal(err);
    });
}
