// Generated from the route declarations by `npm run routes:table`: do not edit.
import type * as declared from '../index.js';
import { ref } from '../ref.js';

export const systemApi = {
  getHealth: ref<typeof declared.systemApi.getHealth>('GET', '/api/health'),
  getVersion: ref<typeof declared.systemApi.getVersion>('GET', '/api/version'),
};
