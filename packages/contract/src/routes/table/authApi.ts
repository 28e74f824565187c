// Generated from the route declarations by `npm run routes:table`: do not edit.
import type * as declared from '../index.js';
import { ref } from '../ref.js';

export const authApi = {
  sendSmsCode: ref<typeof declared.authApi.sendSmsCode>('POST', '/api/auth/sms-code'),
  register: ref<typeof declared.authApi.register>('POST', '/api/auth/register'),
  login: ref<typeof declared.authApi.login>('POST', '/api/auth/login'),
  logout: ref<typeof declared.authApi.logout>('POST', '/api/auth/logout'),
  resetPassword: ref<typeof declared.authApi.resetPassword>('POST', '/api/auth/reset-password'),
  me: ref<typeof declared.authApi.me>('GET', '/api/me'),
};
