import { z } from 'zod';

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
