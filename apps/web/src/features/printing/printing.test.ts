import type { PrintJob } from '@sm/contract';
import { describe, expect, it } from 'vitest';
import { fixedT, loadLocale } from '../../lib/i18n';
import { printFileUrl } from './api';
import { cloudServerUrl, jobStatus, jobSubject } from './jobs';
import { bluetoothSupported, CHUNK_BYTES, PRINTER_SERVICES, writeChunks } from './bluetooth';
import { printDocument } from './systemPrint';

/** A GATT characteristic that records what is written to it, and how. */
function characteristic(properties: { write: boolean; writeWithoutResponse: boolean }) {
  const writes: { how: string; bytes: number[] }[] = [];
  const record = (how: string) => async (value: BufferSource) => {
    writes.push({ how, bytes: [...new Uint8Array(value as ArrayBuffer)] });
  };
  return {
    writes,
    target: {
      properties,
      writeValueWithoutResponse: record('withoutResponse'),
      writeValueWithResponse: record('withResponse'),
      writeValue: record('plain'),
    },
  };
}

describe('Bluetooth printing', () => {
  it('writes a job in order, in chunks of at most 180 bytes', async () => {
    const job = Uint8Array.from({ length: 400 }, (_, i) => i & 0xff);
    const { writes, target } = characteristic({ write: true, writeWithoutResponse: true });
    await writeChunks(target, job);
    expect(writes.map((w) => w.bytes.length)).toEqual([180, 180, 40]);
    expect(writes.every((w) => w.how === 'withoutResponse')).toBe(true);
    expect(writes.flatMap((w) => w.bytes)).toEqual([...job]);
    expect(CHUNK_BYTES).toBeLessThanOrEqual(180);
  });

  it('writes with response when the printer takes no unacknowledged writes', async () => {
    const { writes, target } = characteristic({ write: true, writeWithoutResponse: false });
    await writeChunks(target, new Uint8Array(10), 4);
    expect(writes.map((w) => [w.how, w.bytes.length])).toEqual([
      ['withResponse', 4],
      ['withResponse', 4],
      ['withResponse', 2],
    ]);
  });

  it('asks for the common ESC/POS services and knows when the browser has no Bluetooth', () => {
    expect(PRINTER_SERVICES).toEqual(
      expect.arrayContaining([
        0x18f0,
        '000018f0-0000-1000-8000-00805f9b34fb',
        'e7810a71-73ae-499d-8c15-faa9aef0c3f2',
      ]),
    );
    // Node has a navigator without Bluetooth, as Safari and Firefox do.
    expect(bluetoothSupported()).toBe(false);
  });
});

describe('print files', () => {
  it('points at the slip or the test page in the paper width and language asked for', () => {
    expect(printFileUrl({ orderId: 'a/b' }, 'bin', 80, 'zh')).toBe(
      '/api/orders/a%2Fb/slip.bin?paperWidth=80&lang=zh',
    );
    expect(printFileUrl({ testPage: 'Counter 1' }, 'png', 58, 'my')).toBe(
      '/api/printers/test-page.png?paperWidth=58&lang=my&name=Counter+1',
    );
  });

  it('sizes the print page to the paper and the image', () => {
    const html = printDocument('blob:x', 58, { width: 384, height: 640 });
    // 640 rows at 384 per 58 mm: 96.67 mm, rounded up so nothing spills onto a second page.
    expect(html).toContain('@page { size: 58mm 97mm; margin: 0 }');
    expect(html).toContain('width: 58mm');
    expect(html).toContain('<img src="blob:x"');
  });
});

describe('cloud print jobs', () => {
  const job = (over: Partial<PrintJob>): PrintJob => ({
    id: 'job-1',
    printerId: 'printer-1',
    printerName: 'Kaunter',
    kind: 'slip',
    orderId: 'order-1',
    orderNumber: 'SO260115000001',
    state: 'queued',
    attempts: 0,
    error: null,
    createdAt: '2026-01-15T01:00:00.000Z',
    fetchedAt: null,
    printedAt: null,
    failedAt: null,
    ...over,
  });
  it('says where a job is: sent to the printer, printing, printed when, or why not', async () => {
    await loadLocale('en');
    const t = fixedT('en');
    const says = (over: Partial<PrintJob>) => jobStatus(t, job(over), 'en');
    expect(says({})).toEqual({ text: 'Sent to the printer', tone: 'pending' });
    expect(says({ error: '410' })).toEqual({
      text: 'The printer reported 410: trying again',
      tone: 'pending',
    });
    expect(says({ state: 'sent' })).toEqual({ text: 'Printing…', tone: 'pending' });
    expect(says({ state: 'printed', printedAt: '2026-01-15T01:02:00.000Z' })).toEqual({
      // 09:02 in Kuala Lumpur.
      text: expect.stringMatching(/^Printed 15 Jan 2026, (9:02|09:02)/),
      tone: 'done',
    });
    expect(says({ state: 'failed', error: 'not_fetched' }).text).toBe(
      'Not printed: the printer did not fetch it within 3 minutes',
    );
    expect(says({ state: 'failed', error: '510' }).text).toBe(
      'Not printed: the printer reported 510',
    );
    expect(jobSubject(t, job({}))).toBe('Slip SO260115000001');
    expect(jobSubject(t, job({ kind: 'test' }))).toBe('Test page');
  });

  it('gives the printer this app’s own origin and the printer’s poll path', () => {
    expect(cloudServerUrl('/api/cloudprnt?key=abc', 'https://pasar.example.my')).toBe(
      'https://pasar.example.my/api/cloudprnt?key=abc',
    );
  });
});
