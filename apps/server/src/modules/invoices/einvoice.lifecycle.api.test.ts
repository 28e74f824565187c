import { generateKeyPairSync } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import type { InvoiceInfo, OrderDetail, StoreTaxDetails } from '@sm/contract';
import forge from 'node-forge';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount, seedDemoData, signIn } from '../../../test/auctions.js';
import { type Client, createTestApp, DB_KINDS, type TestApp } from '../../../test/helpers.js';
import { startMyInvois } from '../../../test/myinvois.js';
import { payOrder, wonOrder } from '../../../test/orders.js';
import { operatorCall } from '../../../test/wallet.js';
import { eInvoiceClientFor } from './einvoice.client.js';
import { stores } from '../../db/schema.js';
import { checkEInvoice } from '../../../test/einvoice-rules.js';
import { loadSigner } from './einvoice.sign.js';
import { createInvoiceService } from './invoices.service.js';

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

const HOUR = 60 * 60_000;

/** A throwaway self-signed RSA certificate and its key as PKCS#12, as a CA would issue one. */
function selfSignedP12(password: string): Buffer {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(
    privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
  );
  const cert = forge.pki.createCertificate();
  cert.serialNumber = '01';
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  cert.validity.notBefore = new Date('2020-01-01T00:00:00Z');
  cert.validity.notAfter = new Date('2040-01-01T00:00:00Z');
  const name = [{ shortName: 'CN', value: 'Kuala Selangor Fresh Catch' }];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.sign(key, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], password, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}
/** How long the stand-in keeps a document Submitted before it answers Valid or Invalid. */
const VALIDATION_MS = 3_000;

type Node = Record<string, unknown>;
const first = (value: unknown): Node => (value as Node[])[0] as Node;
const valueOf = (value: unknown) => first(value)._;

/**
 * PRODUCT.md §5a end to end through the app and LHDN's API as documented, played by the
 * MyInvois stand-in (test/myinvois.ts), whose validator is LHDN's field rules
 * (einvoice.rules.ts): every document the project sends is checked against them.
 */
describe.each(DB_KINDS)('the e-invoice lifecycle on %s', (kind) => {
  let t: TestApp;
  let merchant: Client;
  let buyer: Client;
  let clock = () => Date.now();
  /** The reason the stand-in finds the next document it receives Invalid for. */
  let refuseNext: string | null = null;
  const myinvois = startMyInvois({
    now: () => clock(),
    validateAfterMs: VALIDATION_MS,
    validate: (doc) => {
      const extra = refuseNext;
      refuseNext = null;
      return [...checkEInvoice(doc as Node), ...(extra ? [extra] : [])];
    },
  });
  let seq = 8_300 + (kind === 'postgres' ? 300 : 0);

  beforeAll(async () => {
    const standIn = await myinvois;
    t = await createTestApp(kind, {
      MYINVOIS_BASE_URL: standIn.url,
      MYINVOIS_CLIENT_ID: 'stand-in-client',
      MYINVOIS_CLIENT_SECRET: 'stand-in-secret',
      MYINVOIS_PORTAL_URL: standIn.portalUrl,
    });
    clock = () => t.clock.now().getTime();
    await seedDemoData(t);
    merchant = await signIn(t, 'merchant');
    buyer = await signIn(t, 'buyer');
  });
  afterAll(async () => {
    await t?.close();
    await (await myinvois).close();
  });

  const work = () => t.app.services.invoices.work();
  /** How long until the e-invoice job has work (its sleep), in ms; null when none waits. */
  const workDueIn = async () => {
    const at = await t.app.services.invoices.nextWorkAt();
    return at ? at.getTime() - t.clock.now().getTime() : null;
  };

  async function paidOrder() {
    const order = await wonOrder(t, merchant, buyer, 105, 2350);
    expect((await payOrder(buyer, order.id)).statusCode).toBe(200);
    return order;
  }
  async function invoice(orderId: string): Promise<InvoiceInfo> {
    const res = await merchant.post(`/api/orders/${orderId}/invoice`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<InvoiceInfo>();
  }
  async function detail(orderId: string): Promise<OrderDetail> {
    const res = await merchant.get(`/api/orders/${orderId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<OrderDetail>();
  }
  /** Past the stand-in's validation, with the job run. */
  async function validated() {
    t.clock.advance(VALIDATION_MS + 5_000);
    await work();
  }
  const submissionsOf = async (number: string) =>
    (await myinvois).state.submissions.flatMap((s) =>
      s.documents.filter((d) => d.codeNumber === number && !d.rejected),
    );

  it('a new merchant is told what its tax details lack, field by field, and completes them', async () => {
    const fresh = await registerAccount(t, 'merchant', (seq += 1));
    const empty = await fresh.get('/api/store/tax-details');
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json<StoreTaxDetails>().missing).toEqual([
      'tin',
      'registrationNumber',
      'msicCode',
      'businessActivity',
      'addressLines',
      'postcode',
      'city',
      'stateCode',
    ]);
    const details = {
      tin: 'c 2088 0050 010',
      registrationNumber: '202001234567',
      sstNumber: null,
      msicCode: '46312',
      businessActivity: 'Wholesale of fish and other seafood',
      addressLines: ['Lot 5, Jeti Nelayan', ''],
      postcode: '45000',
      city: 'Kuala Selangor',
      stateCode: '10',
    };
    // Before the store exists there is nothing to keep them on.
    const early = await fresh.request('PUT', '/api/store/tax-details', details);
    expect(early.json()).toMatchObject({ code: 'STORE_BASIC_INFO_REQUIRED' });
    expect(
      (await fresh.request('PUT', '/api/store/basic-info', { name: 'Ah Seng Seafood' })).statusCode,
    ).toBe(200);
    for (const [field, value, code] of [
      ['tin', 'EI00000000010', 'TIN_INVALID'],
      ['tin', '12345', 'TIN_INVALID'],
      ['registrationNumber', '2020-1', 'REGISTRATION_INVALID'],
      ['sstNumber', 'W10-18', 'SST_INVALID'],
      ['msicCode', '99999', 'MSIC_INVALID'],
      ['addressLines', [], 'ADDRESS_REQUIRED'],
      ['postcode', '4500', 'POSTCODE_INVALID'],
      ['stateCode', '17', 'STATE_REQUIRED'],
    ] as const) {
      const res = await fresh.request('PUT', '/api/store/tax-details', {
        ...details,
        [field]: value,
      });
      expect(res.statusCode, `${field} ${JSON.stringify(value)}`).toBe(400);
      expect(res.json(), field).toMatchObject({ code, field });
    }
    const saved = await fresh.request('PUT', '/api/store/tax-details', details);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<StoreTaxDetails>()).toMatchObject({
      tin: 'C20880050010',
      addressLines: ['Lot 5, Jeti Nelayan'],
      sstNumber: null,
      missing: [],
    });

    // The operator sees them and corrects one, audited with before and after.
    const phone = `+6019${String(seq).padStart(7, '0')}`;
    const seen = await operatorCall(
      t,
      'GET',
      `/merchants/${encodeURIComponent(phone)}/tax-details`,
    );
    expect(seen.json<StoreTaxDetails>().tin).toBe('C20880050010');
    const corrected = await operatorCall(
      t,
      'PUT',
      `/merchants/${encodeURIComponent(phone)}/tax-details`,
      { ...details, city: 'Tanjung Karang' },
    );
    expect(corrected.statusCode, corrected.body).toBe(200);
    const audit = await operatorCall(t, 'GET', '/audit?limit=1');
    expect(audit.json()).toMatchObject({
      items: [
        {
          action: 'store.tax_details',
          before: { city: 'Kuala Selangor' },
          after: { city: 'Tanjung Karang' },
        },
      ],
    });
  });

  it('submits, becomes Valid with its long ID, and the PDF then carries the validation QR', async () => {
    const order = await paidOrder();
    const issued = await invoice(order.id);
    expect(issued.einvoice).toMatchObject({ status: 'submitted', missing: [], reasons: [] });
    const [sent] = await submissionsOf(issued.number);
    // The marketplace logs in on behalf of the seller's TIN.
    expect((await myinvois).state.tokens.at(-1)?.onBehalfOf).toBe('C20880050010');
    expect(sent).toBeDefined();
    const before = await merchant.get(`/api/orders/${order.id}/invoice.pdf`);
    const beforeText = await pdfText(before.rawPayload);
    // The buyer's paper shows what the buyer paid, never the merchant's fee or payout.
    expect(beforeText).toContain('Total paid by buyer');
    expect(beforeText).not.toMatch(/service fee|payout/i);

    await validated();
    const valid = (await detail(order.id)).invoice;
    expect(valid?.einvoice).toMatchObject({ status: 'valid', reasons: [] });
    const { uuid, longId, validationUrl } = valid?.einvoice ?? {};
    expect(longId).toBeTruthy();
    expect(validationUrl).toBe(`${(await myinvois).portalUrl}/${uuid}/share/${longId}`);
    // The link answers on the portal; the PDF served now is the validated copy.
    expect((await fetch(validationUrl ?? '')).status).toBe(200);
    const after = await pdfText(
      (await merchant.get(`/api/orders/${order.id}/invoice.pdf`)).rawPayload,
    );
    expect(after).toContain(`Long ID: ${longId}`);
    expect(after).toContain('Validated e-invoice');
    // The PDF as issued is kept as it was.
    const files = (await readdir(t.config.invoicesDir)).filter((n) => n.endsWith('.pdf'));
    expect(files.length).toBeGreaterThanOrEqual(2);
    // Asked about once more is harmless: no second submission.
    await work();
    expect(await submissionsOf(issued.number)).toHaveLength(1);
  });

  it('an Invalid one shows MyInvois’s reasons and goes again with a fresh issue date', async () => {
    const order = await paidOrder();
    refuseNext = 'CF321: Issuance date time value is invalid';
    const number = (await invoice(order.id)).number;
    await validated();
    const invalid = (await detail(order.id)).invoice?.einvoice;
    expect(invalid?.status).toBe('invalid');
    expect(invalid?.reasons.join(' ')).toMatch(/Issuance date time value is invalid/);

    t.clock.advance(26 * HOUR);
    const again = await merchant.post(`/api/orders/${order.id}/einvoice`);
    expect(again.json<InvoiceInfo>().einvoice).toMatchObject({ status: 'submitted', reasons: [] });
    const sent = await submissionsOf(number);
    expect(sent).toHaveLength(2);
    const dates = sent.map((d) => valueOf(first((d.json as Node).Invoice).IssueDate));
    expect(dates[1]).not.toBe(dates[0]);
    await validated();
    expect((await detail(order.id)).invoice?.einvoice.status).toBe('valid');
  });

  it('a submission whose answer was lost is found, not sent twice', async () => {
    const standIn = await myinvois;
    const order = await paidOrder();
    standIn.state.failNext.push({ endpoint: 'submit', status: 502, afterEffect: true });
    const issued = await invoice(order.id);
    expect(issued.einvoice.status).toBe('not_submitted');
    expect(issued.einvoice.error).toMatch(/Not submitted/);
    // It did arrive. Asked again, the app finds it at MyInvois instead of sending a second.
    const again = await merchant.post(`/api/orders/${order.id}/einvoice`);
    expect(again.json<InvoiceInfo>().einvoice.status).toBe('submitted');
    expect(await submissionsOf(issued.number)).toHaveLength(1);
    await validated();
    expect((await detail(order.id)).invoice?.einvoice.status).toBe('valid');
  });

  it('a rate limit (429) and an expired token are waited out', async () => {
    const standIn = await myinvois;
    const order = await paidOrder();
    standIn.state.failNext.push({ endpoint: 'submit', status: 429 });
    const limited = await invoice(order.id);
    expect(limited.einvoice.status).toBe('not_submitted');
    expect(limited.einvoice.error).toMatch(/rate limit/);
    // The job sleeps until MyInvois's wait is over, not past it.
    expect(await workDueIn()).toBeGreaterThan(0);
    expect(await workDueIn()).toBeLessThanOrEqual(2 * 60_000);
    // The job sends it once MyInvois's wait is over, renewing a token revoked meanwhile.
    standIn.revokeTokens();
    t.clock.advance(2 * 60_000);
    await work();
    expect((await detail(order.id)).invoice?.einvoice.status).toBe('submitted');
    expect(await submissionsOf(limited.number)).toHaveLength(1);
  });

  it('a refund within 72 hours of validation cancels the e-invoice at MyInvois', async () => {
    const order = await paidOrder();
    await invoice(order.id);
    await validated();
    const cancel = await merchant.post(`/api/orders/${order.id}/cancel`, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await workDueIn()).toBeLessThanOrEqual(0);
    await work();
    const d = await detail(order.id);
    expect(d.invoice?.einvoice.status).toBe('cancelled');
    expect(d.creditNote).toBeNull();
    const uuid = d.invoice?.einvoice.uuid;
    expect((await myinvois).state.cancellations.map((c) => c.uuid)).toContain(uuid);
  });

  it('a refund after the window gets a credit note (type 02) with its own number, PDF and e-invoice', async () => {
    const order = await paidOrder();
    const original = await invoice(order.id);
    await validated();
    t.clock.advance(73 * HOUR);
    const cancel = await merchant.post(`/api/orders/${order.id}/cancel`, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    await work();
    const d = await detail(order.id);
    expect(d.invoice?.einvoice.status).toBe('valid');
    const note = d.creditNote;
    expect(note?.number).toMatch(/^CN\d{4}-\d{6}$/);
    expect(note).toMatchObject({ kind: 'credit_note', amount: original.amount });
    expect(note?.einvoice.status).toBe('submitted');
    const [sent] = await submissionsOf(note?.number ?? '');
    const document = first((sent?.json as Node).Invoice);
    expect(valueOf(document.InvoiceTypeCode)).toBe('02');
    const ref = first(first(document.BillingReference).InvoiceDocumentReference);
    expect(valueOf(ref.ID)).toBe(original.number);
    expect(valueOf(ref.UUID)).toBe(d.invoice?.einvoice.uuid);
    await validated();
    expect((await detail(order.id)).creditNote?.einvoice.status).toBe('valid');
    const pdf = await merchant.get(`/api/orders/${order.id}/credit-note.pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(original.number);
    // Settled once: the job finds nothing more to do for it.
    await work();
    expect(await submissionsOf(note?.number ?? '')).toHaveLength(1);
  });

  it('a refund while the answer of a sending was lost cancels what arrived, withdraws nothing', async () => {
    const standIn = await myinvois;
    const order = await paidOrder();
    standIn.state.failNext.push({ endpoint: 'submit', status: 502, afterEffect: true });
    const issued = await invoice(order.id);
    expect(issued.einvoice.status).toBe('not_submitted');
    expect((await merchant.post(`/api/orders/${order.id}/cancel`, {})).statusCode).toBe(200);
    // Past the sending's claim: the refund job asks MyInvois, finds the document, waits for it.
    t.clock.advance(3 * 60_000);
    await work();
    t.clock.advance(VALIDATION_MS + 60_000);
    await work();
    await work();
    const d = await detail(order.id);
    expect(d.invoice?.einvoice.status).toBe('cancelled');
    expect(d.creditNote).toBeNull();
    expect(standIn.state.cancellations.map((c) => c.uuid)).toContain(d.invoice?.einvoice.uuid);
    expect(await submissionsOf(issued.number)).toHaveLength(1);
  });

  it('a cancel whose answer was lost is not followed by a credit note', async () => {
    const standIn = await myinvois;
    const order = await paidOrder();
    await invoice(order.id);
    await validated();
    expect((await merchant.post(`/api/orders/${order.id}/cancel`, {})).statusCode).toBe(200);
    standIn.state.failNext.push({ endpoint: 'cancel', status: 502, afterEffect: true });
    await work();
    t.clock.advance(60_000);
    await work();
    const d = await detail(order.id);
    expect(d.invoice?.einvoice.status).toBe('cancelled');
    expect(d.creditNote).toBeNull();
  });

  it('completing the tax details sends the e-invoices that waited for them', async () => {
    const saved = (await merchant.get('/api/store/tax-details')).json<StoreTaxDetails>();
    await t.database.db.update(stores).set({ tin: null });
    const order = await paidOrder();
    const waiting = await invoice(order.id);
    expect(waiting.einvoice).toMatchObject({ status: 'not_submitted', missing: ['tin'] });
    const res = await merchant.request('PUT', '/api/store/tax-details', {
      tin: saved.tin ?? 'C20880050010',
      registrationNumber: saved.registrationNumber,
      sstNumber: saved.sstNumber,
      msicCode: saved.msicCode,
      businessActivity: saved.businessActivity,
      addressLines: saved.addressLines,
      postcode: saved.postcode,
      city: saved.city,
      stateCode: saved.stateCode,
    });
    expect(res.statusCode, res.body).toBe(200);
    await work();
    expect((await detail(order.id)).invoice?.einvoice).toMatchObject({
      status: 'submitted',
      missing: [],
    });
  });

  it('two processes polling at once ask about each document once', async () => {
    const standIn = await myinvois;
    const numbers: string[] = [];
    const orders: string[] = [];
    for (let i = 0; i < 4; i++) {
      const order = await paidOrder();
      orders.push(order.id);
      numbers.push((await invoice(order.id)).number);
    }
    t.clock.advance(VALIDATION_MS + 5_000);
    const asked = standIn.state.requests.length;
    // A second process: its own service and MyInvois client on the same database.
    const other = createInvoiceService({
      db: t.database.db,
      clock: t.clock,
      invoicesDir: t.config.invoicesDir,
      einvoice: eInvoiceClientFor(t.config.myinvois),
      log: t.app.log,
    });
    await Promise.all([work(), other.work()]);
    const details = standIn.state.requests
      .slice(asked)
      .filter((r) => r.endpoint === 'documentDetails')
      .map((r) => r.path);
    for (const id of orders) {
      const e = (await detail(id)).invoice?.einvoice;
      expect(e?.status).toBe('valid');
      // Asked about once, by one of the two.
      expect(details.filter((path) => path.includes(e?.uuid ?? '?'))).toHaveLength(1);
    }
  });

  it('with a signing certificate, documents go as version 1.1, signed, and are Valid', async () => {
    const signed = createInvoiceService({
      db: t.database.db,
      clock: t.clock,
      invoicesDir: t.config.invoicesDir,
      einvoice: eInvoiceClientFor(t.config.myinvois),
      signer: loadSigner(selfSignedP12('p12-password'), 'p12-password'),
      log: t.app.log,
    });
    const order = await paidOrder();
    const me = (await merchant.get('/api/me')).json<{ id: string }>().id;
    const issued = await signed.generate(me, order.id);
    expect(issued.einvoice.status).toBe('submitted');
    const [sent] = await submissionsOf(issued.number);
    const document = first((sent?.json as Node).Invoice);
    expect(first(document.InvoiceTypeCode).listVersionID).toBe('1.1');
    expect(document.UBLExtensions).toBeDefined();
    await validated();
    expect((await detail(order.id)).invoice?.einvoice.status).toBe('valid');
  });

  it('a buyer that gives its tax details is invoiced in its own name', async () => {
    const details = {
      name: 'Tan Kee Seafood Restaurant Sdn. Bhd.',
      tin: 'C12345678900',
      idType: 'BRN',
      idNumber: '201901012345',
      sstNumber: null,
      email: 'akaun@tankee.my',
      addressLines: ['12 Jalan Pasar'],
      postcode: '41000',
      city: 'Klang',
      stateCode: '10',
    };
    const bad = await buyer.request('PUT', '/api/buyer/tax-details', { ...details, idType: 'SSM' });
    expect(bad.json()).toMatchObject({ code: 'ID_TYPE_INVALID', field: 'idType' });
    const res = await buyer.request('PUT', '/api/buyer/tax-details', details);
    expect(res.statusCode, res.body).toBe(200);
    const order = await paidOrder();
    const number = (await invoice(order.id)).number;
    const [sent] = await submissionsOf(number);
    const party = first(first(first((sent?.json as Node).Invoice).AccountingCustomerParty).Party);
    expect(valueOf(first(party.PartyLegalEntity).RegistrationName)).toBe(details.name);
    await validated();
    expect((await detail(order.id)).invoice?.einvoice.status).toBe('valid');
    // Back to the general public.
    expect((await buyer.request('DELETE', '/api/buyer/tax-details')).json()).toEqual({
      taxDetails: null,
    });
  });
});
