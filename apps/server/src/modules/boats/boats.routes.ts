import {
  boat,
  boatInput,
  boatListResponse,
  coldRoom,
  coldRoomInput,
  coldRoomListResponse,
  coldRoomSettings,
  idParams,
  okResponse,
} from '@sm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeDoc } from '../../lib/route-doc.js';
import { authOf } from '../auth/auth.guard.js';
import type { BoatService } from './boats.service.js';

const doc = routeDoc('Merchant boats and cold rooms', 'merchantSession');

const IMAGE_NOTE =
  'imageId: one of the merchant’s own photos (POST /api/media), or null for none; anyone else’s answers 404.';

export async function boatRoutes(app: FastifyInstance, { boats }: { boats: BoatService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireMerchant);

  r.get('/boats', {
    schema: {
      ...doc('The store’s boats, oldest first: the lot form picks from them'),
      response: { 200: boatListResponse },
    },
    handler: async (req) => ({ items: await boats.listBoats(authOf(req).accountId) }),
  });

  r.post('/boats', {
    schema: {
      ...doc(
        'Add a boat',
        `Boat number and owner name required (at most 140 characters each); a number the merchant already has, whatever its case and spacing, is BOAT_NUMBER_TAKEN. ${IMAGE_NOTE}`,
      ),
      body: boatInput,
      response: { 200: boat },
    },
    handler: async (req) => boats.createBoat(authOf(req).accountId, req.body),
  });

  r.get('/boats/:id', {
    schema: { ...doc('One boat'), params: idParams, response: { 200: boat } },
    handler: async (req) => boats.getBoat(authOf(req).accountId, req.params.id),
  });

  r.put('/boats/:id', {
    schema: {
      ...doc(
        'Change a boat (the whole of it, as when adding)',
        `Lots already published keep the number and owner they were published with. ${IMAGE_NOTE}`,
      ),
      params: idParams,
      body: boatInput,
      response: { 200: boat },
    },
    handler: async (req) => boats.updateBoat(authOf(req).accountId, req.params.id, req.body),
  });

  r.delete('/boats/:id', {
    schema: {
      ...doc('Delete a boat', 'Its published lots keep its number and owner.'),
      params: idParams,
      response: { 200: okResponse },
    },
    handler: async (req) => {
      await boats.deleteBoat(authOf(req).accountId, req.params.id);
      return { ok: true as const };
    },
  });

  r.get('/cold-rooms', {
    schema: {
      ...doc('The store’s has-cold-room flag and its cold rooms, oldest first'),
      response: { 200: coldRoomListResponse },
    },
    handler: async (req) => boats.listColdRooms(authOf(req).accountId),
  });

  r.put('/cold-rooms/settings', {
    schema: {
      ...doc(
        'Set the store’s has-cold-room flag',
        'The flag belongs to the store: before its basic info is saved, STORE_BASIC_INFO_REQUIRED.',
      ),
      body: coldRoomSettings,
      response: { 200: coldRoomSettings },
    },
    handler: async (req) => boats.setHasColdRoom(authOf(req).accountId, req.body.hasColdRoom),
  });

  r.post('/cold-rooms', {
    schema: {
      ...doc(
        'Add a cold room',
        `Name optional: left empty, it is 'Cold Room N', N the smallest number none of the merchant’s rooms uses. Owner optional; active unless told otherwise. ${IMAGE_NOTE}`,
      ),
      body: coldRoomInput,
      response: { 200: coldRoom },
    },
    handler: async (req) => boats.createColdRoom(authOf(req).accountId, req.body),
  });

  r.get('/cold-rooms/:id', {
    schema: { ...doc('One cold room'), params: idParams, response: { 200: coldRoom } },
    handler: async (req) => boats.getColdRoom(authOf(req).accountId, req.params.id),
  });

  r.put('/cold-rooms/:id', {
    schema: {
      ...doc(
        'Change a cold room (the whole of it, as when adding): rename, set active or inactive',
        `A cleared name takes a default 'Cold Room N' again (keeping the one it has). ${IMAGE_NOTE}`,
      ),
      params: idParams,
      body: coldRoomInput,
      response: { 200: coldRoom },
    },
    handler: async (req) => boats.updateColdRoom(authOf(req).accountId, req.params.id, req.body),
  });

  r.delete('/cold-rooms/:id', {
    schema: { ...doc('Delete a cold room'), params: idParams, response: { 200: okResponse } },
    handler: async (req) => {
      await boats.deleteColdRoom(authOf(req).accountId, req.params.id);
      return { ok: true as const };
    },
  });
}
