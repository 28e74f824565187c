import { describe, expect, it } from 'vitest';
import { loginRequest, passwordSchema, registerRequest, smsCodeSchema } from './auth.js';
import { validationFailure } from './validation.js';

const firstCode = (result: ReturnType<typeof registerRequest.safeParse>) =>
  result.success ? null : validationFailure(result.error);

describe('password rules', () => {
  it('needs 8 to 128 characters', () => {
    expect(passwordSchema.safeParse('1234567').success).toBe(false);
    expect(passwordSchema.safeParse('12345678').success).toBe(true);
    expect(passwordSchema.safeParse('x'.repeat(128)).success).toBe(true);
    const long = passwordSchema.safeParse('x'.repeat(129));
    expect(long.success ? null : validationFailure(long.error).code).toBe('PASSWORD_TOO_LONG');
    const short = passwordSchema.safeParse('abc');
    expect(short.success ? null : validationFailure(short.error).code).toBe('PASSWORD_TOO_SHORT');
  });
});

describe('SMS code rules', () => {
  it('is exactly six digits', () => {
    expect(smsCodeSchema.safeParse('012345').success).toBe(true);
    for (const bad of ['12345', '1234567', '12a456', ' 12345', '١٢٣٤٥٦']) {
      const r = smsCodeSchema.safeParse(bad);
      expect(r.success, bad).toBe(false);
    }
  });
});

describe('register form', () => {
  const valid = {
    phone: '012-345 6789',
    code: '123456',
    password: 'Secret#2026',
    confirmPassword: 'Secret#2026',
    agreePolicy: true,
  };

  it('normalises the phone', () => {
    expect(registerRequest.parse(valid).phone).toBe('+60123456789');
  });

  it('reports the spec messages, "fill in all fields" first', () => {
    expect(firstCode(registerRequest.safeParse({ ...valid, phone: '' }))).toEqual({
      code: 'REQUIRED_FIELDS',
      field: 'phone',
    });
    expect(firstCode(registerRequest.safeParse({ ...valid, phone: 'abc', code: '' }))?.code).toBe(
      'REQUIRED_FIELDS',
    );
    expect(
      firstCode(registerRequest.safeParse({ ...valid, confirmPassword: 'Other#2026' })),
    ).toEqual({
      code: 'PASSWORDS_DO_NOT_MATCH',
      field: 'confirmPassword',
    });
    expect(firstCode(registerRequest.safeParse({ ...valid, agreePolicy: false }))).toEqual({
      code: 'POLICY_NOT_AGREED',
      field: 'agreePolicy',
    });
    expect(firstCode(registerRequest.safeParse({ ...valid, phone: '03-1234 5678' }))).toEqual({
      code: 'INVALID_PHONE',
      field: 'phone',
    });
  });

  it('limits text fields to 140 characters', () => {
    const r = loginRequest.safeParse({ phone: '0'.repeat(141), password: 'x' });
    expect(r.success ? null : validationFailure(r.error).code).toBe('TEXT_TOO_LONG');
  });

  it('treats a wrong type as a bad request, not a missing field', () => {
    const r = loginRequest.safeParse({ phone: 123, password: 'x' });
    expect(r.success ? null : validationFailure(r.error).code).toBe('BAD_REQUEST');
  });
});
