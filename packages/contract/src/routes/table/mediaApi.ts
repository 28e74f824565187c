// Generated from the route declarations by `npm run routes:table`: do not edit.
import type * as declared from '../index.js';
import { ref } from '../ref.js';

export const mediaApi = {
  upload: ref<typeof declared.mediaApi.upload>('POST', '/api/media'),
};
