import { mkdir } from 'node:fs/promises';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { MAX_PHOTO_BYTES, MAX_VIDEO_BYTES, mediaItem } from '@sm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import { authOf } from '../auth/auth.guard.js';
import { fileOf } from './media.http.js';
import { isStoredName, type MediaService } from './media.service.js';
import { MEDIA_URL_PREFIX } from './media.view.js';

export interface MediaRoutesOptions {
  service: MediaService;
  mediaDir: string;
}

const MB = 1024 * 1024;

/** The form, for the OpenAPI document only: the handler streams the file itself. */
const uploadForm = z.object({
  file: z
    .file()
    .describe(
      `A photo (JPEG, PNG or WebP, up to ${MAX_PHOTO_BYTES / MB} MB) or a video (MP4, MOV or WebM, up to ${MAX_VIDEO_BYTES / MB} MB)`,
    ),
});

/** POST /api/media, and GET /media/<name> for the stored files. */
export async function mediaRoutes(app: FastifyInstance, { service, mediaDir }: MediaRoutesOptions) {
  // Scoped to this plugin: no other route takes multipart bodies.
  await app.register(multipart, {
    limits: {
      files: 1,
      // One byte over the largest accepted file, so "too large" is told apart from "exactly 50 MB".
      fileSize: MAX_VIDEO_BYTES + 1,
      fields: 4,
      fieldNameSize: 100,
      fieldSize: 1024,
      parts: 5,
      headerPairs: 20,
    },
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/media', {
    onRequest: app.requireMerchant,
    schema: {
      tags: ['Media'],
      security: [{ merchantSession: [] }],
      summary: 'Upload one photo or video of a lot (multipart/form-data, field `file`)',
      description:
        'The content decides the type, not the name: photos are re-encoded to WebP within 1600×1600 with a 400×400 thumbnail and no metadata; videos are stored as uploaded.',
      consumes: ['multipart/form-data'],
      body: uploadForm,
      response: { 200: mediaItem },
    },
    preValidation: async (req) => {
      if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    },
    // The multipart parser leaves the body empty until the handler reads the stream, so the body
    // schema above is documentation, not a check.
    validatorCompiler: () => (data) => ({ value: data }),
    handler: async (req) => {
      const { accountId } = authOf(req);
      const part = await fileOf(req);
      return service.upload(accountId, { fileName: part.filename, stream: part.file });
    },
  });

  // Stored names are random, so the URL is the key: anyone holding it may read the file (buyers
  // see lot photos). Only names of that shape are served, never uploads in progress or listings.
  await mkdir(mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: MEDIA_URL_PREFIX,
    decorateReply: false,
    wildcard: true,
    index: false,
    list: false,
    allowedPath: (pathname) => isStoredName(pathname.replace(/^\//, '')),
    setHeaders: (res) => {
      // A stored file never changes: a new upload gets a new name.
      res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
}
