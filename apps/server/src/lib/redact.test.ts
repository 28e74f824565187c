import { describe, expect, it } from 'vitest';
import { redactSecrets } from './redact.js';

describe('redactSecrets', () => {
  it('blanks a cloud printer key and a job token, and keeps the rest', () => {
    expect(redactSecrets('/api/cloudprnt?key=AbC123&mac=00%3A11&token=t0k&type=image%2Fpng')).toBe(
      '/api/cloudprnt?key=[redacted]&mac=00%3A11&token=[redacted]&type=image%2Fpng',
    );
    expect(redactSecrets('/api/orders?q=monkey')).toBe('/api/orders?q=monkey');
    expect(redactSecrets('/api/x?Token=a#frag')).toBe('/api/x?Token=[redacted]#frag');
  });
});
