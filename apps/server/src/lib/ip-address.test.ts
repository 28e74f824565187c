import { lookup } from 'node:dns/promises';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { broadcastOf, formatAddress, inCidr, parseCidr, parseHost } from './ip-address.js';

const addressOf = (host: string) => {
  const parsed = parseHost(host);
  return parsed.kind === 'address' ? formatAddress(parsed.ip) : parsed.kind;
};

/** Every way libc lets one write 127.0.0.1 and 0.0.0.0, and the private address of a shop. */
const SPELLINGS: [string, string][] = [
  ['127.0.0.1', '127.0.0.1'],
  ['127.1', '127.0.0.1'],
  ['127.0.1', '127.0.0.1'],
  ['2130706433', '127.0.0.1'],
  ['0x7f.1', '127.0.0.1'],
  ['0x7F000001', '127.0.0.1'],
  ['0177.0.0.1', '127.0.0.1'],
  ['017700000001', '127.0.0.1'],
  ['0x7f.0.0.0x1', '127.0.0.1'],
  ['0', '0.0.0.0'],
  ['0.0', '0.0.0.0'],
  ['00', '0.0.0.0'],
  ['0300.0250.1.062', '192.168.1.50'],
  ['3232235826', '192.168.1.50'],
];

describe('host spellings', () => {
  it('reads every inet_aton form as the address a connect would reach', async () => {
    for (const [host, address] of SPELLINGS) expect(addressOf(host), host).toBe(address);
    // The system resolver (what net.connect would use for a host that is not an IP) agrees.
    for (const [host, address] of SPELLINGS) {
      expect((await lookup(host, { family: 4 })).address, host).toBe(address);
    }
  });

  it('reads IPv6 in brackets, with zones, and IPv4-mapped as the IPv4 address', () => {
    expect(addressOf('[::1]')).toBe('0:0:0:0:0:0:0:1');
    expect(addressOf('::1%lo')).toBe('0:0:0:0:0:0:0:1');
    expect(addressOf('[fe80::1%eth0]')).toBe('fe80:0:0:0:0:0:0:1');
    expect(addressOf('::')).toBe('0:0:0:0:0:0:0:0');
    expect(addressOf('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(addressOf('[::ffff:7f00:1]')).toBe('127.0.0.1');
    expect(addressOf('::FFFF:169.254.169.254')).toBe('169.254.169.254');
    expect(addressOf('fd00:ec2::254')).toBe('fd00:ec2:0:0:0:0:0:254');
  });

  it('tells names from addresses as a URL does: a host ending in a number is an address or nothing', () => {
    for (const name of ['printer.lan', 'localhost', '1e100.net', 'kaunter-1.kedai.local', 'a0x1'])
      expect(addressOf(name), name).toBe('name');
    for (const bad of [
      '127.0.0.256',
      '08.1',
      '0x',
      '1.2.3.4.5',
      '4294967296',
      'printer.08',
      '1..2',
    ])
      expect(addressOf(bad), bad).toBe('invalid');
    expect(addressOf('4294967295')).toBe('255.255.255.255');
  });

  it('parses any 32-bit address back from its decimal, hex, octal and dotted forms', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffff_ffff }), (n) => {
        const dotted = [24, 16, 8, 0].map((s) => (n >>> s) & 0xff).join('.');
        for (const form of [String(n), `0x${n.toString(16)}`, `0${n.toString(8)}`, dotted]) {
          expect(addressOf(form)).toBe(dotted);
        }
        expect(addressOf(`::ffff:${dotted}`)).toBe(dotted);
      }),
    );
  });
});

describe('networks', () => {
  it('matches addresses of the network’s family inside its prefix', () => {
    const lan = parseCidr('192.168.1.0/24');
    const inside = (host: string) => {
      const parsed = parseHost(host);
      return parsed.kind === 'address' && inCidr(lan, parsed.ip);
    };
    expect(inside('192.168.1.50')).toBe(true);
    expect(inside('0300.0250.1.062')).toBe(true);
    expect(inside('::ffff:192.168.1.50')).toBe(true);
    expect(inside('192.168.2.1')).toBe(false);
    expect(inside('fd12::1')).toBe(false);
    expect(formatAddress(broadcastOf(lan)!)).toBe('192.168.1.255');
    expect(broadcastOf(parseCidr('10.0.0.9'))).toBeNull();
    const v6 = parseCidr('fd12:3456::/48');
    const ip = parseHost('fd12:3456:0:1::9');
    expect(ip.kind === 'address' && inCidr(v6, ip.ip)).toBe(true);
    expect(parseCidr('0.0.0.0/0').prefix).toBe(0);
  });
});
