import net from 'node:net';

/** An IP address as one number: 32 bits for IPv4, 128 for IPv6. */
export interface IpAddress {
  family: 4 | 6;
  value: bigint;
}

/** A network: the address with its host bits zero, and the prefix length. */
export interface Cidr extends IpAddress {
  prefix: number;
}

const BITS = { 4: 32, 6: 128 } as const;

/** The upper 96 bits of ::ffff:0:0/96, where IPv6 sockets carry IPv4 addresses. */
const MAPPED_PREFIX = 0xffffn;

/** One part of an inet_aton address: decimal, octal after a 0, hex after 0x. */
function atonPart(part: string): bigint | null {
  if (/^0[xX][0-9a-fA-F]+$/.test(part)) return BigInt(part);
  if (/^0[0-7]*$/.test(part)) return BigInt(`0o${part.slice(1) || '0'}`);
  if (/^[1-9][0-9]*$/.test(part)) return BigInt(part);
  return null;
}

/**
 * IPv4 as inet_aton reads it, and so getaddrinfo and a connect: one to four parts, each decimal,
 * octal (`0177`) or hex (`0x7f`), the last filling the bytes that are left. So `127.1`, `0`,
 * `2130706433`, `0x7f.1` and `0177.0.0.1` are addresses, not names; null when it is not one.
 */
export function parseInetAton(text: string): bigint | null {
  const parts = text.split('.');
  if (parts.length > 4) return null;
  const values = parts.map(atonPart);
  let value = 0n;
  for (const [i, part] of values.entries()) {
    if (part === null) return null;
    const last = i === values.length - 1;
    const bytes = last ? 4 - i : 1;
    if (part >= 1n << BigInt(8 * bytes)) return null;
    value = last ? (value << BigInt(8 * bytes)) | part : (value << 8n) | part;
  }
  return value;
}

/**
 * WHATWG URL's rule for telling an address from a name: a host whose last label is a number
 * (digits, or 0x and hex) is an IPv4 address, valid or not; a name never ends in one.
 */
const endsInNumber = (host: string) =>
  /(^|\.)([0-9]+|0[xX][0-9a-fA-F]*)$/.test(host.replace(/\.$/, ''));

function parseIpv6(text: string): bigint | null {
  if (!net.isIPv6(text)) return null;
  let groups = text;
  // A dotted IPv4 tail (::ffff:127.0.0.1) as its two groups.
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(groups);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    groups = `${groups.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = groups.split('::');
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const all =
    rest === undefined
      ? left
      : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return all.reduce((value, group) => (value << 16n) | BigInt(`0x${group}`), 0n);
}

/** An address, normalised: IPv4-mapped IPv6 is the IPv4 address it carries. */
const normalised = (ip: IpAddress): IpAddress =>
  ip.family === 6 && ip.value >> 32n === MAPPED_PREFIX
    ? { family: 4, value: ip.value & 0xffff_ffffn }
    : ip;

export type ParsedHost =
  { kind: 'address'; ip: IpAddress } | { kind: 'name' } | { kind: 'invalid' };

/**
 * What a host as typed stands for, read as a connect would read it: an address in any spelling
 * (brackets, zone ids, IPv4-mapped IPv6 and every inet_aton form normalised), a name to resolve,
 * or something that is neither (`127.0.0.256`, `08.1`).
 */
export function parseHost(host: string): ParsedHost {
  const text = host.trim().replace(/^\[(.*)\]$/, '$1');
  if (text.includes(':')) {
    // The zone only picks the interface of a link-local address; the address is what is checked.
    const value = parseIpv6(text.replace(/%[^%]*$/, ''));
    return value === null
      ? { kind: 'invalid' }
      : { kind: 'address', ip: normalised({ family: 6, value }) };
  }
  if (!endsInNumber(text)) return { kind: 'name' };
  const value = parseInetAton(text.replace(/\.$/, ''));
  return value === null ? { kind: 'invalid' } : { kind: 'address', ip: { family: 4, value } };
}

/** The address in the form a socket takes: dotted IPv4, or IPv6's eight groups. */
export function formatAddress({ family, value }: IpAddress): string {
  if (family === 4) return [24n, 16n, 8n, 0n].map((shift) => (value >> shift) & 0xffn).join('.');
  return Array.from({ length: 8 }, (_, i) =>
    ((value >> BigInt(16 * (7 - i))) & 0xffffn).toString(16),
  ).join(':');
}

export const sameAddress = (a: IpAddress, b: IpAddress) =>
  a.family === b.family && a.value === b.value;

export function inCidr(cidr: Cidr, ip: IpAddress): boolean {
  if (cidr.family !== ip.family) return false;
  const shift = BigInt(BITS[cidr.family] - cidr.prefix);
  return ip.value >> shift === cidr.value >> shift;
}

/** The last address of an IPv4 network, its broadcast; none for /31, /32 and IPv6. */
export function broadcastOf(cidr: Cidr): IpAddress | null {
  if (cidr.family !== 4 || cidr.prefix > 30) return null;
  return { family: 4, value: cidr.value | ((1n << BigInt(32 - cidr.prefix)) - 1n) };
}

/**
 * A network as an operator writes it: `192.168.1.0/24`, `fd12:3456::/48`, or one address alone.
 * Strict (dotted decimal IPv4, host bits zero), so that a typo stops the start instead of
 * allowing a network nobody meant; throws the reason.
 */
export function parseCidr(text: string): Cidr {
  const [address = '', prefixText, ...extra] = text.trim().split('/');
  const family = net.isIPv4(address) ? 4 : net.isIPv6(address) ? 6 : null;
  if (family === null || extra.length) {
    throw new Error(`"${text}" is not a network (e.g. 192.168.1.0/24 or fd12:3456::/48)`);
  }
  const bits = BITS[family];
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) {
    throw new Error(`"${text}": the prefix length must be a number from 0 to ${bits}`);
  }
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix > bits) throw new Error(`"${text}": the prefix length must be from 0 to ${bits}`);
  const parsed = parseHost(address);
  if (parsed.kind !== 'address') throw new Error(`"${text}" is not a network`);
  // An IPv4-mapped IPv6 network would match nothing: addresses are checked in their IPv4 form.
  if (parsed.ip.family !== family) throw new Error(`"${text}": write the IPv4 network itself`);
  const { value } = parsed.ip;
  const shift = BigInt(bits - prefix);
  const network = (value >> shift) << shift;
  if (network !== value) {
    const ip = { family, value: network } as const;
    throw new Error(`"${text}" has host bits set: ${formatAddress(ip)}/${prefix}?`);
  }
  return { family, value, prefix };
}
