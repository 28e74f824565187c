// Generated from the route declarations by `npm run routes:table`: do not edit.
import type * as declared from '../index.js';
import { ref } from '../ref.js';

export const feedbackApi = {
  postFeedback: ref<typeof declared.feedbackApi.postFeedback>('POST', '/api/feedback'),
  getFeedback: ref<typeof declared.feedbackApi.getFeedback>('GET', '/api/feedback'),
};
