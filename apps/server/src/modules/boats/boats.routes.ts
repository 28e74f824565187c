import { boatsApi } from '@sm/contract/routes';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { authOf } from '../auth/auth.guard.js';
import type { BoatService } from './boats.service.js';

export async function boatRoutes(app: FastifyInstance, { boats }: { boats: BoatService }) {
  app.addHook('onRequest', app.requireMerchant);

  route(app, boatsApi.list, async (req) => ({
    items: await boats.listBoats(authOf(req).accountId),
  }));
  route(app, boatsApi.create, async (req) => boats.createBoat(authOf(req).accountId, req.body));
  route(app, boatsApi.get, async (req) => boats.getBoat(authOf(req).accountId, req.params.id));
  route(app, boatsApi.update, async (req) =>
    boats.updateBoat(authOf(req).accountId, req.params.id, req.body),
  );
  route(app, boatsApi.delete, async (req) => {
    await boats.deleteBoat(authOf(req).accountId, req.params.id);
    return { ok: true as const };
  });

  route(app, boatsApi.coldRooms, async (req) => boats.listColdRooms(authOf(req).accountId));
  route(app, boatsApi.coldRoomSettings, async (req) =>
    boats.setHasColdRoom(authOf(req).accountId, req.body.hasColdRoom),
  );
  route(app, boatsApi.createColdRoom, async (req) =>
    boats.createColdRoom(authOf(req).accountId, req.body),
  );
  route(app, boatsApi.getColdRoom, async (req) =>
    boats.getColdRoom(authOf(req).accountId, req.params.id),
  );
  route(app, boatsApi.updateColdRoom, async (req) =>
    boats.updateColdRoom(authOf(req).accountId, req.params.id, req.body),
  );
  route(app, boatsApi.deleteColdRoom, async (req) => {
    await boats.deleteColdRoom(authOf(req).accountId, req.params.id);
    return { ok: true as const };
  });
}
