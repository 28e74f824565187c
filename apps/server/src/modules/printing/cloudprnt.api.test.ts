import {
  type BuyerOrder,
  CLOUD_PRINT_FETCH_WINDOW_MS,
  type NotificationItem,
  type Printer,
  type PrintJob,
} from '@sm/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount, seedDemoData, signIn } from '../../../test/auctions.js';
import {
  type Answer,
  SimulatedCloudPrinter,
  type SimulatedPrinterOptions,
  type Transport,
} from '../../../test/cloudprnt-printer.js';
import { type Client, createTestApp, DB_KINDS, type TestApp } from '../../../test/helpers.js';
import { wonOrder } from '../../../test/orders.js';

/** The printer's requests through app.inject, from an address on the shop's network. */
const injectTransport =
  (app: FastifyInstance, remoteAddress = '203.0.113.7'): Transport =>
  async (method, url, json) => {
    const res = await app.inject({
      method,
      url,
      remoteAddress,
      ...(json === undefined ? {} : { payload: json as object }),
    });
    return {
      status: res.statusCode,
      contentType: String(res.headers['content-type'] ?? ''),
      body: res.rawPayload,
    } satisfies Answer;
  };

/** Star's MAC prefix (00:11:62), as printers send it and as labels print it. */
let macSeq = 0x10;
const nextMac = () => {
  macSeq += 1;
  return `00:11:62:0A:${macSeq.toString(16).padStart(2, '0').toUpperCase()}:7F`;
};

describe.each(DB_KINDS)('cloud printing (Star CloudPRNT) on %s', (kind) => {
  let t: TestApp;
  let merchant: Client;
  let buyer: Client;
  let order: BuyerOrder;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedDemoData(t);
    merchant = await signIn(t, 'merchant');
    buyer = await signIn(t, 'buyer');
    order = await wonOrder(t, merchant, buyer, 105, 2000);
  });
  afterAll(async () => {
    await t?.close();
  });

  const addCloudPrinter = async (
    owner: Client,
    body: Record<string, unknown> = {},
  ): Promise<Printer> => {
    const res = await owner.post('/api/printers', {
      name: 'Kaunter',
      kind: 'cloud',
      mac: nextMac(),
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Printer;
  };

  /** The printer the merchant registered, configured with the URL Printer setup shows. */
  const printerFor = (p: Printer, options: Partial<SimulatedPrinterOptions> = {}) =>
    new SimulatedCloudPrinter({
      mac: (p.mac ?? '').toUpperCase(),
      serverUrl: p.cloud?.pollPath ?? '',
      transport: injectTransport(t.app),
      ...options,
    });

  const printerView = async (id: string, owner = merchant) =>
    ((await owner.get('/api/printers')).json() as { items: Printer[] }).items.find(
      (p) => p.id === id,
    );
  const jobsOf = async (query: string, owner = merchant) => {
    const res = await owner.get(`/api/print-jobs?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: PrintJob[] }).items;
  };
  const jobOf = async (id: string) => (await jobsOf('')).find((j) => j.id === id);
  const queue = async (p: Printer, what: { orderId: string } | 'test' = 'test') => {
    const res =
      what === 'test'
        ? await merchant.post(`/api/printers/${p.id}/test`, { lang: 'my' })
        : await merchant.post(`/api/printers/${p.id}/print`, { ...what, lang: 'zh' });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { ok: true; job: PrintJob }).job;
  };
  const notifications = async (owner = merchant) =>
    ((await owner.get('/api/notifications?limit=50')).json() as { items: NotificationItem[] })
      .items;

  it('registers by MAC, then prints through register → job → print → confirm', async () => {
    const added = await addCloudPrinter(merchant, { mac: '00-11-62-AB-CD-EF', paperWidth: 80 });
    expect(added).toMatchObject({
      kind: 'cloud',
      mac: '00:11:62:ab:cd:ef',
      host: null,
      port: null,
      cloud: { state: 'waiting', lastSeenAt: null, statusCode: null },
    });
    expect(added.cloud?.pollPath).toMatch(/^\/api\/cloudprnt\?key=[\w-]{22}$/);

    // First contact: the server asks its polling interval (a client action), then it is online.
    const printer = printerFor(added, { pollSeconds: 10 });
    expect(await printer.round()).toEqual({ kind: 'idle' });
    expect(printer.requests).toEqual(['POST 200', 'POST 200']);
    expect((await printerView(added.id))?.cloud).toMatchObject({
      state: 'online',
      statusCode: '200',
      lastSeenAt: t.clock.now().toISOString(),
    });

    // Test print: queued and answered at once, before any printer has it.
    const test = await queue(added);
    expect(test).toMatchObject({ state: 'queued', kind: 'test', printerName: 'Kaunter' });
    const round = await printer.round();
    expect(round.kind).toBe('printed');
    const page = round.kind === 'printed' ? round.page : null;
    // 80 mm paper: 576 dots wide, pixel for pixel; ink on it.
    expect(page).toMatchObject({ mediaType: 'image/png', width: 576 });
    expect(page?.ink).toBeGreaterThan(1000);
    expect(page?.token).toMatch(/^[\w-]{22}$/);
    expect(printer.requests.slice(2)).toEqual(['POST 200', 'GET 200', 'DELETE 200 OK']);
    const printedTest = await jobOf(test.id);
    expect(printedTest).toMatchObject({ state: 'printed', attempts: 0, error: null });
    expect(printedTest?.printedAt).toBe(t.clock.now().toISOString());

    // An order's pick-up slip, in Chinese.
    const slip = await queue(added, { orderId: order.id });
    expect(slip).toMatchObject({ kind: 'slip', orderId: order.id, orderNumber: order.number });
    const pages = await printer.printAll();
    expect(pages).toHaveLength(1);
    expect(pages[0]?.height).toBeGreaterThan(400);
    const ofOrder = await jobsOf(`orderId=${order.id}`);
    expect(ofOrder.map((j) => [j.id, j.state])).toEqual([[slip.id, 'printed']]);
    expect((await jobsOf(`printerId=${added.id}`)).map((j) => j.id)).toEqual([slip.id, test.id]);

    // Nothing more: polls answer jobReady false, and a fetch finds nothing.
    expect(await printer.round()).toEqual({ kind: 'idle' });
    const none = await t.app.inject({
      method: 'GET',
      url: `${added.cloud?.pollPath}&mac=${added.mac}&type=image/png`,
    });
    expect(none.statusCode).toBe(404);
  });

  it('prints each job once with pollers racing for it', async () => {
    const added = await addCloudPrinter(merchant);
    const a = printerFor(added);
    const b = printerFor(added);
    const c = printerFor(added);
    await a.round();
    const jobs = [];
    for (let i = 0; i < 10; i += 1) jobs.push(await queue(added));

    // Interleaved: the second poll's offer replaces the first's, whose fetch then finds nothing.
    const offerA = await a.post();
    const offerB = await b.post();
    expect(offerA.jobReady && offerB.jobReady).toBe(true);
    expect(offerA.jobToken).not.toBe(offerB.jobToken);
    const url = (token?: string) =>
      `${added.cloud?.pollPath}&mac=${added.mac}&type=image%2Fpng&token=${token}`;
    const stale = await t.app.inject({ method: 'GET', url: url(offerA.jobToken) });
    expect(stale.statusCode).toBe(404);
    const fetched = await t.app.inject({ method: 'GET', url: url(offerB.jobToken) });
    expect(fetched.statusCode).toBe(200);
    // The stale poller confirms its failed download: nothing of B's job changes.
    await t.app.inject({
      method: 'DELETE',
      url: `${added.cloud?.pollPath}&mac=${added.mac}&code=520&token=${offerA.jobToken}`,
    });
    const done = await t.app.inject({
      method: 'DELETE',
      url: `${added.cloud?.pollPath}&mac=${added.mac}&code=200%20OK&token=${offerB.jobToken}`,
    });
    expect(done.statusCode).toBe(200);

    // At once (on PostgreSQL, each on a connection of its own): three poll, fetch, print and
    // confirm until the queue is empty.
    const pages = (await Promise.all([a, b, c].map((p) => p.printAll(40)))).flat();
    expect(pages).toHaveLength(9);
    const states = await Promise.all(jobs.map(async (j) => (await jobOf(j.id))?.state));
    expect(states).toEqual(jobs.map(() => 'printed'));
    // Every page was fetched under its own offer's token: no job went to two fetches.
    expect(new Set(pages.map((p) => p.token)).size).toBe(9);
  });

  it('gives a printer it does not know nothing, and tells nothing of who is known', async () => {
    const added = await addCloudPrinter(merchant);
    await queue(added);
    const post = (url: string, printerMAC: string) =>
      t.app.inject({ method: 'POST', url, payload: { printerMAC, statusCode: '200%20OK' } });
    const key = added.cloud?.pollPath ?? '';
    const unknown = [
      // A MAC no one registered, with the right key or none.
      await post(key, '00:11:62:99:99:99'),
      await post('/api/cloudprnt', '00:11:62:99:99:99'),
      // The registered MAC without its key, or with another printer's.
      await post('/api/cloudprnt', added.mac ?? ''),
      await post('/api/cloudprnt?key=AAAAAAAAAAAAAAAAAAAAAA', added.mac ?? ''),
      await post(key, 'not a mac'),
    ];
    for (const res of unknown) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ jobReady: false });
    }
    // The job is still there for its printer, which was never marked seen by those polls.
    expect((await printerView(added.id))?.cloud?.state).toBe('waiting');
    const fetch = await t.app.inject({
      method: 'GET',
      url: `/api/cloudprnt?mac=${added.mac}&type=image/png`,
    });
    expect(fetch.statusCode).toBe(404);
    expect(fetch.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    const confirm = await t.app.inject({
      method: 'DELETE',
      url: `/api/cloudprnt?mac=${added.mac}&code=200%20OK`,
    });
    expect(confirm.json()).toEqual({ ok: true });
    expect((await jobsOf(`printerId=${added.id}`))[0]?.state).toBe('queued');
    expect(await printerFor(added).printAll()).toHaveLength(1);
  });

  it('lets a merchant register a MAC once, in any spelling; another account’s does not take it', async () => {
    const mac = nextMac();
    const first = await addCloudPrinter(merchant, { mac });
    for (const spelling of [mac.toLowerCase(), mac.replaceAll(':', ''), mac.replaceAll(':', '-')]) {
      const res = await merchant.post('/api/printers', {
        name: 'Mine',
        kind: 'cloud',
        mac: spelling,
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ code: 'PRINTER_MAC_TAKEN', field: 'mac' });
    }
    // A stranger typing the MAC off the label registers its own printer, with its own key: the
    // owner's printer still polls the owner's jobs, and the stranger's URL gets the stranger's.
    const other = await registerAccount(t, 'merchant', 4_100 + (kind === 'postgres' ? 1 : 0));
    const squat = await other.post('/api/printers', { name: 'Mine', kind: 'cloud', mac });
    expect(squat.statusCode, squat.body).toBe(200);
    const squatted = squat.json<Printer>();
    expect(squatted.cloud?.pollPath).not.toBe(first.cloud?.pollPath);
    const test = await merchant.post(`/api/printers/${first.id}/test`, {});
    expect(test.statusCode, test.body).toBe(200);
    expect(await printerFor(squatted).printAll()).toHaveLength(0);
    expect(await printerFor(first).printAll()).toHaveLength(1);
    // Changing another printer to that MAC is refused too; keeping one's own is not.
    const second = await addCloudPrinter(merchant);
    const taken = await merchant.request('PUT', `/api/printers/${second.id}`, {
      name: 'Second',
      kind: 'cloud',
      mac,
    });
    expect(taken.statusCode).toBe(409);
    const kept = await merchant.request('PUT', `/api/printers/${first.id}`, {
      name: 'Renamed',
      kind: 'cloud',
      mac: mac.toLowerCase(),
    });
    expect(kept.statusCode, kept.body).toBe(200);
    for (const [body, code] of [
      [{ mac: undefined }, 'REQUIRED_FIELDS'],
      [{ mac: '00:11:62:zz:00:01' }, 'INVALID_MAC'],
      [{ mac: '00:00:00:00:00:00' }, 'INVALID_MAC'],
      [{ mac: '00:11:62:01' }, 'INVALID_MAC'],
    ] as const) {
      const res = await merchant.post('/api/printers', { name: 'X', kind: 'cloud', ...body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code, field: 'mac' });
    }
    // Another merchant's cloud printer and jobs are not theirs to see or use.
    expect(await jobsOf(`printerId=${first.id}`, other)).toEqual([]);
    expect((await other.post(`/api/printers/${first.id}/test`, {})).statusCode).toBe(404);
  });

  it('shows what the printer reports: paper out, cover open, paper low, offline', async () => {
    const added = await addCloudPrinter(merchant);
    const printer = printerFor(added, { pollSeconds: 5 });
    const state = async () => (await printerView(added.id))?.cloud;
    await printer.round();
    expect((await state())?.state).toBe('online');

    printer.setPaperOut();
    await printer.post();
    expect(await state()).toMatchObject({ state: 'paper_out', statusCode: '410' });
    printer.setCoverOpen();
    await printer.post();
    expect(await state()).toMatchObject({ state: 'cover_open', statusCode: '420' });
    printer.setCoverOpen(false);
    printer.setPaperOut(false);
    await printer.post();
    expect((await state())?.state).toBe('online');

    // The ASB bytes alone tell paper near its end; another printer error is an error.
    const poll = (statusCode: string, status: string) =>
      t.app.inject({
        method: 'POST',
        url: added.cloud?.pollPath ?? '',
        payload: { printerMAC: added.mac, statusCode, status },
      });
    await poll('200%20OK', '23 86 00 00 00 04 00 00 00 ');
    expect((await state())?.state).toBe('paper_low');
    await poll('411%20Paper%20jam', '23 86 08 00 00 00 00 00 00 ');
    expect(await state()).toMatchObject({ state: 'error', statusCode: '411' });
    await printer.post();

    // No poll for three polling intervals: offline, since its last poll.
    const seen = t.clock.now().toISOString();
    t.clock.advance(15_001);
    expect(await state()).toMatchObject({ state: 'offline', lastSeenAt: seen });
    await printer.post();
    expect((await state())?.state).toBe('online');
  });

  it('holds a job while the printer is out of paper, and prints it once it is back', async () => {
    const added = await addCloudPrinter(merchant);
    const printer = printerFor(added);
    await printer.round();
    const job = await queue(added);
    // The paper runs out while it prints: its poll says so, the job goes back to the queue.
    printer.runOutWhilePrinting();
    expect((await printer.round()).kind).toBe('lost');
    expect(await jobOf(job.id)).toMatchObject({ state: 'queued', error: '410', attempts: 0 });
    // Out of paper, it does not fetch.
    expect(await printer.round()).toEqual({ kind: 'held', reason: 'printer error' });
    printer.setPaperOut(false);
    expect(await printer.printAll()).toHaveLength(1);
    expect(await jobOf(job.id)).toMatchObject({ state: 'printed', error: null });
  });

  it('tries a job again after the printer’s error, then fails it and tells the merchant', async () => {
    const added = await addCloudPrinter(merchant, { name: 'Cold room' });
    const printer = printerFor(added);
    await printer.round();

    // A decoding error once: queued again, then printed.
    const once = await queue(added);
    printer.failNext('511 Media decoding error');
    expect(await printer.round()).toMatchObject({
      kind: 'failed',
      code: '511 Media decoding error',
    });
    expect(await jobOf(once.id)).toMatchObject({ state: 'queued', attempts: 1, error: '511' });
    expect(await printer.printAll()).toHaveLength(1);
    expect(await jobOf(once.id)).toMatchObject({ state: 'printed', attempts: 1 });

    // Three times: failed, and the merchant hears of it, once.
    const before = (await notifications()).length;
    const thrice = await queue(added, { orderId: order.id });
    printer.failNext('520 Timeout', '520 Timeout', '520 Timeout');
    for (let i = 0; i < 3; i += 1) expect((await printer.round()).kind).toBe('failed');
    expect(await jobOf(thrice.id)).toMatchObject({ state: 'failed', attempts: 3, error: '520' });
    expect(await printer.round()).toEqual({ kind: 'idle' });

    // A media type it cannot take at all: failed at once.
    const incompatible = await queue(added);
    printer.failNext('510 Incompatible media type');
    await printer.round();
    expect(await jobOf(incompatible.id)).toMatchObject({ state: 'failed', attempts: 1 });

    const news = (await notifications()).slice(0, (await notifications()).length - before);
    expect(news.map((n) => [n.type, n.data.reason, n.target])).toEqual([
      ['print_failed', '510', '/pages/profile/printer'],
      ['print_failed', '520', '/pages/profile/printer'],
    ]);
    expect(news[1]?.data).toMatchObject({
      printerName: 'Cold room',
      jobs: 1,
      orderNumber: order.number,
    });
  });

  it('reports a job no printer fetched within 3 minutes, once', async () => {
    const added = await addCloudPrinter(merchant, { name: 'Depan' });
    const printer = printerFor(added);
    await printer.round();
    const job = await queue(added, { orderId: order.id });
    const before = (await notifications()).length;

    t.clock.advance(CLOUD_PRINT_FETCH_WINDOW_MS - 1_000);
    expect(await t.app.services.printing.cloud.sweep()).toBe(0);
    // The sweep sleeps until this job's time is up.
    expect(await t.app.services.printing.cloud.nextOverdueAt()).toEqual(
      new Date(t.clock.now().getTime() + 1_000),
    );
    t.clock.advance(2_000);
    // Every process sweeps; the job is reported by one of them.
    const swept = await Promise.all([
      t.app.services.printing.cloud.sweep(),
      t.app.services.printing.cloud.sweep(),
    ]);
    expect(swept.sort()).toEqual([0, 1]);
    expect(await t.app.services.printing.cloud.sweep()).toBe(0);
    expect(await jobOf(job.id)).toMatchObject({ state: 'failed', error: 'not_fetched' });
    const news = (await notifications()).slice(0, 1);
    expect((await notifications()).length).toBe(before + 1);
    expect(news[0]).toMatchObject({
      type: 'print_failed',
      orderId: order.id,
      data: { printerName: 'Depan', reason: 'not_fetched', jobs: 1, orderNumber: order.number },
    });
    // Withdrawn: the printer, back, does not print it late.
    expect(await printer.printAll()).toEqual([]);
  });

  it('reports a fetched job the printer never confirmed', async () => {
    const added = await addCloudPrinter(merchant);
    const printer = printerFor(added);
    await printer.round();
    const job = await queue(added);
    const offer = await printer.post();
    const fetched = await t.app.inject({
      method: 'GET',
      url: `${added.cloud?.pollPath}&mac=${added.mac}&type=image/png&token=${offer.jobToken}`,
    });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['x-star-cut']).toBe('partial; feed=true');
    // Fetched again (a client may): the same job, still in progress.
    const again = await t.app.inject({
      method: 'GET',
      url: `${added.cloud?.pollPath}&mac=${added.mac}&token=${offer.jobToken}`,
    });
    expect(again.rawPayload.equals(fetched.rawPayload)).toBe(true);
    expect(await jobOf(job.id)).toMatchObject({ state: 'sent' });
    t.clock.advance(CLOUD_PRINT_FETCH_WINDOW_MS + 1_000);
    expect(await t.app.services.printing.cloud.sweep()).toBe(1);
    expect(await jobOf(job.id)).toMatchObject({ state: 'failed', error: 'not_confirmed' });
    expect((await notifications())[0]?.data.reason).toBe('not_confirmed');
  });

  it('serves firmware without tokens by its MAC, and only the media types it offers', async () => {
    const added = await addCloudPrinter(merchant);
    const old = printerFor(added, { tokens: false });
    await old.round();
    await queue(added);
    await queue(added);
    expect(await old.printAll()).toHaveLength(2);

    await queue(added);
    const wrongType = await t.app.inject({
      method: 'GET',
      url: `${added.cloud?.pollPath}&mac=${added.mac}&type=application/vnd.star.line`,
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    // A printer that takes no PNG confirms 510: the job fails rather than looping.
    const lineOnly = printerFor(added, { accepts: ['application/vnd.star.line'] });
    expect(await lineOnly.round()).toMatchObject({
      kind: 'failed',
      code: '510 Incompatible media type',
    });
  });

  it('bounds the public endpoint: body size and requests per printer', async () => {
    const added = await addCloudPrinter(merchant);
    const big = await t.app.inject({
      method: 'POST',
      url: added.cloud?.pollPath ?? '',
      payload: { printerMAC: added.mac, statusCode: '200 OK', padding: 'x'.repeat(20_000) },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('PAYLOAD_TOO_LARGE');

    const statuses: number[] = [];
    for (let i = 0; i < 301; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: added.cloud?.pollPath ?? '',
        payload: { printerMAC: added.mac, statusCode: '200 OK' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 300).every((s) => s === 200)).toBe(true);
    expect(statuses[300]).toBe(429);
    // Another printer is counted by itself; its MAC alone, without the key, spends nothing.
    const other = await addCloudPrinter(merchant);
    for (let i = 0; i < 310; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/cloudprnt',
        remoteAddress: `198.51.100.${i % 200}`,
        payload: { printerMAC: other.mac, statusCode: '200 OK' },
      });
      expect(res.statusCode).toBe(200);
    }
    expect((await printerFor(other).round()).kind).toBe('idle');
    // The next minute, the first printer polls again.
    t.clock.advance(60_000);
    expect((await printerFor(added).round()).kind).toBe('idle');
  });

  it('drops a printer’s jobs and polls with the printer', async () => {
    const added = await addCloudPrinter(merchant);
    const printer = printerFor(added);
    await printer.round();
    const job = await queue(added);
    expect((await merchant.request('DELETE', `/api/printers/${added.id}`)).statusCode).toBe(200);
    expect(await jobOf(job.id)).toBeUndefined();
    expect(await printer.round()).toEqual({ kind: 'idle' });
  });
});
