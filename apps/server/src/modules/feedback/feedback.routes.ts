import { feedbackApi } from '@sm/contract/routes';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { authOf } from '../auth/auth.guard.js';
import type { FeedbackService } from './feedback.service.js';

export async function feedbackRoutes(
  app: FastifyInstance,
  { feedback: service }: { feedback: FeedbackService },
) {
  app.addHook('onRequest', app.requireMerchant);

  route(app, feedbackApi.create, async (req) => service.submit(authOf(req).accountId, req.body));

  route(app, feedbackApi.list, async (req) => service.list(authOf(req).accountId, req.query));
}
