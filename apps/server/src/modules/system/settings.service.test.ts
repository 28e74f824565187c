import { describe, expect, it } from 'vitest';
import { lateSecrets } from './settings.service.js';

describe('lateSecrets', () => {
  it('refuses a read before the secrets are known, and gives them after', () => {
    const late = lateSecrets();
    expect(() => late.secrets.appSecret).toThrow(/appSecret was read before/);
    expect(() => late.secrets.operatorToken).toThrow(/operatorToken was read before/);
    late.resolve({ appSecret: 'app', operatorToken: 'operator' });
    expect(late.secrets.appSecret).toBe('app');
    expect(late.secrets.operatorToken).toBe('operator');
  });
});
