import { MAX_PHOTO_BYTES } from '@sm/contract';
import { RequestError } from '../../lib/request';

/** Longest edge of a photo as uploaded: what the server keeps (1600 px), so nothing is lost. */
const MAX_EDGE = 1600;
const JPEG_QUALITY = 0.8;

const jpegName = (name: string) => `${name.replace(/\.[^./\\]*$/, '') || 'photo'}.jpg`;

async function compress(file: File): Promise<File> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const scale = Math.min(1, MAX_EDGE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) return file;
    // JPEG has no transparency: a PNG's clear pixels become white, not black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY),
    );
    if (!blob) return file;
    return new File([blob], jpegName(file.name), { type: 'image/jpeg' });
  } finally {
    bitmap.close();
  }
}

/**
 * A phone photo (3–12 MB) resized to 1600 px and re-encoded as JPEG, as the lot form does (a
 * feature cannot import another's code): it uploads in seconds on a harbour's mobile signal. A
 * file this browser cannot decode goes as it is, and the server says whether it takes it; one
 * still too large is refused before it is sent.
 */
export async function preparePhoto(file: File): Promise<File> {
  const photo = await compress(file);
  if (photo.size > MAX_PHOTO_BYTES) {
    throw new RequestError('FILE_TOO_LARGE', 'File is too large', 413);
  }
  return photo;
}
