// Generated from the route declarations by `npm run routes:table`: do not edit.
import type * as declared from '../index.js';
import { ref } from '../ref.js';

export const feedbackApi = {
  create: ref<typeof declared.feedbackApi.create>('POST', '/api/feedback'),
  list: ref<typeof declared.feedbackApi.list>('GET', '/api/feedback'),
};
