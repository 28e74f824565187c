import { z } from 'zod';

/** Upload limits (issue 3): a photo up to 10 MB, a video up to 50 MB. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const MAX_VIDEO_BYTES = 50 * 1024 * 1024;
/** Accepted uploads, by what their content is (sniffed), and the names they may carry. */
export const PHOTO_TYPES = {
  'image/jpeg': ['jpg', 'jpeg', 'jfif'],
  'image/png': ['png'],
  'image/webp': ['webp'],
} as const;
export const VIDEO_TYPES = {
  'video/mp4': ['mp4', 'm4v'],
  'video/quicktime': ['mov', 'qt'],
  'video/webm': ['webm'],
} as const;

export const mediaKind = z.enum(['photo', 'video']);
export type MediaKind = z.infer<typeof mediaKind>;

/** POST /api/media answers with this; lots refer to it by `id`. */
export const mediaItem = z.object({
  id: z.string(),
  kind: mediaKind,
  /** The re-encoded photo or the video as uploaded; served with long cache headers. */
  url: z.string(),
  /** A small photo for lists; null for a video. */
  thumbUrl: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Bytes as stored. */
  size: z.number().int(),
});
export type MediaItem = z.infer<typeof mediaItem>;
