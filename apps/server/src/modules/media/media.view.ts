import type { MediaItem } from '@sm/contract';
import type { media } from '../../db/schema.js';

/** Where GET serves stored files: random names, so the URL itself is the only way to find one. */
export const MEDIA_URL_PREFIX = '/media/';

/** A stored media row as the API shows it. */
export function mediaItemOf(row: typeof media.$inferSelect): MediaItem {
  return {
    id: row.id,
    kind: row.kind,
    url: MEDIA_URL_PREFIX + row.fileName,
    thumbUrl: row.thumbName ? MEDIA_URL_PREFIX + row.thumbName : null,
    width: row.width,
    height: row.height,
    size: row.size,
  };
}
