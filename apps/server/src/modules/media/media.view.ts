import type { MediaItem } from '@sm/contract';
import type { LotMediaFields } from '../../db/schema.js';

/** Where GET serves stored files: random names, so the URL itself is the only way to find one. */
export const MEDIA_URL_PREFIX = '/media/';

/** Where a stored thumbnail is served, if the file has one. */
export const thumbUrlOf = (thumbName: string | null) =>
  thumbName ? MEDIA_URL_PREFIX + thumbName : null;

/** A stored media row as the API shows it. */
export function mediaItemOf(row: LotMediaFields): MediaItem {
  return {
    id: row.id,
    kind: row.kind,
    url: MEDIA_URL_PREFIX + row.fileName,
    thumbUrl: thumbUrlOf(row.thumbName),
    width: row.width,
    height: row.height,
    size: row.size,
  };
}
