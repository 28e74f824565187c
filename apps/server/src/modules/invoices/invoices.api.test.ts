import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InvoiceInfo } from '@sm/contract';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { klDate } from '../../lib/kl-time.js';
import { registerAccount, seedDemoData, signIn, startDemoMarket } from '../../../test/auctions.js';
import { Client, createTestApp, DB_KINDS, type TestApp } from '../../../test/helpers.js';
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
      einvoice: { status: 'not_submitted', uuid: null, error: null },
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
      // 5 % of RM 246.75, half-up, comes out of the seller's payout.
      'RM 12.34',
      'RM 234.41',
    ]) {
      expect(text, expected).toContain(expected);
    }
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
    expect(invoice.einvoice).toEqual({ status: 'not_submitted', uuid: null, error: null });
  });
});

/** A local MyInvois: the token endpoint and Submit Documents, recording what they were sent. */
async function startMyInvois() {
  const seen = {
    tokenForms: [] as URLSearchParams[],
    submissions: [] as {
      authorization: string | undefined;
      contentType: string;
      body: Submission;
    }[],
  };
  const state = { mode: 'accept' as 'accept' | 'reject' | 'down', accepted: 0 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'POST' && req.url === '/connect/token') {
        seen.tokenForms.push(new URLSearchParams(text));
        return send(200, { access_token: 'token-1', token_type: 'Bearer', expires_in: 3600 });
      }
      if (req.method === 'POST' && req.url === '/api/v1.0/documentsubmissions/') {
        if (req.headers.authorization !== 'Bearer token-1') return send(401, {});
        const body = JSON.parse(text) as Submission;
        seen.submissions.push({
          authorization: req.headers.authorization,
          contentType: req.headers['content-type'] ?? '',
          body,
        });
        const code = body.documents[0]?.codeNumber;
        if (state.mode === 'down') return send(503, { error: { error: 'Service unavailable' } });
        if (state.mode === 'reject') {
          return send(202, {
            submissionUid: 'SUB-REJECTED',
            acceptedDocuments: [],
            rejectedDocuments: [
              {
                invoiceCodeNumber: code,
                error: {
                  code: 'ERROR',
                  message: 'Validation Error',
                  target: code,
                  details: [{ code: 'CF321', message: 'Issuance date time value is invalid' }],
                },
              },
            ],
          });
        }
        state.accepted += 1;
        return send(202, {
          submissionUid: 'SUB-1',
          acceptedDocuments: [
            { uuid: `F9D425P6DS7D8IU${state.accepted}`, invoiceCodeNumber: code },
          ],
          rejectedDocuments: [],
        });
      }
      send(404, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The JSON document a submission carries, checked against its hash. */
function decoded(sent: Submission['documents'][number] | undefined): unknown {
  const text = Buffer.from(sent?.document ?? '', 'base64').toString('utf8');
  expect(createHash('sha256').update(text, 'utf8').digest('hex')).toBe(sent?.documentHash);
  return JSON.parse(text);
}

interface Submission {
  documents: { format: string; documentHash: string; codeNumber: string; document: string }[];
}

describe.each(DB_KINDS)('e-invoice submission to MyInvois on %s', (kind) => {
  let t: TestApp;
  let myinvois: Awaited<ReturnType<typeof startMyInvois>>;
  let merchant: Client;
  let buyer: Client;

  beforeAll(async () => {
    myinvois = await startMyInvois();
    t = await createTestApp(kind, {
      MYINVOIS_BASE_URL: myinvois.url,
      MYINVOIS_CLIENT_ID: 'client-id-1',
      MYINVOIS_CLIENT_SECRET: 'client-secret-1',
    });
    await seedDemoData(t);
    merchant = await signIn(t, 'merchant');
    buyer = await signIn(t, 'buyer');
  });
  afterAll(async () => {
    await t?.close();
    await myinvois?.close();
  });

  it('submits the document with a token, its hash and base64, and keeps the UUID', async () => {
    myinvois.state.mode = 'accept';
    const order = await paidOrder(t, merchant, buyer);
    const invoice = await invoiceOf(merchant, order.id);
    expect(invoice.einvoice).toEqual({
      status: 'submitted',
      uuid: `F9D425P6DS7D8IU${myinvois.state.accepted}`,
      error: null,
    });

    const form = myinvois.seen.tokenForms[0];
    expect(Object.fromEntries(form ?? [])).toEqual({
      client_id: 'client-id-1',
      client_secret: 'client-secret-1',
      grant_type: 'client_credentials',
      scope: 'InvoicingAPI',
    });
    const submission = myinvois.seen.submissions.at(-1);
    expect(submission?.contentType).toMatch(/^application\/json/);
    expect(submission?.body.documents).toHaveLength(1);
    const sent = submission?.body.documents[0];
    expect(sent).toMatchObject({ format: 'JSON', codeNumber: invoice.number });
    expect(decoded(sent)).toMatchObject({
      Invoice: [
        {
          ID: [{ _: invoice.number }],
          LegalMonetaryTotal: [{ PayableAmount: [{ _: 246.75, currencyID: 'MYR' }] }],
          AccountingCustomerParty: [
            {
              Party: [
                { PartyLegalEntity: [{ RegistrationName: [{ _: '陈记海鲜 Tan Kee Seafood' }] }] },
              ],
            },
          ],
        },
      ],
    });

    // Accepted is final: asking again sends nothing.
    const count = myinvois.seen.submissions.length;
    expect((await merchant.post(`/api/orders/${order.id}/einvoice`)).json()).toEqual(invoice);
    expect(myinvois.seen.submissions).toHaveLength(count);
  });

  it('marks a rejected document invalid with MyInvois’s reason, and sends it again on request', async () => {
    myinvois.state.mode = 'reject';
    const order = await paidOrder(t, merchant, buyer);
    const invoice = await invoiceOf(merchant, order.id);
    expect(invoice.einvoice).toEqual({
      status: 'invalid',
      uuid: null,
      error: 'Validation Error: Issuance date time value is invalid',
    });
    const rejected = myinvois.seen.submissions.at(-1)?.body.documents[0];

    myinvois.state.mode = 'accept';
    const res = await merchant.post(`/api/orders/${order.id}/einvoice`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      number: invoice.number,
      einvoice: {
        status: 'submitted',
        uuid: `F9D425P6DS7D8IU${myinvois.state.accepted}`,
        error: null,
      },
    });
    // The stored document, as it was (jsonb keeps its content, not its key order, so the text and
    // hash may differ; each hash is checked against its own text above).
    const resent = myinvois.seen.submissions.at(-1)?.body.documents[0];
    expect(resent?.codeNumber).toBe(invoice.number);
    expect(decoded(resent)).toEqual(decoded(rejected));
    // One token served every submission.
    expect(myinvois.seen.tokenForms).toHaveLength(1);
  });

  it('keeps the e-invoice not submitted, with the reason, while MyInvois is down', async () => {
    myinvois.state.mode = 'down';
    const order = await paidOrder(t, merchant, buyer);
    const invoice = await invoiceOf(merchant, order.id);
    expect(invoice.einvoice.status).toBe('not_submitted');
    expect(invoice.einvoice.error).toMatch(/Service unavailable/);

    myinvois.state.mode = 'accept';
    const again = (await merchant.post(`/api/orders/${order.id}/einvoice`)).json() as InvoiceInfo;
    expect(again.einvoice).toMatchObject({ status: 'submitted', error: null });
    expect(again.number).toBe(invoice.number);
  });
});
