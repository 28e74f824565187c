import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_CLIENT,
  type MyInvoisOptions,
  type MyInvoisStandIn,
  startMyInvois,
  validationLink,
} from './myinvois.js';

// The MyInvois stand-in against its SDK: driven with plain fetch, its clock moved by hand.

const TIN = 'C20880050010';
const OTHER_TIN = 'C11111111110';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** One UBL value: `[{_: value, ...attributes}]`. */
const v = (value: string | number, attrs: Record<string, string> = {}) => [{ _: value, ...attrs }];
const myr = (amount: number) => v(amount, { currencyID: 'MYR' });

/** A small UBL JSON invoice, as the server builds them (einvoice.ts), with what MyInvois reads. */
function invoice(number: string, supplierTin = TIN, issuedAt = '2026-01-15T00:59:00Z') {
  return {
    _D: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
    Invoice: [
      {
        ID: v(number),
        IssueDate: v(issuedAt.slice(0, 10)),
        IssueTime: v(issuedAt.slice(11)),
        InvoiceTypeCode: v('01', { listVersionID: '1.0' }),
        AccountingSupplierParty: [
          {
            Party: [
              {
                PartyIdentification: [
                  { ID: v(supplierTin, { schemeID: 'TIN' }) },
                  { ID: v('202001234567', { schemeID: 'BRN' }) },
                ],
                PartyLegalEntity: [{ RegistrationName: v('Kedai Ikan Sdn Bhd') }],
              },
            ],
          },
        ],
        AccountingCustomerParty: [
          {
            Party: [
              {
                PartyIdentification: [
                  { ID: v('EI00000000010', { schemeID: 'TIN' }) },
                  { ID: v('NA', { schemeID: 'BRN' }) },
                ],
                PartyLegalEntity: [{ RegistrationName: v('General Public') }],
              },
            ],
          },
        ],
        LegalMonetaryTotal: [
          {
            LineExtensionAmount: myr(120.5),
            TaxExclusiveAmount: myr(120.5),
            TaxInclusiveAmount: myr(120.5),
            PayableAmount: myr(120.5),
          },
        ],
      },
    ],
  };
}

interface Doc {
  doc: unknown;
  codeNumber: string;
  /** Sent instead of the document's own hash. */
  hash?: string;
}

/** A Submit Documents body: each document's text hashed and base64'd. */
function submission(docs: Doc[]): string {
  return JSON.stringify({
    documents: docs.map(({ doc, codeNumber, hash }) => {
      const text = JSON.stringify(doc);
      return {
        format: 'JSON',
        documentHash: hash ?? sha256(text),
        codeNumber,
        document: Buffer.from(text, 'utf8').toString('base64'),
      };
    }),
  });
}

interface Accepted {
  submissionUid: string | null;
  acceptedDocuments: { uuid: string; invoiceCodeNumber: string }[];
  rejectedDocuments: {
    invoiceCodeNumber: string;
    error: {
      code: string;
      message: string;
      target: string;
      details: { message: string; target: string }[];
    };
  }[];
}

interface Summary {
  uuid: string;
  longId: string | null;
  internalId: string;
  issuerTin: string | null;
  status: string;
  dateTimeValidated: string | null;
  cancelDateTime: string | null;
  documentStatusReason: string | null;
  totalPayableAmount: number | null;
}

interface StepError {
  errorCode: string;
  error: string;
  innerError: { errorCode: string; error: string }[] | null;
}

interface Details extends Summary {
  validationResults: {
    status: string;
    validationSteps: { name: string; status: string; error?: StepError }[];
  };
}

let standIn: MyInvoisStandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

/** A stand-in on a clock the test moves, and the calls a client makes to it. */
async function setup(options: MyInvoisOptions = {}) {
  let clock = Date.parse('2026-01-15T01:00:00Z');
  const mi = await startMyInvois({ now: () => clock, ...options });
  standIn = mi;

  const login = (onBehalfOf: string | null = TIN, secret = DEFAULT_CLIENT.secret) =>
    fetch(`${mi.url}/connect/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(onBehalfOf ? { onbehalfof: onBehalfOf } : {}),
      },
      body: new URLSearchParams({
        client_id: DEFAULT_CLIENT.id,
        client_secret: secret,
        grant_type: 'client_credentials',
        scope: 'InvoicingAPI',
      }),
    });
  const token = async (onBehalfOf: string | null = TIN) => {
    const res = await login(onBehalfOf);
    expect(res.status).toBe(200);
    return ((await res.json()) as { access_token: string }).access_token;
  };
  const call = (token: string, method: string, path: string, body?: string) =>
    fetch(`${mi.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body,
    });
  const submit = (token: string, docs: Doc[]) =>
    call(token, 'POST', '/api/v1.0/documentsubmissions/', submission(docs));
  const submitted = async (token: string, docs: Doc[]) => {
    const res = await submit(token, docs);
    expect(res.status).toBe(202);
    return (await res.json()) as Accepted;
  };
  const getSubmission = (token: string, uid: string) =>
    call(token, 'GET', `/api/v1.0/documentsubmissions/${uid}?pageNo=1&pageSize=100`);
  const details = async (token: string, uuid: string) => {
    const res = await call(token, 'GET', `/api/v1.0/documents/${uuid}/details`);
    expect(res.status).toBe(200);
    return (await res.json()) as Details;
  };
  const cancel = (token: string, uuid: string, reason = 'Wrong buyer details') =>
    call(
      token,
      'PUT',
      `/api/v1.0/documents/state/${uuid}/state`,
      JSON.stringify({ status: 'cancelled', reason }),
    );

  return {
    mi,
    advance: (ms: number) => {
      clock += ms;
    },
    login,
    token,
    call,
    submit,
    submitted,
    getSubmission,
    details,
    cancel,
  };
}

describe('MyInvois stand-in', () => {
  it('issues a token for the taxpayer named in onbehalfof and refuses wrong credentials', async () => {
    const t = await setup();
    const res = await t.login(TIN);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'InvoicingAPI' });
    expect(body.access_token).toEqual(expect.any(String));
    expect(t.mi.state.tokens[0]).toMatchObject({ onBehalfOf: TIN, tin: TIN });
    // A taxpayer also known by its business registration number: TIN:ROB.
    await t.login(`${OTHER_TIN}:201901234567`);
    expect(t.mi.state.tokens[1]).toMatchObject({ tin: OTHER_TIN });

    const wrong = await t.login(TIN, 'not-the-secret');
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_client' });
    expect(t.mi.state.calls.token).toBe(3);
  });

  it('answers 401 once the token has expired', async () => {
    const t = await setup({ tokenSeconds: 60 });
    const token = await t.token();
    const { submissionUid } = await t.submitted(token, [
      { doc: invoice('INV-1'), codeNumber: 'INV-1' },
    ]);
    expect((await t.getSubmission(token, submissionUid ?? '')).status).toBe(200);
    t.advance(60_000);
    expect((await t.getSubmission(token, submissionUid ?? '')).status).toBe(401);
    expect((await t.getSubmission('unknown', submissionUid ?? '')).status).toBe(401);
    // A new login answers again.
    expect((await t.getSubmission(await t.token(), submissionUid ?? '')).status).toBe(200);
  });

  it('accepts a submission and keeps what it received', async () => {
    const t = await setup();
    const doc = invoice('INV-1');
    const body = await t.submitted(await t.token(), [{ doc, codeNumber: 'INV-1' }]);
    expect(body.submissionUid).toMatch(/^[0-9A-Z]{26}$/);
    expect(body.rejectedDocuments).toEqual([]);
    expect(body.acceptedDocuments).toEqual([
      { uuid: expect.stringMatching(/^[0-9A-Z]{26}$/), invoiceCodeNumber: 'INV-1' },
    ]);

    const [received] = t.mi.state.submissions;
    expect(received).toMatchObject({
      submissionUid: body.submissionUid,
      tin: TIN,
      onBehalfOf: TIN,
    });
    expect(received?.documents[0]).toMatchObject({
      codeNumber: 'INV-1',
      json: doc,
      rejected: null,
    });
    expect(t.mi.state.calls.submit).toBe(1);
    expect(t.mi.state.documents.get(body.acceptedDocuments[0]?.uuid ?? '')?.status).toBe('Valid');
  });

  it('rejects a document whose hash is not the SHA-256 of its text', async () => {
    const t = await setup();
    const body = await t.submitted(await t.token(), [
      { doc: invoice('INV-1'), codeNumber: 'INV-1', hash: sha256('something else') },
      { doc: invoice('INV-2'), codeNumber: 'INV-2' },
    ]);
    expect(body.acceptedDocuments.map((d) => d.invoiceCodeNumber)).toEqual(['INV-2']);
    expect(body.rejectedDocuments).toEqual([
      {
        invoiceCodeNumber: 'INV-1',
        error: expect.objectContaining({
          message: 'Validation Error',
          target: 'INV-1',
          details: [
            expect.objectContaining({
              message: 'Document hash is not valid.',
              target: 'documentHash',
            }),
          ],
        }),
      },
    ]);
    expect(t.mi.state.documents.size).toBe(1);
  });

  it('refuses the same submission within 10 minutes, takes it after, then finds the document a duplicate', async () => {
    const t = await setup();
    const token = await t.token();
    const docs = [{ doc: invoice('INV-1'), codeNumber: 'INV-1' }];
    const first = await t.submitted(token, docs);

    const again = await t.submit(token, docs);
    expect(again.status).toBe(422);
    expect(again.headers.get('retry-after')).toBe('600');
    expect(await again.json()).toMatchObject({ error: { code: 'DuplicateSubmission' } });
    t.advance(9 * MINUTE);
    expect((await t.submit(token, docs)).headers.get('retry-after')).toBe('60');

    t.advance(MINUTE);
    const later = await t.submitted(token, docs);
    // Accepted, but the same invoice within 2 hours is a duplicate document (FAQ): Invalid, DS302.
    const uuid = later.acceptedDocuments[0]?.uuid ?? '';
    const details = await t.details(token, uuid);
    expect(details.status).toBe('Invalid');
    const failed = details.validationResults.validationSteps.find((s) => s.status === 'Invalid');
    expect(failed?.error).toMatchObject({
      errorCode: 'Error03',
      innerError: [
        {
          errorCode: 'DS302',
          error: expect.stringContaining(first.acceptedDocuments[0]?.uuid ?? '-'),
        },
      ],
    });
    expect(t.mi.state.submissions.filter((s) => s.submissionUid)).toHaveLength(2);
    expect(t.mi.state.calls.submit).toBe(4);
  });

  it('keeps documents Submitted until validation ends, then Valid with a long ID', async () => {
    const t = await setup({ validateAfterMs: 5_000 });
    const token = await t.token();
    const { submissionUid, acceptedDocuments } = await t.submitted(token, [
      { doc: invoice('INV-1'), codeNumber: 'INV-1' },
    ]);
    const uuid = acceptedDocuments[0]?.uuid ?? '';

    const pending = (await (await t.getSubmission(token, submissionUid ?? '')).json()) as {
      overallStatus: string;
      documentCount: number;
      documentSummary: Summary[];
    };
    expect(pending).toMatchObject({ overallStatus: 'in progress', documentCount: 1 });
    expect(pending.documentSummary[0]).toMatchObject({
      uuid,
      status: 'Submitted',
      longId: null,
      dateTimeValidated: null,
    });
    expect((await t.details(token, uuid)).validationResults.status).toBe('Submitted');

    t.advance(5_000);
    const done = (await (await t.getSubmission(token, submissionUid ?? '')).json()) as {
      overallStatus: string;
      documentSummary: Summary[];
    };
    expect(done.overallStatus).toBe('valid');
    const summary = done.documentSummary[0];
    expect(summary).toMatchObject({
      status: 'Valid',
      internalId: 'INV-1',
      issuerTin: TIN,
      totalPayableAmount: 120.5,
      dateTimeValidated: '2026-01-15T01:00:05Z',
    });
    expect(summary?.longId).toMatch(/^[0-9A-Z]{40}$/);
    const details = await t.details(token, uuid);
    expect(details.validationResults.status).toBe('Valid');
    expect(details.validationResults.validationSteps.every((s) => s.status === 'Valid')).toBe(true);

    const link = validationLink(t.mi.portalUrl, uuid, summary?.longId ?? '');
    expect(link).toBe(`${t.mi.url}/portal/${uuid}/share/${summary?.longId}`);
    expect((await fetch(link)).status).toBe(200);
    expect((await fetch(validationLink(t.mi.portalUrl, uuid, 'WRONG'))).status).toBe(404);
  });

  it("marks a document Invalid with the validator's reasons", async () => {
    const t = await setup({
      validate: (doc) =>
        JSON.stringify(doc).includes('INV-BAD')
          ? ['CF364: Supplier phone number is not valid', 'Buyer name is missing']
          : [],
    });
    const token = await t.token();
    const { submissionUid, acceptedDocuments } = await t.submitted(token, [
      { doc: invoice('INV-BAD'), codeNumber: 'INV-BAD' },
      { doc: invoice('INV-GOOD'), codeNumber: 'INV-GOOD' },
    ]);
    const overall = (await (await t.getSubmission(token, submissionUid ?? '')).json()) as {
      overallStatus: string;
    };
    expect(overall.overallStatus).toBe('partially valid');

    const details = await t.details(token, acceptedDocuments[0]?.uuid ?? '');
    expect(details).toMatchObject({ status: 'Invalid', longId: null });
    expect(details.validationResults.status).toBe('Invalid');
    const failed = details.validationResults.validationSteps.filter((s) => s.status === 'Invalid');
    expect(failed).toHaveLength(1);
    expect(failed[0]?.error?.innerError).toEqual([
      expect.objectContaining({ errorCode: 'CF364', error: 'Supplier phone number is not valid' }),
      expect.objectContaining({ errorCode: 'Error02', error: 'Buyer name is missing' }),
    ]);
  });

  it('cancels a valid document within 72 hours of validation and refuses after', async () => {
    const t = await setup({
      validate: (doc) => (JSON.stringify(doc).includes('INV-3') ? ['bad'] : []),
    });
    const token = await t.token();
    const { submissionUid, acceptedDocuments } = await t.submitted(token, [
      { doc: invoice('INV-1'), codeNumber: 'INV-1' },
      { doc: invoice('INV-2'), codeNumber: 'INV-2' },
      { doc: invoice('INV-3'), codeNumber: 'INV-3' },
    ]);
    const [one, two, three] = acceptedDocuments.map((d) => d.uuid);

    // Only the issuer: a token for another taxpayer may not.
    const stranger = await t.cancel(await t.token(OTHER_TIN), one ?? '');
    expect(stranger.status).toBe(403);
    expect(await stranger.json()).toMatchObject({ error: { code: 'Forbidden' } });

    t.advance(71 * HOUR);
    // Tokens live an hour: a new one, for the same taxpayer.
    const later = await t.token();
    const res = await t.cancel(later, one ?? '', 'Wrong buyer details');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ uuid: one, status: 'Cancelled' });
    expect(t.mi.state.cancellations).toEqual([
      expect.objectContaining({ uuid: one, reason: 'Wrong buyer details', tin: TIN }),
    ]);
    const page = (await (await t.getSubmission(later, submissionUid ?? '')).json()) as {
      documentSummary: Summary[];
    };
    expect(page.documentSummary[0]).toMatchObject({
      status: 'Cancelled',
      cancelDateTime: '2026-01-18T00:00:00Z',
      documentStatusReason: 'Wrong buyer details',
    });

    const twice = await t.cancel(later, one ?? '');
    expect(twice.status).toBe(400);
    expect(await twice.json()).toMatchObject({ error: { code: 'IncorrectState' } });
    const invalid = await t.cancel(later, three ?? '');
    expect(await invalid.json()).toMatchObject({ error: { code: 'IncorrectState' } });

    t.advance(HOUR + 1_000);
    const late = await t.cancel(await t.token(), two ?? '');
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ error: { code: 'OperationPeriodOver' } });
    expect(t.mi.state.documents.get(two ?? '')?.status).toBe('Valid');
  });

  it('refuses documents of a taxpayer other than the one logged in for', async () => {
    const t = await setup();
    const res = await t.submit(await t.token(TIN), [
      { doc: invoice('INV-1', OTHER_TIN), codeNumber: 'INV-1' },
    ]);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      error: {
        code: 'IncorrectSubmitter',
        message: 'The authenticated TIN and documents TIN is not matching',
      },
    });
    expect(t.mi.state.documents.size).toBe(0);
  });

  it('answers 429 with Retry-After past the rate limit, per endpoint', async () => {
    const t = await setup({ rateLimits: { getSubmission: 2, token: 2 } });
    const token = await t.token();
    const { submissionUid } = await t.submitted(token, [
      { doc: invoice('INV-1'), codeNumber: 'INV-1' },
    ]);
    const first = await t.getSubmission(token, submissionUid ?? '');
    expect(first.headers.get('x-rate-limit-remaining')).toBe('1');
    t.advance(20_000);
    expect((await t.getSubmission(token, submissionUid ?? '')).status).toBe(200);
    const limited = await t.getSubmission(token, submissionUid ?? '');
    expect(limited.status).toBe(429);
    // The first call leaves the minute 40 s from now.
    expect(limited.headers.get('retry-after')).toBe('40');
    expect(await limited.json()).toMatchObject({ error: { code: 'TooManyRequests' } });
    // Other endpoints keep their own count.
    expect((await t.call(token, 'GET', `/api/v1.0/documents/x/details`)).status).toBe(404);

    await t.login();
    const login = await t.login();
    expect(login.status).toBe(429);
    expect(Number(login.headers.get('retry-after'))).toBeGreaterThan(0);

    t.advance(40_000);
    expect((await t.getSubmission(token, submissionUid ?? '')).status).toBe(200);
  });

  it('injects failures: an answer lost after the effect, and no answer at all', async () => {
    const t = await setup();
    const token = await t.token();
    const docs = [{ doc: invoice('INV-1'), codeNumber: 'INV-1' }];
    t.mi.state.failNext.push({ endpoint: 'submit', status: 500, afterEffect: true });
    expect((await t.submit(token, docs)).status).toBe(500);
    // MyInvois has the document although the client heard 500; sending it again is a duplicate.
    expect(t.mi.state.documents.size).toBe(1);
    expect((await t.submit(token, docs)).status).toBe(422);

    t.mi.state.failNext.push({ endpoint: 'getSubmission' });
    const uid = t.mi.state.submissions[0]?.submissionUid ?? '';
    // The client gives up once the stand-in has the call: a fixed 100 ms gave up before it
    // arrived on a loaded machine.
    const giveUp = new AbortController();
    const unanswered = fetch(`${t.mi.url}/api/v1.0/documentsubmissions/${uid}`, {
      headers: { authorization: `Bearer ${token}` },
      signal: giveUp.signal,
    });
    await expect.poll(() => t.mi.state.calls.getSubmission, { timeout: 10_000 }).toBe(1);
    giveUp.abort();
    await expect(unanswered).rejects.toThrow();
    expect(t.mi.state.failNext).toEqual([]);
    expect((await t.getSubmission(token, uid)).status).toBe(200);
  });
});
