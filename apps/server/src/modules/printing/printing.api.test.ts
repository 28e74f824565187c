import net from 'node:net';
import type { BuyerOrder, OrderDetail, Printer } from '@sm/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount, seedDemoData, signIn } from '../../../test/auctions.js';
import { Client, createTestApp, DB_KINDS, type TestApp } from '../../../test/helpers.js';
import { wonOrder } from '../../../test/orders.js';
import { printJob } from './escpos.js';
import { renderSlip, renderTestPage } from './slip.js';

/** A raw-port printer stand-in: every connection's bytes, once the sender has closed. */
async function listener() {
  const jobs: Buffer[] = [];
  const waiting: ((job: Buffer) => void)[] = [];
  const server = net.createServer((socket) => {
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
  const accountSeq = 3_000 + (kind === 'postgres' ? 500 : 0);

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedDemoData(t);
    merchant = await signIn(t, 'merchant');
    buyer = await signIn(t, 'buyer');
    order = await wonOrder(t, merchant, buyer, 105, 2000);
    printerListener = await listener();
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
    expect((await merchant.get('/api/printers')).json()).toEqual({ items: [] });

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
    expect((await merchant.get('/api/printers')).json()).toEqual({ items: [] });
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
  });

  it('sends the test page to a network printer: the listener gets exactly the encoder’s job', async () => {
    const p = await addPrinter({
      name: 'Counter 柜台',
      kind: 'network',
      host: '127.0.0.1',
      port: printerListener.port,
    });
    const res = await merchant.post(`/api/printers/${p.id}/test`, { lang: 'zh' });
    expect(res.statusCode, res.body).toBe(200);
    const received = await printerListener.next();
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
      host: '127.0.0.1',
      port: printerListener.port,
    });
    const res = await merchant.post(`/api/printers/${p.id}/print`, { orderId: order.id });
    expect(res.statusCode, res.body).toBe(200);
    const received = await printerListener.next();
    expect([...received.subarray(0, 2)]).toEqual([0x1b, 0x40]);
    const rows = received[2 + 6]! | (received[2 + 7]! << 8);
    expect([...received.subarray(2, 2 + HEADER)]).toEqual(rasterHeader(72, rows));
    expect([...received.subarray(-CUT.length)]).toEqual(CUT);

    const missing = await merchant.post(`/api/printers/${p.id}/print`, {
      orderId: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    const noOrder = await merchant.post(`/api/printers/${p.id}/print`, {});
    expect(noOrder.json()).toMatchObject({ code: 'REQUIRED_FIELDS', field: 'orderId' });
  });

  it('answers PRINTER_UNREACHABLE when nothing listens, and leaves other kinds to the app', async () => {
    const p = await addPrinter({
      name: 'Off',
      kind: 'network',
      host: '127.0.0.1',
      port: await closedPort(),
    });
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
    expect((await other.get('/api/printers')).json()).toEqual({ items: [] });

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
