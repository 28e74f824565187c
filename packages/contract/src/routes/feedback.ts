import { feedback, feedbackInput, feedbackListQuery, feedbackListResponse } from '../index.js';
import { routeGroup } from './define.js';

const route = routeGroup('Merchant feedback', 'merchantSession');

export const feedbackApi = {
  create: route({
    method: 'POST',
    path: '/api/feedback',
    summary: 'Send feedback to the marketplace',
    description:
      'A category, a message of 10 to 1,000 characters, an optional reply-to contact (a Malaysian mobile or an e-mail address), the app version and language. At most 5 an hour per merchant: FEEDBACK_LIMIT with retryAfterSeconds.',
    body: feedbackInput,
    response: feedback,
  }),
  list: route({
    method: 'GET',
    path: '/api/feedback',
    summary: 'This merchant’s feedback, newest first (cursor pages)',
    query: feedbackListQuery,
    response: feedbackListResponse,
  }),
};
