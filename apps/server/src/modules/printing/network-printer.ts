import { lookup } from 'node:dns/promises';
import net from 'node:net';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../../lib/errors.js';
import {
  broadcastOf,
  type Cidr,
  formatAddress,
  inCidr,
  type IpAddress,
  parseCidr,
  parseHost,
  sameAddress,
} from '../../lib/ip-address.js';

/** Connect, and then any pause in sending, longer than this means the printer is not there. */
export const PRINTER_TIMEOUT_MS = 5_000;

/**
 * No failed print answers sooner than this. A closed port answers in milliseconds and a refused
 * address in none, so without a floor the answer's time would tell the merchant which addresses
 * the server refuses (its own among them) and which ports are open. At the floor, a refused
 * address reads exactly as a shop's host whose printer port is closed; only a host that does not
 * answer at all takes longer (the connect timeout), and it is one the rules allowed.
 */
export const PRINTER_FAILURE_FLOOR_MS = 1_500;

/** Raw LAN printing as the operator configured it (config.ts). */
export interface LanPrinting {
  /** PRINTER_LAN_NETWORKS: printers must be inside one of these; none means the feature is off. */
  networks: Cidr[];
  /** PRINTER_TEST_LOOPBACK, tests only: stand-in printers on 127.0.0.1, on any port. */
  testLoopback: boolean;
}

export const lanPrintingOn = (lan: LanPrinting) => lan.networks.length > 0 || lan.testLoopback;

/** What the server touches to print; tests stand in a LAN of their own. */
export interface PrinterNetwork {
  /** Every address of a name, from the system resolver. */
  lookup(host: string): Promise<string[]>;
  /** A TCP connection to an address already checked (never a name: it would be resolved again). */
  connect(address: string, port: number): net.Socket;
  /** This server's interface addresses, with their networks (`os.networkInterfaces()` form). */
  interfaces(): { address: string; cidr: string | null }[];
}

export const systemNetwork: PrinterNetwork = {
  lookup: async (host) => (await lookup(host, { all: true })).map((found) => found.address),
  connect: (address, port) => net.connect({ host: address, port }),
  interfaces: () => Object.values(os.networkInterfaces()).flatMap((list) => list ?? []),
};

/**
 * Never a printer, inside a configured network or not: the server itself, and the addresses
 * through which a request would reach its host or its cloud rather than the shop.
 */
const NEVER: [Cidr, string][] = [
  [parseCidr('0.0.0.0/8'), 'unspecified: this host'],
  [parseCidr('127.0.0.0/8'), 'loopback'],
  [parseCidr('169.254.0.0/16'), 'link-local, where cloud metadata answers (169.254.169.254)'],
  [parseCidr('100.100.100.200'), 'Alibaba Cloud metadata'],
  [parseCidr('168.63.129.16'), 'Azure platform endpoint'],
  [parseCidr('224.0.0.0/4'), 'multicast'],
  [parseCidr('240.0.0.0/4'), 'reserved, with the broadcast address'],
  [parseCidr('::/96'), 'unspecified, loopback or IPv4-compatible'],
  [parseCidr('fe80::/10'), 'link-local'],
  [parseCidr('fd00:ec2::254'), 'AWS metadata over IPv6'],
  [parseCidr('ff00::/8'), 'multicast'],
];

const TEST_LOOPBACK: IpAddress = { family: 4, value: 0x7f00_0001n };

/** Why the server will not print to this address; null when it may. */
export function refusalOf(ip: IpAddress, lan: LanPrinting, network: PrinterNetwork): string | null {
  if (lan.testLoopback && sameAddress(ip, TEST_LOOPBACK)) return null;
  for (const [range, why] of NEVER) if (inCidr(range, ip)) return why;
  for (const own of network.interfaces()) {
    const parsed = parseHost(own.address);
    if (parsed.kind === 'address' && sameAddress(ip, parsed.ip)) return 'this server’s own address';
    const broadcast = interfaceBroadcast(own.cidr);
    if (broadcast && sameAddress(ip, broadcast)) return 'broadcast';
  }
  const inside = lan.networks.find((n) => inCidr(n, ip));
  if (!inside) return 'outside PRINTER_LAN_NETWORKS';
  const broadcast = broadcastOf(inside);
  if (broadcast && sameAddress(ip, broadcast)) return 'broadcast';
  return null;
}

/** The broadcast address of an interface's IPv4 network: `192.0.2.2/24` → 192.0.2.255. */
function interfaceBroadcast(cidr: string | null): IpAddress | null {
  const [address = '', prefix] = (cidr ?? '').split('/');
  const parsed = parseHost(address);
  if (parsed.kind !== 'address' || parsed.ip.family !== 4 || !prefix) return null;
  return broadcastOf({ ...parsed.ip, prefix: Number(prefix) });
}

/** The one port rule: it depends on no network, so breaking it is told plainly. */
export const portAllowed = (port: number, lan: LanPrinting, rawPorts: readonly number[]) =>
  lan.testLoopback || rawPorts.includes(port);

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * The address to connect to: the host's own if it is one (any spelling), else the name's; every
 * address of a name must pass, and the connect goes to the checked address, so a name that
 * answers differently the second time (DNS rebinding) changes nothing.
 */
async function checkedAddress(
  host: string,
  lan: LanPrinting,
  network: PrinterNetwork,
  timeoutMs: number,
): Promise<IpAddress> {
  const parsed = parseHost(host);
  if (parsed.kind === 'invalid')
    throw new Error(`refused: ${host} is neither an address nor a name`);
  let addresses: IpAddress[];
  if (parsed.kind === 'address') addresses = [parsed.ip];
  else {
    const found = await within(network.lookup(host), timeoutMs, `resolving ${host}`);
    addresses = found.map((text) => {
      const ip = parseHost(text);
      if (ip.kind !== 'address') throw new Error(`refused: ${host} resolved to ${text}`);
      return ip.ip;
    });
  }
  const [first] = addresses;
  if (!first) throw new Error(`${host} has no address`);
  for (const ip of addresses) {
    const why = refusalOf(ip, lan, network);
    if (why) throw new Error(`refused: ${host} is ${formatAddress(ip)}, ${why}`);
  }
  return first;
}

/**
 * Sends the bytes over a connected socket and closes. Done means the bytes left this host: the
 * protocol has no answer to wait for.
 */
function transmit(socket: net.Socket, bytes: Uint8Array, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (cause: Error) => {
      socket.destroy();
      if (settled) return;
      settled = true;
      reject(cause);
    };
    // An inactivity timer: it runs during connect and whenever a write stalls (printer out of
    // paper with a full buffer), and after the job it closes a socket the printer keeps open.
    socket.setTimeout(timeoutMs, () => fail(new Error(`no progress in ${timeoutMs} ms`)));
    socket.on('error', fail);
    // Some printers report status unasked; reading keeps their bytes from stalling the socket.
    socket.resume();
    socket.once('connect', () => socket.end(bytes));
    socket.once('finish', () => {
      settled = true;
      resolve();
    });
  });
}

export interface SendOptions {
  lan: LanPrinting;
  network: PrinterNetwork;
  timeoutMs: number;
}

/**
 * Sends a job to a raw ESC/POS port (JetDirect, usually 9100) once the address passes the rules.
 * A refused address and a printer that does not answer are one failure to the merchant,
 * PRINTER_UNREACHABLE after at least PRINTER_FAILURE_FLOOR_MS, so that the answer maps nothing;
 * the cause (which rule, or the socket's error) goes to the log.
 */
export async function sendToPrinter(
  host: string,
  port: number,
  bytes: Uint8Array,
  { lan, network, timeoutMs }: SendOptions,
): Promise<void> {
  const started = performance.now();
  try {
    const address = await checkedAddress(host, lan, network, timeoutMs);
    await transmit(network.connect(formatAddress(address), port), bytes, timeoutMs);
  } catch (cause) {
    // A loop, as a timer may fire a fraction of a millisecond before its time.
    for (let left = PRINTER_FAILURE_FLOOR_MS; left > 0;) {
      left = PRINTER_FAILURE_FLOOR_MS - (performance.now() - started);
      if (left > 0) await sleep(Math.ceil(left));
    }
    const error = new AppError('PRINTER_UNREACHABLE');
    error.cause = cause;
    throw error;
  }
}
