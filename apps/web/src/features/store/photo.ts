/** What the server keeps of a photo (1600 px); a logo is shown small, 512 px is plenty. */
const MAX_EDGE = 1600;
export const LOGO_SIZE = 512;
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
async function encode(
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
    return (await encode(bitmap, whole, size, file.name)) ?? file;
  } finally {
    bitmap.close();
  }
}

/** A square part of a photo: its centre and side, in the photo's own pixels. */
export interface SquareCrop {
  cx: number;
  cy: number;
  side: number;
}

/** The largest centred square at zoom 1; zoom z shows 1/z of that side. */
export function cropAt(
  width: number,
  height: number,
  zoom: number,
  centre: { cx: number; cy: number },
): SquareCrop {
  const side = Math.min(width, height) / zoom;
  const half = side / 2;
  const clamp = (v: number, max: number) => Math.min(Math.max(v, half), max - half);
  return { cx: clamp(centre.cx, width), cy: clamp(centre.cy, height), side };
}

/** The crop as a square JPEG of at most LOGO_SIZE px (a small photo is not enlarged). */
export async function cropToFile(
  bitmap: ImageBitmap,
  crop: SquareCrop,
  name: string,
): Promise<File | null> {
  const out = Math.min(LOGO_SIZE, Math.round(crop.side));
  const source = {
    x: crop.cx - crop.side / 2,
    y: crop.cy - crop.side / 2,
    width: crop.side,
    height: crop.side,
  };
  return encode(bitmap, source, { width: out, height: out }, name);
}
