// Generated from the route declarations by `npm run routes:table`: do not edit.
import type * as declared from '../index.js';
import { ref } from '../ref.js';

export const eventsApi = {
  stream: ref<typeof declared.eventsApi.stream>('GET', '/api/events'),
};
