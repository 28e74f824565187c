import multipart from '@fastify/multipart';
import { MAX_SSM_DOCUMENT_BYTES } from '@sm/contract';
import { storeApi } from '@sm/contract/routes';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { authOf } from '../auth/auth.guard.js';
import { fileOf } from '../media/media.http.js';
import { sendDocument } from './store.http.js';
import type { StoreService } from './store.service.js';

/** GET/PUT /api/store…: the profile, basic info, description and announcements, carousel, SSM. */
export async function storeRoutes(app: FastifyInstance, { store }: { store: StoreService }) {
  // Scoped to this plugin, as media's is to its own.
  await app.register(multipart, {
    limits: {
      files: 1,
      // One byte over the limit, so "too large" is told apart from "exactly 10 MB".
      fileSize: MAX_SSM_DOCUMENT_BYTES + 1,
      fields: 4,
      fieldNameSize: 100,
      fieldSize: 1024,
      parts: 5,
      headerPairs: 20,
    },
  });
  app.addHook('onRequest', app.requireMerchant);

  route(app, storeApi.get, async (req) => store.get(authOf(req).accountId));

  route(app, storeApi.updateBasicInfo, async (req) =>
    store.saveBasicInfo(authOf(req).accountId, req.body),
  );

  route(app, storeApi.updateProfile, async (req) =>
    store.saveProfile(authOf(req).accountId, req.body),
  );

  route(app, storeApi.taxDetails, async (req) => store.taxDetails(authOf(req).accountId));

  route(app, storeApi.updateTaxDetails, async (req) =>
    store.saveTaxDetails(authOf(req).accountId, req.body),
  );

  route(app, storeApi.updateCarousel, async (req) =>
    store.saveCarousel(authOf(req).accountId, req.body),
  );

  route(app, storeApi.submitSsm, async (req) => {
    const part = await fileOf(req);
    return store.submitSsm(authOf(req).accountId, {
      fileName: part.filename,
      stream: part.file,
    });
  });

  route(app, storeApi.ssmDocument, async (req, reply) =>
    sendDocument(reply, await store.openDocument(authOf(req).accountId, req.params.id)),
  );
}
