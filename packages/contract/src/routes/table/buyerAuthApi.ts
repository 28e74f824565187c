// Generated from the route declarations by `npm run routes:table`: do not edit.
import type * as declared from '../index.js';
import { ref } from '../ref.js';

export const buyerAuthApi = {
  sendSmsCode: ref<typeof declared.buyerAuthApi.sendSmsCode>('POST', '/api/buyer/auth/sms-code'),
  register: ref<typeof declared.buyerAuthApi.register>('POST', '/api/buyer/auth/register'),
  login: ref<typeof declared.buyerAuthApi.login>('POST', '/api/buyer/auth/login'),
  logout: ref<typeof declared.buyerAuthApi.logout>('POST', '/api/buyer/auth/logout'),
  resetPassword: ref<typeof declared.buyerAuthApi.resetPassword>(
    'POST',
    '/api/buyer/auth/reset-password',
  ),
  me: ref<typeof declared.buyerAuthApi.me>('GET', '/api/buyer/me'),
};
