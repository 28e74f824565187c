import net from 'node:net';
import type { BuyerOrder, OrderDetail, Printer } from '@sm/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount, seedDemoData, signIn } from '../../../test/auctions.js';
import { Client, createTestApp, DB_KINDS, type TestApp } from '../../../test/helpers.js';
import { wonOrder } from '../../../test/orders.js';
import { printJob } from './escpos.js';
import { PRINTER_FAILURE_FLOOR_MS, type PrinterNetwork, systemNetwork } from './network-printer.js';
import { insertPrinter } from './printing.repo.js';
import { renderSlip, renderTestPage } from './slip.js';

/** A raw-port printer stand-in: every connection's bytes, once the sender has closed. */
async function listener() {
  const jobs: Buffer[] = [];
  const waiting: ((job: Buffer) => void)[] = [];
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => {
      socket.end();
      const job = Buffer.concat(chunks);
      const next = waiting.shift();
      if (next) next(job);
      else jobs.push(job);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    /** Connections ever accepted. */
    connections: () => connections,
    /** The next whole job received. */
    next: () =>
      new Promise<Buffer>((resolve) => {
        const job = jobs.shift();
        if (job) resolve(job);
        else waiting.push(resolve);
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port on which nothing listens: taken, then given back. */
async function closedPort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * The shop's LAN as the tests stand it in: 10.77.0.0/16, in which the printer is 10.77.0.5 (the
 * listener), 10.77.0.6 a host whose printer port is closed, and 10.77.0.9 this server itself. A
 * print can only reach a printer here through the server's checks; every connection the server
 * opens is recorded, and any address but 10.77.0.6 leads to the listener, so a refused address
 * that was connected to anyway would show there. Loopback is refused always, so a listener on
 * 127.0.0.1 cannot be reached as itself: the address the server checks and dials is the LAN's.
 */
const LAN = {
  printer: '10.77.0.5',
  closed: '10.77.0.6',
  self: '10.77.0.9',
  names: {
    'counter.kedai.lan': ['10.77.0.5'],
    // DNS rebinding: one answer in the network, one the server's own.
    'rebind.kedai.lan': ['10.77.0.5', '127.0.0.1'],
    'metadata.kedai.lan': ['169.254.169.254'],
  } as Record<string, string[]>,
};

function standInLan(printerPort: number, closed: number) {
  const connects: string[] = [];
  const network: PrinterNetwork = {
    lookup: async (host) => LAN.names[host] ?? systemNetwork.lookup(host),
    connect: (address, port) => {
      connects.push(`${address}:${port}`);
      return net.connect({
        host: '127.0.0.1',
        port: address === LAN.closed ? closed : printerPort,
      });
    },
    interfaces: () => [
      ...systemNetwork.interfaces(),
      { address: LAN.self, cidr: `${LAN.self}/16` },
    ],
  };
  return { network, connects };
}

/** A non-internal IPv4 address of this machine, if it has one: the server's own, for real. */
const ownInterfaceAddress = systemNetwork
  .interfaces()
  .map((i) => i.address)
  .find((a) => net.isIPv4(a) && !a.startsWith('127.'));

/**
 * The networks the tests allow. The always-refused ranges are in them on purpose: loopback,
 * "this host", link-local and metadata, multicast and broadcast, all IPv6; the rules refuse them
 * even there. 192.168.0.0/16 is left out: an address there is outside every network.
 */
const NETWORKS = [
  '10.77.0.0/16',
  '127.0.0.0/8',
  '0.0.0.0/8',
  '169.254.0.0/16',
  '100.64.0.0/10',
  '224.0.0.0/3',
  '::/0',
  ...(ownInterfaceAddress ? [`${ownInterfaceAddress}/32`] : []),
].join(',');

/** How long a call took, ms. */
async function timed<T>(call: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await call();
  return [result, performance.now() - started];
}

const HEADER = 8;
/** GS v 0 m xL xH yL yH. */
const rasterHeader = (bytesPerRow: number, rows: number) => [
  0x1d,
  0x76,
  0x30,
  0,
  bytesPerRow & 0xff,
  bytesPerRow >> 8,
  rows & 0xff,
  rows >> 8,
];
const CUT = [0x1d, 0x56, 66, 0];

describe.each(DB_KINDS)('printing on %s', (kind) => {
  let t: TestApp;
  let merchant: Client;
  let buyer: Client;
  let order: BuyerOrder;
  let printerListener: Awaited<ReturnType<typeof listener>>;
  let connects: string[];
  const accountSeq = 3_000 + (kind === 'postgres' ? 500 : 0);

  beforeAll(async () => {
    printerListener = await listener();
    const lan = standInLan(printerListener.port, await closedPort());
    connects = lan.connects;
    t = await createTestApp(
      kind,
      { PRINTER_LAN_NETWORKS: NETWORKS },
      { printerNetwork: lan.network },
    );
    await seedDemoData(t);
    merchant = await signIn(t, 'merchant');
    buyer = await signIn(t, 'buyer');
    order = await wonOrder(t, merchant, buyer, 105, 2000);
  });
  afterAll(async () => {
    await printerListener?.close();
    await t?.close();
  });

  const addPrinter = async (body: Record<string, unknown>) => {
    const res = await merchant.post('/api/printers', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Printer;
  };

  it('adds, lists, changes and removes printers; only a network printer keeps an address', async () => {
    expect((await merchant.get('/api/printers')).json()).toEqual({
      items: [],
      networkPrinting: true,
    });

    const counter = await addPrinter({ name: ' Counter ', kind: 'network', host: '192.168.1.50' });
    expect(counter).toMatchObject({
      name: 'Counter',
      kind: 'network',
      paperWidth: 58,
      host: '192.168.1.50',
      port: 9100,
    });
    const pocket = await addPrinter({
      name: '口袋打印机',
      kind: 'bluetooth',
      paperWidth: 80,
      host: 'ignored.local',
      port: 1234,
    });
    expect(pocket).toMatchObject({ kind: 'bluetooth', paperWidth: 80, host: null, port: null });

    const list = (await merchant.get('/api/printers')).json() as { items: Printer[] };
    expect(list.items.map((p) => p.id)).toEqual([counter.id, pocket.id]);

    const changed = await merchant.request('PUT', `/api/printers/${counter.id}`, {
      name: 'Counter 80',
      kind: 'network',
      paperWidth: 80,
      host: 'printer.lan',
      port: 9101,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ id: counter.id, paperWidth: 80, port: 9101 });
    const toSystem = await merchant.request('PUT', `/api/printers/${counter.id}`, {
      name: 'Office',
      kind: 'system',
    });
    expect(toSystem.json()).toMatchObject({ kind: 'system', paperWidth: 58, host: null });

    for (const p of [counter, pocket]) {
      const gone = await merchant.request('DELETE', `/api/printers/${p.id}`);
      expect(gone.statusCode, gone.body).toBe(200);
    }
    const again = await merchant.request('DELETE', `/api/printers/${counter.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('NOT_FOUND');
    expect((await merchant.get('/api/printers')).json()).toMatchObject({ items: [] });
  });

  it('checks the input with the contract and answers coded errors at the field', async () => {
    const good = { name: 'Kitchen', kind: 'network', host: '10.0.0.7', port: 9100 };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ host: undefined }, 'REQUIRED_FIELDS', 'host'],
      [{ host: '   ' }, 'REQUIRED_FIELDS', 'host'],
      [{ host: 'not a host!' }, 'INVALID_HOST', 'host'],
      [{ port: 70_000 }, 'INVALID_PORT', 'port'],
      [{ port: 0 }, 'INVALID_PORT', 'port'],
      [{ port: 'abc' }, 'INVALID_PORT', 'port'],
      // Raw printing ports only: the server is not to be aimed at Redis or PostgreSQL.
      [{ port: 6379 }, 'PRINTER_PORT_NOT_ALLOWED', 'port'],
      [{ port: 5432 }, 'PRINTER_PORT_NOT_ALLOWED', 'port'],
      [{ port: 9103 }, 'PRINTER_PORT_NOT_ALLOWED', 'port'],
      [{ name: '' }, 'REQUIRED_FIELDS', 'name'],
      [{ kind: 'usb' }, 'BAD_REQUEST', 'kind'],
      [{ paperWidth: 57 }, 'BAD_REQUEST', 'paperWidth'],
    ];
    for (const [patch, code, field] of cases) {
      const res = await merchant.post('/api/printers', { ...good, ...patch });
      expect(res.json(), JSON.stringify(patch)).toMatchObject({ code, field });
      expect(res.statusCode).toBe(400);
    }
    const badId = await merchant.request('PUT', '/api/printers/nope', good);
    expect(badId.json().code).toBe('INVALID_ID');
    // IPv6 addresses are hosts too, bare, bracketed or with a zone.
    for (const host of ['fd12::5', '[fd12::5]', 'fe80::1%eth0', '::ffff:10.0.0.7']) {
      const res = await merchant.post('/api/printers', { ...good, host });
      expect(res.statusCode, host).toBe(200);
    }
  });

  it('sends the test page to a network printer: the listener gets exactly the encoder’s job', async () => {
    const p = await addPrinter({ name: 'Counter 柜台', kind: 'network', host: LAN.printer });
    connects.length = 0;
    const res = await merchant.post(`/api/printers/${p.id}/test`, { lang: 'zh' });
    expect(res.statusCode, res.body).toBe(200);
    const received = await printerListener.next();
    expect(connects).toEqual(['10.77.0.5:9100']);
    expect(res.json()).toEqual({ ok: true, bytes: received.length });

    // The same page, rendered again at the same (test clock) time, encodes to the same bytes.
    const page = await renderTestPage(
      { printerName: 'Counter 柜台', printedAt: t.clock.now() },
      58,
      'zh',
    );
    expect(page.width).toBe(384);
    expect(Buffer.from(printJob(page)).equals(received)).toBe(true);

    expect([...received.subarray(0, 2)]).toEqual([0x1b, 0x40]);
    expect([...received.subarray(2, 2 + HEADER)]).toEqual(rasterHeader(48, page.height));
    expect(received.length).toBe(2 + HEADER + 48 * page.height + 3 + CUT.length);
    expect([...received.subarray(-CUT.length)]).toEqual(CUT);
    // Dots are there: the page is not blank.
    expect(received.subarray(2 + HEADER, -7).some((b) => b !== 0)).toBe(true);
  });

  it('prints an order’s slip through the server on 80 mm paper', async () => {
    const p = await addPrinter({
      name: 'Wide',
      kind: 'network',
      paperWidth: 80,
      host: 'counter.kedai.lan',
      port: 9101,
    });
    connects.length = 0;
    const res = await merchant.post(`/api/printers/${p.id}/print`, { orderId: order.id });
    expect(res.statusCode, res.body).toBe(200);
    const received = await printerListener.next();
    expect([...received.subarray(0, 2)]).toEqual([0x1b, 0x40]);
    const rows = received[2 + 6]! | (received[2 + 7]! << 8);
    expect([...received.subarray(2, 2 + HEADER)]).toEqual(rasterHeader(72, rows));
    expect([...received.subarray(-CUT.length)]).toEqual(CUT);
    // The name was resolved and checked once; the socket went to the address that passed.
    expect(connects).toEqual(['10.77.0.5:9101']);

    const missing = await merchant.post(`/api/printers/${p.id}/print`, {
      orderId: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    const noOrder = await merchant.post(`/api/printers/${p.id}/print`, {});
    expect(noOrder.json()).toMatchObject({ code: 'REQUIRED_FIELDS', field: 'orderId' });
  });

  it('answers PRINTER_UNREACHABLE when nothing listens, and leaves other kinds to the app', async () => {
    const p = await addPrinter({ name: 'Off', kind: 'network', host: LAN.closed });
    const res = await merchant.post(`/api/printers/${p.id}/test`);
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('PRINTER_UNREACHABLE');
    const slip = await merchant.post(`/api/printers/${p.id}/print`, { orderId: order.id });
    expect(slip.json().code).toBe('PRINTER_UNREACHABLE');

    const bt = await addPrinter({ name: 'Pocket', kind: 'bluetooth' });
    const notHere = await merchant.post(`/api/printers/${bt.id}/test`);
    expect(notHere.statusCode).toBe(400);
    expect(notHere.json()).toMatchObject({ code: 'BAD_REQUEST', field: 'kind' });
  });

  it('refuses the server’s own addresses, in every spelling, without a connection', async () => {
    const refused = [
      // Loopback, as the issue found it answered, and the other ways libc lets one write it.
      '127.0.0.1',
      '127.1',
      '2130706433',
      '0x7f.1',
      '0177.0.0.1',
      '0x7f000001',
      '127.255.255.254',
      'localhost',
      '::1',
      '[::1]',
      '::ffff:127.0.0.1',
      '[::ffff:7f00:1]',
      // This host.
      '0',
      '0.0.0.0',
      '::',
      // Link-local, and the clouds' metadata services.
      '169.254.169.254',
      '0xa9fea9fe',
      '::ffff:169.254.169.254',
      'fe80::1%eth0',
      'fd00:ec2::254',
      '100.100.100.200',
      // Multicast and broadcast, the shop network's own broadcast among them.
      '224.0.0.1',
      '255.255.255.255',
      'ff02::1',
      '10.77.255.255',
      // The server's own address in the shop network, and this machine's real one.
      LAN.self,
      ...(ownInterfaceAddress ? [ownInterfaceAddress] : []),
      // Outside every configured network.
      '192.168.1.50',
      // Names: one that rebinds to loopback, one that is the metadata service.
      'rebind.kedai.lan',
      'metadata.kedai.lan',
      // Neither an address nor a name.
      '08.1',
      '127.0.0.256',
    ];
    const printers: Printer[] = [];
    for (const host of refused)
      printers.push(await addPrinter({ name: host, kind: 'network', host }));
    const before = printerListener.connections();
    connects.length = 0;
    // All at once: each waits out the failure floor.
    const answers = await Promise.all(
      printers.map((p) => timed(() => merchant.post(`/api/printers/${p.id}/test`))),
    );
    for (const [i, [res, ms]] of answers.entries()) {
      expect(res.statusCode, refused[i]).toBe(502);
      expect(res.json(), refused[i]).toEqual({
        code: 'PRINTER_UNREACHABLE',
        message: 'Printer not reachable',
      });
      expect(ms, refused[i]).toBeGreaterThanOrEqual(PRINTER_FAILURE_FLOOR_MS);
    }
    expect(connects).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(printerListener.connections()).toBe(before);
  });

  it('answers a refused address and a closed printer port alike, after the same floor', async () => {
    const closed = await addPrinter({ name: 'Closed port', kind: 'network', host: LAN.closed });
    const self = await addPrinter({ name: 'Itself', kind: 'network', host: '127.1', port: 9102 });
    connects.length = 0;
    const test = (p: Printer) => timed(() => merchant.post(`/api/printers/${p.id}/test`));
    const [[a, aMs], [b, bMs]] = await Promise.all([test(closed), test(self)]);
    // Only the closed port was dialled (and refused the connection in well under a millisecond).
    expect(connects).toEqual(['10.77.0.6:9100']);
    expect(a.statusCode).toBe(502);
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.body).toBe(a.body);
    expect(Object.keys(a.headers).sort()).toEqual(Object.keys(b.headers).sort());
    expect(aMs).toBeGreaterThanOrEqual(PRINTER_FAILURE_FLOOR_MS);
    expect(bMs).toBeGreaterThanOrEqual(PRINTER_FAILURE_FLOOR_MS);
    expect(Math.abs(aMs - bMs)).toBeLessThan(500);
  });

  it('reaches an allowed address in any spelling as that address, and only on a raw port', async () => {
    for (const host of ['::ffff:10.77.0.5', '012.0115.0.5', '0x0a4d0005']) {
      const p = await addPrinter({ name: host, kind: 'network', host });
      connects.length = 0;
      const res = await merchant.post(`/api/printers/${p.id}/test`);
      expect(res.statusCode, res.body).toBe(200);
      await printerListener.next();
      expect(connects, host).toEqual(['10.77.0.5:9100']);
    }
    // A printer saved before the port rule (or by other means) meets it at each print.
    const me = (await merchant.get('/api/me')).json() as { id: string };
    const redis = await insertPrinter(t.database.db, me.id, {
      name: 'Redis',
      kind: 'network',
      paperWidth: 58,
      host: LAN.printer,
      port: 6379,
    });
    connects.length = 0;
    const res = await merchant.post(`/api/printers/${redis.id}/test`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'PRINTER_PORT_NOT_ALLOWED', field: 'port' });
    expect(connects).toEqual([]);
  });

  it('serves the slip as ESC/POS bytes and as a PNG as wide as the paper', async () => {
    for (const [paperWidth, dots] of [
      [58, 384],
      [80, 576],
    ] as const) {
      const png = await merchant.get(`/api/orders/${order.id}/slip.png?paperWidth=${paperWidth}`);
      expect(png.statusCode, png.body).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      expect(png.headers['cache-control']).toBe('no-store');
      const meta = await sharp(png.rawPayload).metadata();
      expect(meta.format).toBe('png');
      expect(meta.width).toBe(dots);

      const bin = await merchant.get(`/api/orders/${order.id}/slip.bin?paperWidth=${paperWidth}`);
      expect(bin.statusCode, bin.body).toBe(200);
      expect(bin.headers['content-type']).toBe('application/octet-stream');
      const job = bin.rawPayload;
      expect([...job.subarray(0, 2)]).toEqual([0x1b, 0x40]);
      expect([...job.subarray(2, 6)]).toEqual([0x1d, 0x76, 0x30, 0]);
      expect(job[6]! | (job[7]! << 8)).toBe(dots / 8);
      expect(meta.height).toBe(job[8]! | (job[9]! << 8));
      expect([...job.subarray(-CUT.length)]).toEqual(CUT);
    }
    // The bytes are the encoder's job for the order's slip, in the language asked for.
    const detail = (await merchant.get(`/api/orders/${order.id}`)).json() as OrderDetail;
    const me = (await merchant.get('/api/me')).json() as { storeName: string | null };
    const slip = await renderSlip(
      {
        storeName: me.storeName,
        orderNumber: detail.number,
        batchNumber: detail.batchNumber,
        createdAt: new Date(detail.createdAt),
        itemName: detail.item.name,
        species: detail.item.species,
        quantity: detail.item.quantity,
        buyerName: detail.buyer.name,
        buyerMaskedPhone: detail.buyer.maskedPhone,
      },
      58,
      'my',
    );
    const bin = await merchant.get(`/api/orders/${order.id}/slip.bin?paperWidth=58&lang=my`);
    expect(Buffer.from(printJob(slip)).equals(bin.rawPayload)).toBe(true);
    expect(me.storeName).toBeTruthy();

    const bad = await merchant.get(`/api/orders/${order.id}/slip.png?paperWidth=60`);
    expect(bad.json()).toMatchObject({ code: 'BAD_REQUEST', field: 'paperWidth' });
    const badLang = await merchant.get(`/api/orders/${order.id}/slip.png?lang=fr`);
    expect(badLang.json()).toMatchObject({ code: 'BAD_REQUEST', field: 'lang' });
  });

  it('serves the test page for Bluetooth and system printers', async () => {
    const png = await merchant.get('/api/printers/test-page.png?paperWidth=80&name=Office');
    expect(png.statusCode, png.body).toBe(200);
    expect((await sharp(png.rawPayload).metadata()).width).toBe(576);
    const bin = await merchant.get('/api/printers/test-page.bin?name=Pocket&lang=my');
    expect(bin.statusCode, bin.body).toBe(200);
    const page = await renderTestPage(
      { printerName: 'Pocket', printedAt: t.clock.now() },
      58,
      'my',
    );
    expect(Buffer.from(printJob(page)).equals(bin.rawPayload)).toBe(true);
  });

  it('treats another merchant’s printer or order as missing, and strangers as signed out', async () => {
    const p = await addPrinter({ name: 'Mine', kind: 'network', host: '127.0.0.1' });
    const other = await registerAccount(t, 'merchant', accountSeq + 1);
    expect((await other.get('/api/printers')).json()).toMatchObject({ items: [] });

    const theirs = { name: 'Theirs', kind: 'network', host: '127.0.0.1' };
    const attempts = [
      await other.request('PUT', `/api/printers/${p.id}`, theirs),
      await other.request('DELETE', `/api/printers/${p.id}`),
      await other.post(`/api/printers/${p.id}/test`),
      await other.post(`/api/printers/${p.id}/print`, { orderId: order.id }),
      await other.get(`/api/orders/${order.id}/slip.bin`),
      await other.get(`/api/orders/${order.id}/slip.png`),
    ];
    for (const res of attempts) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    // Their own printer cannot print my order either.
    const own = (await other.post('/api/printers', theirs)).json() as Printer;
    const cross = await other.post(`/api/printers/${own.id}/print`, { orderId: order.id });
    expect(cross.statusCode).toBe(404);
    // Mine is untouched.
    const mine = (await merchant.get('/api/printers')).json() as { items: Printer[] };
    expect(mine.items.find((x) => x.id === p.id)?.name).toBe('Mine');

    const stranger = new Client(t.app);
    expect((await stranger.get('/api/printers')).statusCode).toBe(401);
    expect((await stranger.get(`/api/orders/${order.id}/slip.png`)).statusCode).toBe(401);
    expect((await buyer.get('/api/printers')).statusCode).toBe(401);
  });
});

describe('printing with raw LAN printing off (no PRINTER_LAN_NETWORKS)', () => {
  let t: TestApp;
  let merchant: Client;
  let printerListener: Awaited<ReturnType<typeof listener>>;

  beforeAll(async () => {
    printerListener = await listener();
    t = await createTestApp('pglite');
    merchant = await registerAccount(t, 'merchant', 3_900);
  });
  afterAll(async () => {
    await printerListener?.close();
    await t?.close();
  });

  it('says so to the app, refuses network printers and opens no connection', async () => {
    expect((await merchant.get('/api/printers')).json()).toEqual({
      items: [],
      networkPrinting: false,
    });
    const network = { name: 'Counter', kind: 'network', host: '192.168.1.50' };
    const added = await merchant.post('/api/printers', network);
    expect(added.statusCode).toBe(409);
    expect(added.json()).toEqual({
      code: 'LAN_PRINTING_OFF',
      message:
        'Network printing is not available on this server: use Bluetooth or the print dialog',
    });
    const pocket = await merchant.post('/api/printers', { name: 'Pocket', kind: 'bluetooth' });
    expect(pocket.statusCode, pocket.body).toBe(200);
    const id = (pocket.json() as Printer).id;
    const changed = await merchant.request('PUT', `/api/printers/${id}`, network);
    expect(changed.json().code).toBe('LAN_PRINTING_OFF');

    // One saved while it was on prints nowhere, told at once.
    const me = (await merchant.get('/api/me')).json() as { id: string };
    const old = await insertPrinter(t.database.db, me.id, {
      name: 'Old',
      kind: 'network',
      paperWidth: 58,
      host: '127.0.0.1',
      port: printerListener.port,
    });
    for (const res of [
      await merchant.post(`/api/printers/${old.id}/test`),
      await merchant.post(`/api/printers/${old.id}/print`, {
        orderId: '00000000-0000-4000-8000-000000000000',
      }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('LAN_PRINTING_OFF');
    }
    expect(printerListener.connections()).toBe(0);
  });
});

describe('the browser tests’ stand-in printer (PRINTER_TEST_LOOPBACK)', () => {
  let t: TestApp;
  let merchant: Client;
  let printerListener: Awaited<ReturnType<typeof listener>>;

  beforeAll(async () => {
    printerListener = await listener();
    t = await createTestApp('pglite', { TEST_CLOCK: 'true', PRINTER_TEST_LOOPBACK: 'true' });
    merchant = await registerAccount(t, 'merchant', 3_950);
  });
  afterAll(async () => {
    await printerListener?.close();
    await t?.close();
  });

  it('prints to 127.0.0.1 on any port, and to nothing else', async () => {
    expect((await merchant.get('/api/printers')).json()).toMatchObject({ networkPrinting: true });
    const add = async (host: string) =>
      (
        await merchant.post('/api/printers', {
          name: host,
          kind: 'network',
          host,
          port: printerListener.port,
        })
      ).json() as Printer;
    const fake = await add('127.0.0.1');
    const res = await merchant.post(`/api/printers/${fake.id}/test`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await printerListener.next()).length).toBe(res.json().bytes);

    const others = ['::1', '127.0.0.2', '10.0.0.5', '169.254.169.254'];
    const printers = await Promise.all(others.map(add));
    const answers = await Promise.all(
      printers.map((p) => merchant.post(`/api/printers/${p.id}/test`)),
    );
    for (const [i, res] of answers.entries()) {
      expect(res.json().code, others[i]).toBe('PRINTER_UNREACHABLE');
    }
    expect(printerListener.connections()).toBe(1);
  });
});
