import { mkdir } from 'node:fs/promises';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { MAX_VIDEO_BYTES } from '@sm/contract';
import { mediaApi } from '@sm/contract/routes';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { authOf } from '../auth/auth.guard.js';
import { fileOf } from './media.http.js';
import { isStoredName, type MediaService } from './media.service.js';
import { MEDIA_URL_PREFIX } from './media.view.js';

export interface MediaRoutesOptions {
  service: MediaService;
  mediaDir: string;
}

/** POST /api/media, and GET /media/<name> for the stored files. */
export async function mediaRoutes(app: FastifyInstance, { service, mediaDir }: MediaRoutesOptions) {
  // Scoped to this plugin, with the media's limits (the store's SSM upload has its own).
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

  route(
    app,
    mediaApi.upload,
    async (req) => {
      const { accountId } = authOf(req);
      const part = await fileOf(req);
      return service.upload(accountId, { fileName: part.filename, stream: part.file });
    },
    { onRequest: app.requireMerchant },
  );

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
