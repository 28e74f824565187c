import { z } from 'zod';
import { MAX_PHOTO_BYTES, MAX_VIDEO_BYTES } from '../constants.js';
import { mediaItem } from '../media.js';
import { defineRoute } from './define.js';

const MB = 1024 * 1024;

export const mediaApi = {
  upload: defineRoute({
    method: 'POST',
    path: '/api/media',
    tag: 'Media',
    security: 'merchantSession',
    summary: 'Upload one photo or video of a lot (multipart/form-data, field `file`)',
    description:
      'The content decides the type, not the name: photos are re-encoded to WebP within 1600×1600 with a 400×400 thumbnail and no metadata; videos are stored as uploaded.',
    multipart: true,
    body: z.object({
      file: z
        .file()
        .describe(
          `A photo (JPEG, PNG or WebP, up to ${MAX_PHOTO_BYTES / MB} MB) or a video (MP4, MOV or WebM, up to ${MAX_VIDEO_BYTES / MB} MB)`,
        ),
    }),
    response: mediaItem,
  }),
};
