import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, SMS_CODE_LENGTH } from './constants.js';
import { isMalaysianMobile, normalizeMalaysianMobile } from './phone.js';
import { requiredBoolean, requiredString, requiredText } from './validation.js';

/** Any accepted way of writing a Malaysian mobile; parses to E.164. */
export const phoneSchema = requiredText()
  .refine(isMalaysianMobile, 'INVALID_PHONE')
  .transform((value) => normalizeMalaysianMobile(value) ?? value);

export const passwordSchema = requiredString(PASSWORD_MAX_LENGTH, 'PASSWORD_TOO_LONG').min(
  PASSWORD_MIN_LENGTH,
  'PASSWORD_TOO_SHORT',
);
/** Confirmation and sign-in only check presence: the rules live on the new password itself. */
const presentPassword = () => requiredString(PASSWORD_MAX_LENGTH, 'PASSWORD_TOO_LONG');

export const smsCodeSchema = requiredText(SMS_CODE_LENGTH * 2).regex(
  new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`),
  'INVALID_CODE_FORMAT',
);

export const smsPurposeSchema = z.enum(['register', 'reset'], { error: 'BAD_REQUEST' });
export type SmsPurpose = z.infer<typeof smsPurposeSchema>;

export const sendSmsCodeRequest = z
  .object({ phone: phoneSchema, purpose: smsPurposeSchema })
  .meta({ examples: [{ phone: '013-000 0001', purpose: 'register' }] });
export type SendSmsCodeRequest = z.input<typeof sendSmsCodeRequest>;

export const sendSmsCodeResponse = z.object({
  /** Seconds before another code may be sent to this phone. */
  retryAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
});
export type SendSmsCodeResponse = z.infer<typeof sendSmsCodeResponse>;

const passwordsMatch = {
  check: (d: { password: string; confirmPassword: string }) => d.password === d.confirmPassword,
  params: { message: 'PASSWORDS_DO_NOT_MATCH', path: ['confirmPassword'] },
};

export const registerRequest = z
  .object({
    phone: phoneSchema,
    code: smsCodeSchema,
    password: passwordSchema,
    confirmPassword: presentPassword(),
    agreePolicy: requiredBoolean(),
  })
  .refine(passwordsMatch.check, passwordsMatch.params)
  .refine((d) => d.agreePolicy, { message: 'POLICY_NOT_AGREED', path: ['agreePolicy'] })
  .meta({
    examples: [
      {
        phone: '013-000 0001',
        code: '123456',
        password: 'Demo@1234',
        confirmPassword: 'Demo@1234',
        agreePolicy: true,
      },
    ],
  });
export type RegisterRequest = z.input<typeof registerRequest>;

export const loginRequest = z
  .object({
    phone: phoneSchema,
    password: presentPassword(),
  })
  .meta({ examples: [{ phone: '013-000 0001', password: 'Demo@1234' }] });
export type LoginRequest = z.input<typeof loginRequest>;

export const resetPasswordRequest = z
  .object({
    phone: phoneSchema,
    code: smsCodeSchema,
    password: passwordSchema,
    confirmPassword: presentPassword(),
  })
  .refine(passwordsMatch.check, passwordsMatch.params)
  .meta({
    examples: [
      {
        phone: '013-000 0001',
        code: '123456',
        password: 'New@12345',
        confirmPassword: 'New@12345',
      },
    ],
  });
export type ResetPasswordRequest = z.input<typeof resetPasswordRequest>;

export const okResponse = z.object({ ok: z.literal(true) });

export const businessStatusSchema = z.enum(['unverified', 'pending', 'verified', 'rejected']);
export type BusinessStatus = z.infer<typeof businessStatusSchema>;

/** GET /api/me: the app keeps this as `merchantInfo` in local storage (never a credential). */
export const merchantProfile = z.object({
  id: z.string(),
  role: z.literal('merchant'),
  phone: z.string(),
  businessStatus: businessStatusSchema,
  businessRejectReason: z.string().nullable(),
  storeName: z.string().nullable(),
  createdAt: z.string(),
});
export type MerchantProfile = z.infer<typeof merchantProfile>;

export const buyerProfile = z.object({
  id: z.string(),
  role: z.literal('buyer'),
  phone: z.string(),
  displayName: z.string().nullable(),
  createdAt: z.string(),
});
export type BuyerProfile = z.infer<typeof buyerProfile>;
