import { readdir } from 'node:fs/promises';
import type { InvoiceInfo } from '@sm/contract';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { klDate } from '../../lib/kl-time.js';
import { registerAccount, startDemoMarket } from '../../../test/auctions.js';
import { Client, DB_KINDS, type TestApp } from '../../../test/helpers.js';
import { payOrder, wonOrder } from '../../../test/orders.js';

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** An order of `buyer`, won and paid: 10.5 kg at RM 23.50 = RM 246.75 unless told otherwise. */
async function paidOrder(
  t: TestApp,
  merchant: Client,
  buyer: Client,
  quantity = 105,
  price = 2350,
) {
  const order = await wonOrder(t, merchant, buyer, quantity, price);
  const paid = await payOrder(buyer, order.id);
  expect(paid.statusCode, paid.body).toBe(200);
  return order;
}

const invoiceOf = async (client: Client, orderId: string) => {
  const res = await client.post(`/api/orders/${orderId}/invoice`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as InvoiceInfo;
};

const storedPdfs = async (t: TestApp) =>
  (await readdir(t.config.invoicesDir).catch(() => [])).filter((n) => n.endsWith('.pdf'));

describe.each(DB_KINDS)('invoices on %s', (kind) => {
  let t: TestApp;
  let merchant: Client;
  let buyers: Client[];
  const accountSeq = 2_000 + (kind === 'postgres' ? 500 : 0);

  beforeAll(async () => {
    ({ t, merchant, buyers } = await startDemoMarket(kind));
  });
  afterAll(async () => {
    await t?.close();
  });

  const buyer = (i: number) => buyers[i] as Client;

  it('refuses an order that has not been paid', async () => {
    const order = await wonOrder(t, merchant, buyer(0));
    const res = await merchant.post(`/api/orders/${order.id}/invoice`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('INVOICE_NOT_AVAILABLE');
    expect((await merchant.get(`/api/orders/${order.id}/invoice.pdf`)).statusCode).toBe(404);
    expect((await merchant.post(`/api/orders/${order.id}/einvoice`)).statusCode).toBe(404);
    // Nothing was left behind by the refusal.
    expect(await storedPdfs(t)).toHaveLength(0);
  });

  it('generates a paid order’s invoice once: numbered, immutable, with the names in the PDF', async () => {
    const order = await paidOrder(t, merchant, buyer(0));
    const invoice = await invoiceOf(merchant, order.id);
    const year = klDate(t.clock.now()).slice(0, 4);
    expect(invoice.number).toMatch(new RegExp(`^INV${year}-\\d{6}$`));
    expect(invoice).toMatchObject({
      url: `/api/orders/${order.id}/invoice.pdf`,
      createdAt: t.clock.now().toISOString(),
      // No MyInvois credentials in this app: the app says 'No E-Invoice'.
      einvoice: { status: 'not_submitted', uuid: null, error: null, reasons: [], missing: [] },
    });

    const res = await merchant.get(invoice.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${invoice.number}.pdf"`);
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // Asked again, later: the same invoice and the same file, never a new one.
    t.clock.advance(60_000);
    expect(await invoiceOf(merchant, order.id)).toEqual(invoice);
    const again = await merchant.get(`${invoice.url}?download=1`);
    expect(again.headers['content-disposition']).toBe(
      `attachment; filename="${invoice.number}.pdf"`,
    );
    expect(again.rawPayload.equals(bytes)).toBe(true);
    expect(await storedPdfs(t)).toHaveLength(1);

    // The order detail shows it.
    const detail = (await merchant.get(`/api/orders/${order.id}`)).json();
    expect(detail.invoice).toEqual(invoice);

    const text = await pdfText(bytes);
    for (const expected of [
      'INVOICE',
      invoice.number,
      order.number,
      '陈记海鲜',
      'Tan Kee Seafood',
      'Kuala Selangor Fresh Catch',
      'C20880050010',
      '202001234567',
      'Morning pomfret',
      '10.5',
      'RM 23.50',
      'RM 246.75',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // The fee and the payout are between the merchant and the marketplace (PRODUCT.md §5a).
    expect(text).not.toMatch(/service fee|payout|RM 12\.34|RM 234\.41/i);
  });

  it('renders a Malay buyer name', async () => {
    const order = await paidOrder(t, merchant, buyer(2), 20, 2500);
    const invoice = await invoiceOf(merchant, order.id);
    const text = await pdfText((await merchant.get(invoice.url)).rawPayload);
    expect(text).toContain('Siti Aminah binti Yusof');
    expect(text).toContain('RM 50.00');
  });

  it('makes one invoice and one file when requests race', async () => {
    const order = await paidOrder(t, merchant, buyer(1));
    const before = (await storedPdfs(t)).length;
    const answers = await Promise.all(
      [1, 2, 3].map(() => merchant.post(`/api/orders/${order.id}/invoice`)),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const numbers = new Set(answers.map((res) => (res.json() as InvoiceInfo).number));
    expect(numbers.size).toBe(1);
    expect(await storedPdfs(t)).toHaveLength(before + 1);
    expect((await merchant.get(`/api/orders/${order.id}/invoice.pdf`)).statusCode).toBe(200);
  });

  it('answers another merchant 404, as for an order that does not exist', async () => {
    const order = await paidOrder(t, merchant, buyer(1));
    await invoiceOf(merchant, order.id);
    const other = await registerAccount(t, 'merchant', accountSeq + 1);
    for (const res of [
      await other.post(`/api/orders/${order.id}/invoice`),
      await other.get(`/api/orders/${order.id}/invoice.pdf`),
      await other.post(`/api/orders/${order.id}/einvoice`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await merchant.post(`/api/orders/${missing}/invoice`)).statusCode).toBe(404);
    expect((await merchant.get(`/api/orders/${missing}/invoice.pdf`)).statusCode).toBe(404);
    // Signed out: no invoice at all.
    const anonymous = new Client(t.app);
    expect((await anonymous.get(`/api/orders/${order.id}/invoice.pdf`)).statusCode).toBe(401);
  });

  it('keeps the e-invoice not submitted without MyInvois credentials, even when asked', async () => {
    const order = await paidOrder(t, merchant, buyer(0));
    const invoice = await invoiceOf(merchant, order.id);
    const res = await merchant.post(`/api/orders/${order.id}/einvoice`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(invoice);
    expect(invoice.einvoice).toMatchObject({
      status: 'not_submitted',
      uuid: null,
      error: null,
      missing: [],
    });
  });
});
