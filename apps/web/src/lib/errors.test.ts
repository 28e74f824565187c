import type { ErrorCode } from '@sm/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorText } from './errors';
import my from '../locales/my.json';
import { setLocale } from './i18n';
import { RequestError, RUNTIME_CODES } from './request';

beforeAll(async () => {
  await setLocale('en');
});

const failure = (code: number | string, message = '') =>
  new RequestError(code as ErrorCode, message, 400);

describe('errorText', () => {
  it('translates an API code', () => {
    expect(errorText(failure('INVALID_CREDENTIALS'))).toBe('Wrong phone number or password');
    expect(errorText(failure('PASSWORDS_DO_NOT_MATCH'))).toBe('Passwords do not match');
  });

  it('tells a time-out from a network error, both code 5', () => {
    expect(errorText(failure(RUNTIME_CODES.NETWORK, 'timeout'))).toBe('The request timed out');
    expect(errorText(failure(RUNTIME_CODES.NETWORK, 'Network error'))).toBe('Network error');
  });

  it('says nothing for an abort (600003): the caller cancelled', () => {
    expect(errorText(failure(RUNTIME_CODES.ABORTED))).toBeNull();
  });

  it('reports an upload network error (602001) as a failed upload', () => {
    expect(errorText(failure(RUNTIME_CODES.UPLOAD_NETWORK))).toBe('Upload failed');
  });

  it('falls back to "Failed" for an unknown code and for anything not a request error', () => {
    expect(errorText(failure('SOMETHING_NEW'))).toBe('Failed');
    expect(errorText(new Error('boom'))).toBe('Failed');
  });

  it('follows the current language', async () => {
    await setLocale('my');
    try {
      expect(errorText(failure(RUNTIME_CODES.NETWORK, 'Network error'))).toBe(
        my.messages.networkError,
      );
      expect(errorText(failure('SOMETHING_NEW'))).toBe(my.messages.failed);
    } finally {
      await setLocale('en');
    }
  });
});
