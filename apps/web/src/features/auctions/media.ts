import { VIDEO_TYPES } from '@sm/contract';

/** Longest edge of a photo as uploaded: what the server keeps (1600 px), so nothing is lost. */
const MAX_EDGE = 1600;
const JPEG_QUALITY = 0.8;

/** What the file chooser offers for the video: the types the server takes, by type and by name. */
export const VIDEO_ACCEPT = Object.entries(VIDEO_TYPES)
  .flatMap(([type, names]) => [type, ...names.map((name) => `.${name}`)])
  .join(',');

const jpegName = (name: string) => `${name.replace(/\.[^./\\]*$/, '') || 'photo'}.jpg`;

/**
 * A phone photo is 3–12 MB; resized to 1600 px and re-encoded as JPEG it is a few hundred KB, so
 * it uploads in seconds on a harbour's mobile signal. A file this browser cannot decode (HEIC on
 * most) goes as it is, and the server says whether it takes it.
 */
export async function compressPhoto(file: File): Promise<File> {
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
    return new File([blob], jpegName(file.name), {
      type: 'image/jpeg',
      lastModified: file.lastModified,
    });
  } finally {
    bitmap.close();
  }
}
