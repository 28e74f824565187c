import { describe, expect, it } from 'vitest';
import { limitKeyOf } from './client-address.js';

describe('limitKeyOf', () => {
  it('keeps IPv4 addresses, also when mapped into IPv6', () => {
    expect(limitKeyOf('203.0.113.9')).toBe('203.0.113.9');
    expect(limitKeyOf('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const key = '2001:db8:85a3:42::/64';
    expect(limitKeyOf('2001:db8:85a3:42::1')).toBe(key);
    expect(limitKeyOf('2001:0db8:85a3:0042:ffff:ffff:ffff:ffff')).toBe(key);
    expect(limitKeyOf('2001:DB8:85A3:42:0:0:0:7%eth0')).toBe(key);
    expect(limitKeyOf('2001:db8:85a3:43::1')).not.toBe(key);
    expect(limitKeyOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(limitKeyOf('::1')).toBe('0:0:0:0::/64');
  });
});
