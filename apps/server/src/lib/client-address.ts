import { isIPv4, isIPv6 } from 'node:net';

/**
 * The address that sign-in limits count a client by: an IPv4 address as it is, an IPv6 address
 * by its /64 network. One subscriber is given a whole /64 and may use any address in it, so
 * counting single IPv6 addresses would give a guesser 2^64 fresh allowances.
 */
export function limitKeyOf(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(address) || !isIPv6(address)) return address;
  const [head = '', tail] = address.split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  // An embedded IPv4 tail counts as two groups; it never reaches the first four.
  const groups =
    tail === undefined
      ? front
      : [...front, ...Array(8 - front.length - back.length).fill('0'), ...back];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
