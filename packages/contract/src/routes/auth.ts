import {
  buyerProfile,
  loginRequest,
  merchantProfile,
  okResponse,
  registerRequest,
  resetPasswordRequest,
  sendSmsCodeRequest,
  sendSmsCodeResponse,
} from '../index.js';
import { defineRoute, exampleBody } from './define.js';

/**
 * Sign-in routes of one role: merchants under /api/auth and /api/me, buyers under
 * /api/buyer/auth and /api/buyer/me. Same rules, separate accounts and cookies.
 */
const authRoutesOf = <
  const Base extends '/api' | '/api/buyer',
  const Tag extends string,
  const Scheme extends 'merchantSession' | 'buyerSession',
  Profile extends typeof merchantProfile | typeof buyerProfile,
>(
  base: Base,
  tag: Tag,
  security: Scheme,
  profile: Profile,
) => ({
  sendSmsCode: defineRoute({
    method: 'POST',
    path: `${base}/auth/sms-code`,
    tag,
    summary: 'Send a 6-digit code by SMS (60 s apart, 10 an hour, valid 5 minutes)',
    description: exampleBody({ phone: '013-000 0001', purpose: 'register' }),
    errors: [
      'INVALID_PHONE',
      'PHONE_TAKEN',
      'PHONE_NOT_REGISTERED',
      'SMS_COOLDOWN',
      'SMS_HOURLY_LIMIT',
      'SMS_SEND_FAILED',
      'RATE_LIMITED',
    ],
    body: sendSmsCodeRequest,
    response: sendSmsCodeResponse,
  }),
  register: defineRoute({
    method: 'POST',
    path: `${base}/auth/register`,
    tag,
    summary: 'Create the account with an SMS code and sign in',
    description: exampleBody({
      phone: '013-000 0001',
      code: '123456',
      password: 'Demo@1234',
      confirmPassword: 'Demo@1234',
      agreePolicy: true,
    }),
    errors: [
      'REQUIRED_FIELDS',
      'INVALID_PHONE',
      'PASSWORD_TOO_SHORT',
      'PASSWORD_TOO_LONG',
      'PASSWORDS_DO_NOT_MATCH',
      'POLICY_NOT_AGREED',
      'INVALID_CODE',
      'CODE_ATTEMPTS_EXCEEDED',
      'PHONE_TAKEN',
      'RATE_LIMITED',
    ],
    body: registerRequest,
    response: profile,
  }),
  login: defineRoute({
    method: 'POST',
    path: `${base}/auth/login`,
    tag,
    summary:
      'Sign in with phone and password (5 wrong passwords lock that address, or that known device, for 15 minutes)',
    description: exampleBody({ phone: '013-000 0001', password: 'Demo@1234' }),
    errors: [
      'REQUIRED_FIELDS',
      'INVALID_PHONE',
      'INVALID_CREDENTIALS',
      'ACCOUNT_LOCKED',
      'RATE_LIMITED',
    ],
    body: loginRequest,
    response: profile,
  }),
  logout: defineRoute({
    method: 'POST',
    path: `${base}/auth/logout`,
    tag,
    summary: 'End this session',
    response: okResponse,
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: `${base}/auth/reset-password`,
    tag,
    summary: 'Set a new password with an SMS code; ends every session of the account',
    description: exampleBody({
      phone: '013-000 0001',
      code: '123456',
      password: 'New@12345',
      confirmPassword: 'New@12345',
    }),
    errors: [
      'REQUIRED_FIELDS',
      'INVALID_PHONE',
      'PASSWORD_TOO_SHORT',
      'PASSWORD_TOO_LONG',
      'PASSWORDS_DO_NOT_MATCH',
      'INVALID_CODE',
      'CODE_ATTEMPTS_EXCEEDED',
      'RATE_LIMITED',
    ],
    body: resetPasswordRequest,
    response: okResponse,
  }),
  me: defineRoute({
    method: 'GET',
    path: `${base}/me`,
    tag,
    security,
    summary: 'The signed-in profile',
    errors: ['NOT_LOGGED_IN', 'SESSION_EXPIRED'],
    response: profile,
  }),
});

export const authApi = authRoutesOf('/api', 'Merchant sign-in', 'merchantSession', merchantProfile);
export const buyerAuthApi = authRoutesOf(
  '/api/buyer',
  'Buyer sign-in',
  'buyerSession',
  buyerProfile,
);
