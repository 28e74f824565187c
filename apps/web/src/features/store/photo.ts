import { encodePhoto } from '../../lib/photo';

/** A logo is shown small: 512 px is plenty. */
export const LOGO_SIZE = 512;

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
  return encodePhoto(bitmap, source, { width: out, height: out }, name);
}
