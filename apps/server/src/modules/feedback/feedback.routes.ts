import { feedback, feedbackInput, feedbackListQuery, feedbackListResponse } from '@sm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeDoc } from '../../lib/route-doc.js';
import { authOf } from '../auth/auth.guard.js';
import type { FeedbackService } from './feedback.service.js';

const doc = routeDoc('Merchant feedback', 'merchantSession');

export async function feedbackRoutes(
  app: FastifyInstance,
  { feedback: service }: { feedback: FeedbackService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireMerchant);

  r.post('/feedback', {
    schema: {
      ...doc(
        'Send feedback to the marketplace',
        'A category, a message of 10 to 1,000 characters, an optional reply-to contact (a Malaysian mobile or an e-mail address), the app version and language. At most 5 an hour per merchant: FEEDBACK_LIMIT with retryAfterSeconds.',
      ),
      body: feedbackInput,
      response: { 200: feedback },
    },
    handler: async (req) => service.submit(authOf(req).accountId, req.body),
  });

  r.get('/feedback', {
    schema: {
      ...doc('This merchant’s feedback, newest first (cursor pages)'),
      querystring: feedbackListQuery,
      response: { 200: feedbackListResponse },
    },
    handler: async (req) => service.list(authOf(req).accountId, req.query),
  });
}
