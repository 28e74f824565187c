import { MAX_PHOTO_BYTES } from '@sm/contract';
import { RequestError } from './request';

/** Longest edge of a photo as uploaded: what the server keeps (1600 px), so nothing is lost. */
const MAX_EDGE = 1600;
const JPEG_QUALITY = 0.85;

const jpegName = (name: string) => `${name.replace(/\.[^./\\]*$/, '') || 'photo'}.jpg`;

/** The photo upright as the camera meant it; null when this browser cannot decode it (HEIC…). */
export async function decodePhoto(file: Blob): Promise<ImageBitmap | null> {
  try {
    return await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
}

/** The `source` rectangle of `bitmap`, scaled to `size`, as a JPEG file. */
export async function encodePhoto(
  bitmap: ImageBitmap,
  source: { x: number; y: number; width: number; height: number },
  size: { width: number; height: number },
  name: string,
): Promise<File | null> {
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(size.width));
  canvas.height = Math.max(1, Math.round(size.height));
  const context = canvas.getContext('2d');
  if (!context) return null;
  // JPEG has no transparency: a PNG's clear pixels become white, not black.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(
    bitmap,
    source.x,
    source.y,
    source.width,
    source.height,
    0,
    0,
    canvas.width,
    canvas.height,
  );
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY),
  );
  return blob && new File([blob], jpegName(name), { type: 'image/jpeg' });
}

/**
 * A phone photo (3–12 MB) resized to 1600 px as JPEG, a few hundred KB: quick on a harbour's
 * mobile signal. One this browser cannot decode goes as it is; the server says if it takes it.
 */
export async function compressPhoto(file: File): Promise<File> {
  const bitmap = await decodePhoto(file);
  if (!bitmap) return file;
  try {
    const scale = Math.min(1, MAX_EDGE / Math.max(bitmap.width, bitmap.height));
    const whole = { x: 0, y: 0, width: bitmap.width, height: bitmap.height };
    const size = { width: bitmap.width * scale, height: bitmap.height * scale };
    return (await encodePhoto(bitmap, whole, size, file.name)) ?? file;
  } finally {
    bitmap.close();
  }
}

/** Resized on the phone first; still too large then, it is refused before it is sent. */
export async function preparePhoto(file: File): Promise<File> {
  const photo = await compressPhoto(file);
  if (photo.size > MAX_PHOTO_BYTES) {
    throw new RequestError('FILE_TOO_LARGE', 'File is too large', 413);
  }
  return photo;
}
