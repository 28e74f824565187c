// Generated from the route declarations by `npm run routes:table`: do not edit.
import type * as declared from '../index.js';
import { ref } from '../ref.js';

export const systemApi = {
  health: ref<typeof declared.systemApi.health>('GET', '/api/health'),
  version: ref<typeof declared.systemApi.version>('GET', '/api/version'),
};
