import { createHash, randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * LHDN MyInvois as the tests see it: a stand-in of the identity service and the e-Invoice API on
 * 127.0.0.1, so that the server's e-invoice client is tested over HTTP, without mocks.
 *
 * What it answers follows LHDN's SDK (https://sdk.myinvois.hasil.gov.my), read through its
 * mirrors github.com/watchtower/myinvois-sdk-llm (knowledge_package/markdown/*) and
 * github.com/deadboy18/myinvois-docs:
 * - Login as Intermediary System, /api/08-login-as-intermediary-system/: POST /connect/token,
 *   form body client_id, client_secret, grant_type=client_credentials, scope=InvoicingAPI, header
 *   `onbehalfof: TIN` (or `TIN:ROB`); 200 {access_token, token_type: 'Bearer', expires_in, scope};
 *   400 {error: invalid_request | invalid_client | unsupported_grant_type | invalid_scope}.
 * - Submit Documents, /einvoicingapi/02-submit-documents/: 202 {submissionUid, acceptedDocuments
 *   [{uuid, invoiceCodeNumber}], rejectedDocuments [{invoiceCodeNumber, error}]}; 400 BadStructure,
 *   400 MaximumSizeExceeded (5 MB a submission, 100 documents, 300 KB a document), 403
 *   IncorrectSubmitter, 422 DuplicateSubmission (the same payload from the same taxpayer within 10
 *   minutes, with Retry-After in seconds).
 * - Get Submission, /einvoicingapi/06-get-submission/: overallStatus 'in progress' | 'valid' |
 *   'partially valid' | 'invalid', documentSummary paged by pageNo/pageSize (at most 100).
 * - Get Document Details, /einvoicingapi/08-get-document-details/: the summary plus
 *   validationResults {status, validationSteps [{name, status, error?}]}; longId only for valid
 *   documents; the validation link is `{portal}/{uuid}/share/{longId}` (also FAQ "How to get
 *   validation link"; the sandbox portal is https://preprod.myinvois.hasil.gov.my, FAQ
 *   "What are the environment URLs?").
 * - Cancel Document, /einvoicingapi/03-cancel-document/: PUT /api/v1.0/documents/state/{uuid}/state
 *   {status: 'cancelled', reason (≤ 300 chars)} → 200 {uuid, status: 'Cancelled'}, within 72 hours
 *   of validation; 400 OperationPeriodOver, 400 IncorrectState, 403 Forbidden.
 * - Standard error response and header parameters, /standard-error-response/ and
 *   /standard-header-parameters/: 401 for a missing or expired token, 429 TooManyRequests with
 *   Retry-After (seconds), X-Rate-Limit-Limit/-Remaining/-Reset, correlationId; a validation
 *   step's error is {propertyName, propertyPath, errorCode, error, errorMS, innerError}, its
 *   duplicate example is Error03 with inner DS302.
 * - Rate limits per client ID (each API page's "Rate Limit"): login 12, submit 100, get
 *   submission 300, document details 125, cancel 12 requests a minute.
 * - FAQ: documentHash is the SHA-256 of the document, the document its base64; a duplicate
 *   document is one with the same type and version, issuance date-time, internal ID and supplier
 *   TIN as one processed within 2 hours; statuses Submitted, Valid, Invalid, Cancelled.
 * Error bodies are shaped as the live API was seen answering them, `{error: {code, message,
 * target, details}}`: github.com/syukranDev/e-invoice-sdk-nodejs/issues/2 (a rejected document:
 * message "Validation Error", detail "Document hash is not valid." targeting documentHash, whose
 * code was null there; here BadArgument, the standard code for a bad parameter named in target),
 * github.com/klsheng/myinvois-php-sdk/issues/11 and /issues/15 (state change and rejected
 * document errors).
 *
 * IncorrectSubmitter answers with the FAQ's "The authenticated TIN and documents TIN is not
 * matching", for a document whose issuer TIN is not the one the token acts for. Validation step
 * names (Step01-Structure Validator…) and Error02 for the validator's reasons are this stand-in's:
 * only Error03/DS302 come from the SDK's example, so clients should not read meaning into them.
 *
 * The token endpoint takes its credentials in the form body only, not as Basic auth
 * (https://dev.to/vegesu/i-got-a-400-from-the-official-myinvois-postman-collection-here-is-the-fix-ahd).
 *
 * Not modelled: XML submissions, signatures, receivers' views and rejection by the buyer.
 */

/** Every endpoint the stand-in answers, as `calls` counts them. */
export type Endpoint =
  'token' | 'submit' | 'getSubmission' | 'documentDetails' | 'search' | 'cancel' | 'portal';
export type RateLimitedEndpoint = Exclude<Endpoint, 'portal'>;

/** Requests a minute per client ID, as each API page of the SDK recommends. */
export const DEFAULT_RATE_LIMITS: Record<RateLimitedEndpoint, number> = {
  token: 12,
  submit: 100,
  getSubmission: 300,
  documentDetails: 125,
  search: 12,
  cancel: 12,
};

/** An ERP system registered at MyInvois; `tin` is whom it is when it logs in without onbehalfof. */
export interface StandInClient {
  id: string;
  secret: string;
  tin?: string;
}

export const DEFAULT_CLIENT: StandInClient = { id: 'stand-in-client', secret: 'stand-in-secret' };

export interface MyInvoisOptions {
  /** The registered systems; by default DEFAULT_CLIENT only. */
  clients?: StandInClient[];
  /** A token's lifetime (expires_in); LHDN's is an hour. */
  tokenSeconds?: number;
  /** The stand-in's clock (epoch ms): tokens, validation, windows and rate limits read it. */
  now?: () => number;
  /** How long a document stays Submitted before its validation result shows. */
  validateAfterMs?: number;
  /**
   * Decides Valid or Invalid: the reasons a document is invalid, none when valid. `doc` is the
   * parsed JSON, `raw` its text. A reason may start with an LHDN error code, "CF364: …", which
   * then becomes its errorCode in the validation step.
   */
  validate?: (doc: unknown, raw: string) => string[];
  /** Overrides of DEFAULT_RATE_LIMITS, so that a test reaches 429 in a few calls. */
  rateLimits?: Partial<Record<RateLimitedEndpoint, number>>;
  /** The identical-submission window answered 422 DuplicateSubmission; 10 minutes. */
  duplicateSubmissionMs?: number;
  /** The duplicate-document window (Invalid, DS302); 2 hours; 0 turns the check off. */
  duplicateDocumentMs?: number;
  /** How long after validation the issuer may cancel; 72 hours. */
  cancelWindowMs?: number;
  /**
   * How long Get Submission answers 404 for a new submission: the sandbox was seen doing so for a
   * few seconds (the progress log of github.com/pasupathy-manikam-jr/e-invoice-sdk, "Sandbox
   * results"); 0 by default.
   */
  submissionVisibleAfterMs?: number;
}

export type DocumentStatus = 'Submitted' | 'Valid' | 'Invalid' | 'Cancelled';

export interface IssuedToken {
  accessToken: string;
  clientId: string;
  /** The onbehalfof header as sent, null for a taxpayer system's own login. */
  onBehalfOf: string | null;
  /** The taxpayer the token acts for: onbehalfof's TIN, else the client's own. */
  tin: string | null;
  issuedAt: number;
  expiresAt: number;
}

/** One document of a submission, as received. */
export interface ReceivedDocument {
  codeNumber: string;
  format: string;
  documentHash: string;
  /** The base64 decoded as UTF-8. */
  text: string;
  /** The parsed JSON, null when it did not parse. */
  json: unknown;
  /** Assigned when accepted. */
  uuid: string | null;
  /** The rejection's detail message when rejected. */
  rejected: string | null;
}

/** A submission answered 202 (one whose every document was rejected has no submissionUid). */
export interface ReceivedSubmission {
  submissionUid: string | null;
  receivedAt: number;
  clientId: string;
  onBehalfOf: string | null;
  tin: string | null;
  documents: ReceivedDocument[];
}

/** The fields MyInvois reads out of a UBL document for its summaries. */
export interface DocumentFacts {
  internalId: string;
  typeName: string | null;
  typeVersionName: string | null;
  issuerTin: string | null;
  issuerName: string | null;
  receiverId: string | null;
  receiverName: string | null;
  dateTimeIssued: string | null;
  totalExcludingTax: number | null;
  totalDiscount: number | null;
  totalNetAmount: number | null;
  totalPayableAmount: number | null;
}

/** A document MyInvois accepted; `status` reads the stand-in clock. */
export interface StandInDocument {
  uuid: string;
  submissionUid: string;
  codeNumber: string;
  text: string;
  json: unknown;
  facts: DocumentFacts;
  clientId: string;
  /** The taxpayer it was submitted for. */
  tin: string | null;
  receivedAt: number;
  /** When validation ends (receivedAt + validateAfterMs). */
  validatedAt: number;
  /** The validator's reasons; empty when valid. */
  reasons: string[];
  /** The earlier document this one duplicates (DS302). */
  duplicateOf: string | null;
  /** Assigned at once, shown only while Valid. */
  longId: string;
  cancelledAt: number | null;
  cancelReason: string | null;
  readonly status: DocumentStatus;
}

export interface Cancellation {
  uuid: string;
  reason: string;
  at: number;
  clientId: string;
  tin: string | null;
}

/**
 * An injected failure for the next matching request. Without `status` the request is never
 * answered (the client's timeout fires; close() drops it). With `afterEffect` the request takes
 * effect first and only its answer is lost, as when MyInvois got a submission but the reply did
 * not arrive.
 */
export interface Fault {
  endpoint: Endpoint | 'any';
  status?: number;
  afterEffect?: boolean;
}

export interface LoggedRequest {
  endpoint: Endpoint | null;
  method: string;
  path: string;
  /** Null while unanswered. */
  status: number | null;
  at: number;
}

export interface MyInvoisState {
  tokens: IssuedToken[];
  submissions: ReceivedSubmission[];
  documents: Map<string, StandInDocument>;
  cancellations: Cancellation[];
  /** Requests per endpoint, whatever they were answered (401, 429, faults included). */
  calls: Record<Endpoint, number>;
  requests: LoggedRequest[];
  /** Consumed front to back by the first request each matches. */
  failNext: Fault[];
}

interface Reply {
  status: number;
  headers?: Record<string, string>;
  /** JSON unless a string; nothing when undefined. */
  body?: unknown;
}

interface ApiError {
  code: string | null;
  message: string | null;
  target: string | null;
  propertyPath?: string | null;
  details: ApiError[] | null;
}

/** The body of Cancel Document (and of Reject Document, the buyer's). */
interface StateChange {
  status?: unknown;
  reason?: unknown;
}

interface StepError {
  propertyName: string | null;
  propertyPath: string | null;
  errorCode: string;
  error: string;
  errorMS: string;
  innerError: StepError[] | null;
}

const MINUTE = 60_000;
const MAX_SUBMISSION_BYTES = 5 * 1024 * 1024;
const MAX_DOCUMENT_BYTES = 300 * 1024;
const MAX_DOCUMENTS = 100;
const MAX_PAGE_SIZE = 100;
const MAX_REASON = 300;
const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** LHDN's ids: submissions and documents are "26 Latin alphanumeric symbols". */
const lhdnId = (length = 26) =>
  Array.from({ length }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');

/** Whole seconds until `at`, at least 1: what Retry-After says. */
const secondsUntil = (at: number, now: number) => Math.max(1, Math.ceil((at - now) / 1000));

/** MyInvois writes UTC to the second: 2015-02-13T14:20:10Z. */
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

const apiError = (
  code: string,
  message: string,
  target: string | null = null,
  details: ApiError[] | null = null,
): { error: ApiError } => ({ error: { code, message, target, details } });

/** The specific code at the top, and again in details where some clients were seen looking. */
const stateError = (status: number, code: string, message: string): Reply => ({
  status,
  body: apiError(code, message, 'Update Document Status', [
    { code, message, target: 'Document.UUID', details: null },
  ]),
});

/** One UBL JSON value: every element an array, its value under `_`. */
function ublNode(node: unknown, ...path: string[]): Record<string, unknown> | null {
  let at: unknown = node;
  for (const key of path) {
    if (typeof at !== 'object' || at === null) return null;
    const next: unknown = (at as Record<string, unknown>)[key];
    at = Array.isArray(next) ? next[0] : next;
  }
  return typeof at === 'object' && at !== null ? (at as Record<string, unknown>) : null;
}

function ublText(node: unknown, ...path: string[]): string | null {
  const value = ublNode(node, ...path)?._;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

function ublAmount(node: unknown, ...path: string[]): number | null {
  const text = ublText(node, ...path);
  return text === null || Number.isNaN(Number(text)) ? null : Number(text);
}

/** A party's identifiers by scheme (TIN, BRN, NRIC…), 'NA' left out. */
function partyIds(party: Record<string, unknown> | null): Map<string, string> {
  const ids = new Map<string, string>();
  const list = party?.PartyIdentification;
  if (!Array.isArray(list)) return ids;
  for (const entry of list) {
    const id = ublNode(entry, 'ID');
    if (typeof id?.schemeID === 'string' && typeof id._ === 'string' && id._ !== 'NA')
      ids.set(id.schemeID, id._);
  }
  return ids;
}

/** e-Invoice types (SDK, Codes → e-Invoice Types). */
const TYPE_NAMES: Record<string, string> = {
  '01': 'invoice',
  '02': 'credit note',
  '03': 'debit note',
  '04': 'refund note',
  '11': 'self-billed invoice',
  '12': 'self-billed credit note',
  '13': 'self-billed debit note',
  '14': 'self-billed refund note',
};

/** What MyInvois reads out of a UBL JSON document; the code number stands in for a missing ID. */
export function documentFacts(json: unknown, codeNumber: string): DocumentFacts {
  const invoice = ublNode(json, 'Invoice');
  const typeCode = ublNode(invoice, 'InvoiceTypeCode');
  const code = typeof typeCode?._ === 'string' ? typeCode._ : null;
  // A self-billed document is issued by its buyer.
  const selfBilled = code?.startsWith('1') ?? false;
  const supplier = ublNode(invoice, 'AccountingSupplierParty', 'Party');
  const customer = ublNode(invoice, 'AccountingCustomerParty', 'Party');
  const [issuer, receiver] = selfBilled ? [customer, supplier] : [supplier, customer];
  const receiverIds = partyIds(receiver);
  const issueDate = ublText(invoice, 'IssueDate');
  const issueTime = ublText(invoice, 'IssueTime');
  const totals = ublNode(invoice, 'LegalMonetaryTotal');
  return {
    internalId: ublText(invoice, 'ID') ?? codeNumber,
    typeName: code === null ? null : (TYPE_NAMES[code] ?? null),
    typeVersionName: typeof typeCode?.listVersionID === 'string' ? typeCode.listVersionID : null,
    issuerTin: partyIds(issuer).get('TIN') ?? null,
    issuerName: ublText(issuer, 'PartyLegalEntity', 'RegistrationName'),
    receiverId:
      ['BRN', 'NRIC', 'PASSPORT', 'ARMY'].map((s) => receiverIds.get(s)).find(Boolean) ?? null,
    receiverName: ublText(receiver, 'PartyLegalEntity', 'RegistrationName'),
    dateTimeIssued: issueDate && issueTime ? `${issueDate}T${issueTime}` : null,
    totalExcludingTax: ublAmount(totals, 'TaxExclusiveAmount'),
    totalDiscount: ublAmount(totals, 'AllowanceTotalAmount') ?? 0,
    totalNetAmount: ublAmount(totals, 'LineExtensionAmount'),
    totalPayableAmount: ublAmount(totals, 'PayableAmount'),
  };
}

/** `{portal}/{uuid}/share/{longId}`, the public validation link the SDK describes. */
export const validationLink = (portal: string, uuid: string, longId: string) =>
  `${portal.replace(/\/+$/, '')}/${uuid}/share/${longId}`;

/** A reason "CF364: text" as its code and text. */
function splitReason(reason: string, fallbackCode: string): { code: string; text: string } {
  const match = /^([A-Z]{2,}\d{2,}):\s*(.*)$/s.exec(reason);
  return match?.[1] && match[2] !== undefined
    ? { code: match[1], text: match[2] }
    : { code: fallbackCode, text: reason };
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** MyInvois on 127.0.0.1; `url` is both the identity service and the API. */
export async function startMyInvois(options: MyInvoisOptions = {}) {
  const now = options.now ?? Date.now;
  const clients = options.clients ?? [DEFAULT_CLIENT];
  const tokenSeconds = options.tokenSeconds ?? 3600;
  const validateAfterMs = options.validateAfterMs ?? 0;
  const rateLimits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
  const duplicateSubmissionMs = options.duplicateSubmissionMs ?? 10 * MINUTE;
  const duplicateDocumentMs = options.duplicateDocumentMs ?? 2 * 60 * MINUTE;
  const cancelWindowMs = options.cancelWindowMs ?? 72 * 60 * MINUTE;
  const submissionVisibleAfterMs = options.submissionVisibleAfterMs ?? 0;

  const state: MyInvoisState = {
    tokens: [],
    submissions: [],
    documents: new Map(),
    cancellations: [],
    calls: {
      token: 0,
      submit: 0,
      getSubmission: 0,
      documentDetails: 0,
      search: 0,
      cancel: 0,
      portal: 0,
    },
    requests: [],
    failNext: [],
  };
  const tokens = new Map<string, IssuedToken>();
  /** Accepted calls per client and endpoint in the last minute, oldest first. */
  const windows = new Map<string, number[]>();
  /** Payload hashes of accepted submissions per taxpayer, for DuplicateSubmission. */
  const payloads = new Map<string, number>();
  const submissionTimes = new Map<string, { at: number; clientId: string; tin: string | null }>();

  /** Counts the call, or answers 429 when the client has used up its minute. */
  function rateLimit(endpoint: RateLimitedEndpoint, clientId: string): Reply | Reply['headers'] {
    const at = now();
    const key = `${endpoint} ${clientId}`;
    const calls = (windows.get(key) ?? []).filter((t) => t > at - MINUTE);
    windows.set(key, calls);
    const limit = rateLimits[endpoint];
    const oldest = calls[0];
    if (calls.length >= limit && oldest !== undefined) {
      return {
        status: 429,
        headers: {
          'retry-after': String(secondsUntil(oldest + MINUTE, at)),
          'x-rate-limit-limit': String(limit),
          'x-rate-limit-remaining': '0',
          'x-rate-limit-reset': new Date(oldest + MINUTE).toISOString(),
        },
        body: apiError('TooManyRequests', `Rate limit of ${limit} requests a minute exceeded.`),
      };
    }
    calls.push(at);
    return {
      'x-rate-limit-limit': String(limit),
      'x-rate-limit-remaining': String(limit - calls.length),
    };
  }

  const isReply = (x: Reply | Reply['headers']): x is Reply =>
    x !== undefined && typeof (x as Reply).status === 'number';

  /** The caller's live token, or 401 as the SDK's FAQ describes for an expired one. */
  function authenticate(req: IncomingMessage): IssuedToken | Reply {
    const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    const token = match?.[1] ? tokens.get(match[1]) : undefined;
    if (token && now() < token.expiresAt) return token;
    return {
      status: 401,
      headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
    };
  }

  /** Authenticates and counts against the endpoint's rate limit, then runs `handler`. */
  function api(
    endpoint: RateLimitedEndpoint,
    req: IncomingMessage,
    handler: (token: IssuedToken) => Reply,
  ): Reply {
    const token = authenticate(req);
    if ('status' in token) return token;
    const limited = rateLimit(endpoint, token.clientId);
    if (isReply(limited)) return limited;
    const reply = handler(token);
    return { ...reply, headers: { ...limited, ...reply.headers } };
  }

  function login(req: IncomingMessage, body: Buffer): Reply {
    const form = (req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded')
      ? new URLSearchParams(body.toString('utf8'))
      : new URLSearchParams();
    const clientId = form.get('client_id');
    const limited = rateLimit('token', clientId ?? '');
    if (isReply(limited)) return limited;
    const oauthError = (error: string, description: string): Reply => ({
      status: 400,
      body: { error, error_description: description },
    });
    // Credentials in the body only: the sandbox's token endpoint was seen refusing Basic auth
    // (dev.to/vegesu, "I got a 400 from the official MyInvois Postman collection").
    if (!clientId || !form.get('client_secret') || !form.get('grant_type'))
      return oauthError('invalid_request', 'client_id, client_secret and grant_type are required');
    if (form.get('grant_type') !== 'client_credentials')
      return oauthError('unsupported_grant_type', 'grant_type must be client_credentials');
    const client = clients.find((c) => c.id === clientId);
    if (!client || client.secret !== form.get('client_secret'))
      return oauthError('invalid_client', 'Invalid client ID or secret');
    const scope = form.get('scope');
    if (scope !== null && scope !== 'InvoicingAPI')
      return oauthError('invalid_scope', `Unknown scope ${scope}`);

    const onBehalfOf = req.headers.onbehalfof;
    const header = typeof onBehalfOf === 'string' && onBehalfOf.trim() ? onBehalfOf.trim() : null;
    const issuedAt = now();
    const token: IssuedToken = {
      accessToken: randomBytes(32).toString('base64url'),
      clientId,
      onBehalfOf: header,
      // `TIN:ROB` when the taxpayer also has a business registration number.
      tin: header ? (header.split(':')[0] ?? header) : (client.tin ?? null),
      issuedAt,
      expiresAt: issuedAt + tokenSeconds * 1000,
    };
    tokens.set(token.accessToken, token);
    state.tokens.push(token);
    return {
      status: 200,
      headers: limited,
      body: {
        access_token: token.accessToken,
        token_type: 'Bearer',
        expires_in: tokenSeconds,
        scope: 'InvoicingAPI',
      },
    };
  }

  function submit(req: IncomingMessage, body: Buffer, token: IssuedToken): Reply {
    if (body.length > MAX_SUBMISSION_BYTES) {
      return {
        status: 400,
        body: apiError(
          'MaximumSizeExceeded',
          `The submission exceeds ${MAX_SUBMISSION_BYTES} bytes.`,
          'submission',
        ),
      };
    }
    const badStructure = (message: string): Reply => ({
      status: 400,
      body: apiError('BadStructure', message, 'submission'),
    });
    if (!(req.headers['content-type'] ?? '').includes('application/json'))
      return badStructure(
        'The stand-in takes JSON submissions only (Content-Type application/json).',
      );
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      return badStructure('The submission is not JSON.');
    }
    const documents = (parsed as { documents?: unknown } | null)?.documents;
    if (!Array.isArray(documents) || documents.length === 0)
      return badStructure('documents must hold at least one document.');
    if (documents.length > MAX_DOCUMENTS) {
      return {
        status: 400,
        body: apiError(
          'MaximumSizeExceeded',
          `A submission holds at most ${MAX_DOCUMENTS} documents.`,
          'documents',
        ),
      };
    }
    const entries: {
      format: string;
      document: string;
      documentHash: string;
      codeNumber: string;
    }[] = [];
    for (const d of documents) {
      const e = d as Record<string, unknown> | null;
      if (
        typeof e?.format !== 'string' ||
        typeof e.document !== 'string' ||
        typeof e.documentHash !== 'string' ||
        typeof e.codeNumber !== 'string'
      )
        return badStructure('Each document needs format, document, documentHash and codeNumber.');
      // All documents share the enclosing submission's format.
      if (e.format !== 'JSON') return badStructure('A JSON submission holds JSON documents.');
      entries.push({
        format: e.format,
        document: e.document,
        documentHash: e.documentHash,
        codeNumber: e.codeNumber,
      });
    }

    const at = now();
    const payloadKey = `${token.tin ?? token.clientId}\n${sha256Hex(body)}`;
    const previous = payloads.get(payloadKey);
    if (previous !== undefined && at < previous + duplicateSubmissionMs) {
      return {
        status: 422,
        headers: { 'retry-after': String(secondsUntil(previous + duplicateSubmissionMs, at)) },
        body: apiError(
          'DuplicateSubmission',
          `An identical submission was received in the last ${duplicateSubmissionMs / MINUTE} minutes.`,
          'submission',
        ),
      };
    }

    const received: ReceivedDocument[] = entries.map((e) => {
      const bytes = Buffer.from(e.document, 'base64');
      const text = bytes.toString('utf8');
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        // Rejected below.
      }
      const rejected = !BASE64.test(e.document)
        ? 'Document is not valid base64.'
        : bytes.length > MAX_DOCUMENT_BYTES
          ? `Document exceeds ${MAX_DOCUMENT_BYTES} bytes.`
          : e.documentHash.toLowerCase() !== sha256Hex(bytes)
            ? 'Document hash is not valid.'
            : json === null
              ? 'Failed to parse input document.'
              : null;
      return {
        codeNumber: e.codeNumber,
        format: e.format,
        documentHash: e.documentHash,
        text,
        json,
        uuid: null,
        rejected,
      };
    });

    // Intermediary or taxpayer, the issuer in each document must be whom the token acts for.
    if (token.tin !== null) {
      const foreign = received.find((d) => {
        if (d.rejected) return false;
        const issuer = documentFacts(d.json, d.codeNumber).issuerTin;
        return issuer !== null && issuer !== token.tin;
      });
      if (foreign) {
        const message = 'The authenticated TIN and documents TIN is not matching';
        return {
          status: 403,
          body: apiError('IncorrectSubmitter', message, 'submission', [
            { code: 'IncorrectSubmitter', message, target: foreign.codeNumber, details: null },
          ]),
        };
      }
    }

    const accepted = received.filter((d) => !d.rejected);
    const submissionUid = accepted.length > 0 ? lhdnId() : null;
    for (const d of accepted) {
      const uuid = lhdnId();
      d.uuid = uuid;
      const facts = documentFacts(d.json, d.codeNumber);
      state.documents.set(uuid, {
        uuid,
        submissionUid: submissionUid ?? '',
        codeNumber: d.codeNumber,
        text: d.text,
        json: d.json,
        facts,
        clientId: token.clientId,
        tin: token.tin,
        receivedAt: at,
        validatedAt: at + validateAfterMs,
        reasons: options.validate?.(d.json, d.text) ?? [],
        duplicateOf: duplicateOf(facts, uuid, at),
        longId: lhdnId(40),
        cancelledAt: null,
        cancelReason: null,
        get status(): DocumentStatus {
          if (this.cancelledAt !== null) return 'Cancelled';
          if (now() < this.validatedAt) return 'Submitted';
          return this.reasons.length > 0 || this.duplicateOf ? 'Invalid' : 'Valid';
        },
      });
    }
    if (submissionUid) {
      payloads.set(payloadKey, at);
      submissionTimes.set(submissionUid, { at, clientId: token.clientId, tin: token.tin });
    }
    state.submissions.push({
      submissionUid,
      receivedAt: at,
      clientId: token.clientId,
      onBehalfOf: token.onBehalfOf,
      tin: token.tin,
      documents: received,
    });
    return {
      status: 202,
      body: {
        submissionUid,
        acceptedDocuments: accepted.map((d) => ({ uuid: d.uuid, invoiceCodeNumber: d.codeNumber })),
        rejectedDocuments: received
          .filter((d) => d.rejected)
          .map((d) => ({
            invoiceCodeNumber: d.codeNumber,
            error: {
              code: 'BadArgument',
              message: 'Validation Error',
              target: d.codeNumber,
              propertyPath: null,
              details: [
                {
                  code: 'BadArgument',
                  message: d.rejected,
                  target:
                    d.rejected === 'Document hash is not valid.' ? 'documentHash' : 'document',
                  propertyPath: null,
                  details: null,
                },
              ],
            },
          })),
      },
    };
  }

  /**
   * The FAQ's duplicate document: same type and version, issuance date-time, internal ID and
   * issuer as a document processed (not invalid) within the window.
   */
  function duplicateOf(facts: DocumentFacts, uuid: string, at: number): string | null {
    if (duplicateDocumentMs <= 0 || !facts.dateTimeIssued) return null;
    for (const other of state.documents.values()) {
      if (other.uuid === uuid || at - other.receivedAt >= duplicateDocumentMs) continue;
      if (other.reasons.length > 0 || other.duplicateOf) continue;
      const o = other.facts;
      if (
        o.typeName === facts.typeName &&
        o.typeVersionName === facts.typeVersionName &&
        o.dateTimeIssued === facts.dateTimeIssued &&
        o.internalId === facts.internalId &&
        o.issuerTin === facts.issuerTin
      )
        return other.uuid;
    }
    return null;
  }

  /** The caller may see what its taxpayer (or, without one, its system) submitted. */
  const mayRead = (token: IssuedToken, owner: { clientId: string; tin: string | null }) =>
    token.tin !== null && owner.tin !== null
      ? token.tin === owner.tin
      : token.clientId === owner.clientId;

  function summary(d: StandInDocument) {
    const status = d.status;
    const validated = status === 'Valid' || status === 'Cancelled';
    const { internalId, typeName, typeVersionName, issuerTin, issuerName } = d.facts;
    const { receiverId, receiverName, dateTimeIssued } = d.facts;
    const { totalExcludingTax, totalDiscount, totalNetAmount, totalPayableAmount } = d.facts;
    return {
      uuid: d.uuid,
      submissionUid: d.submissionUid,
      longId: status === 'Valid' ? d.longId : null,
      internalId,
      typeName,
      typeVersionName,
      issuerTin: issuerTin ?? d.tin,
      issuerName,
      receiverId,
      receiverName,
      dateTimeIssued,
      dateTimeReceived: iso(d.receivedAt),
      dateTimeValidated: validated ? iso(d.validatedAt) : null,
      totalExcludingTax,
      totalDiscount,
      totalNetAmount,
      totalPayableAmount,
      status,
      cancelDateTime: d.cancelledAt === null ? null : iso(d.cancelledAt),
      rejectRequestDateTime: null,
      documentStatusReason: d.cancelReason,
      createdByUserId: `${d.tin ?? ''}:${d.clientId}`,
    };
  }

  /**
   * Search Documents (GET /api/v1.0/documents/search): the taxpayer's documents received in a
   * submission date range (both required), newest first, as summaries in `result`; `internalId`
   * is the document's code number, how an issuer finds a document whose answer it lost.
   */
  function search(token: IssuedToken, url: URL): Reply {
    const from = Date.parse(url.searchParams.get('submissionDateFrom') ?? '');
    const to = Date.parse(url.searchParams.get('submissionDateTo') ?? '');
    if (!Number.isFinite(from) || !Number.isFinite(to)) {
      return {
        status: 400,
        body: apiError('BadArgument', 'submissionDateFrom and submissionDateTo are required.'),
      };
    }
    const found = [...state.documents.values()]
      .filter((d) => d.tin === token.tin && d.receivedAt >= from && d.receivedAt <= to)
      .sort((a, b) => b.receivedAt - a.receivedAt)
      .slice(0, MAX_PAGE_SIZE)
      .map(summary);
    return {
      status: 200,
      body: { result: found, metadata: { totalPages: 1, totalCount: found.length } },
    };
  }

  function getSubmission(token: IssuedToken, submissionUid: string, url: URL): Reply {
    const notFound: Reply = {
      status: 404,
      body: apiError('NotFound', 'Submission not found.', 'submissionUid'),
    };
    const submission = submissionTimes.get(submissionUid);
    if (!submission || now() < submission.at + submissionVisibleAfterMs) return notFound;
    if (!mayRead(token, submission))
      return { status: 403, body: apiError('Forbidden', 'Not your submission.', 'submissionUid') };
    const pageNo = Number(url.searchParams.get('pageNo') ?? '1');
    const pageSize = Number(url.searchParams.get('pageSize') ?? String(MAX_PAGE_SIZE));
    if (!Number.isInteger(pageNo) || pageNo < 1)
      return { status: 400, body: apiError('BadArgument', 'pageNo must be 1 or more.', 'pageNo') };
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
      return {
        status: 400,
        body: apiError('BadArgument', `pageSize must be 1 to ${MAX_PAGE_SIZE}.`, 'pageSize'),
      };
    }
    const documents = [...state.documents.values()].filter(
      (d) => d.submissionUid === submissionUid,
    );
    const statuses = documents.map((d) => d.status);
    // A cancelled document had been valid.
    const valid = statuses.filter((s) => s === 'Valid' || s === 'Cancelled').length;
    const overallStatus = statuses.includes('Submitted')
      ? 'in progress'
      : valid === statuses.length
        ? 'valid'
        : valid === 0
          ? 'invalid'
          : 'partially valid';
    return {
      status: 200,
      body: {
        submissionUid,
        documentCount: documents.length,
        dateTimeReceived: iso(submission.at),
        overallStatus,
        documentSummary: documents.slice((pageNo - 1) * pageSize, pageNo * pageSize).map(summary),
      },
    };
  }

  function validationSteps(d: StandInDocument) {
    const status = d.status;
    if (status === 'Submitted') return { status: 'Submitted', validationSteps: [] };
    const coreFields = d.reasons.map((reason): StepError => {
      const { code, text } = splitReason(reason, 'Error02');
      return {
        propertyName: null,
        propertyPath: null,
        errorCode: code,
        error: text,
        errorMS: text,
        innerError: null,
      };
    });
    const duplicateText = `Duplicated submitted document with UUID ${d.uuid} where the values of configured attributes match with values for the document with UUID: ${d.duplicateOf}`;
    const step = (name: string, errors: StepError | null) =>
      errors ? { status: 'Invalid', name, error: errors } : { status: 'Valid', name };
    const steps = [
      step('Step01-Structure Validator', null),
      step(
        'Step02-Core Fields Validator',
        coreFields.length > 0
          ? {
              propertyName: null,
              propertyPath: null,
              errorCode: 'Error02',
              error: 'Core Fields Validator',
              errorMS: 'Core Fields Validator',
              innerError: coreFields,
            }
          : null,
      ),
      step(
        'Step03-Duplicated Submission Validator',
        d.duplicateOf
          ? {
              propertyName: null,
              propertyPath: null,
              errorCode: 'Error03',
              error: 'Duplicated Submission Validator',
              errorMS: 'Duplicated Submission Validator',
              innerError: [
                {
                  propertyName: 'document',
                  propertyPath: 'document',
                  errorCode: 'DS302',
                  error: duplicateText,
                  errorMS: duplicateText,
                  innerError: null,
                },
              ],
            }
          : null,
      ),
    ];
    return {
      status: steps.some((s) => s.status === 'Invalid') ? 'Invalid' : 'Valid',
      validationSteps: steps,
    };
  }

  function documentDetails(token: IssuedToken, uuid: string): Reply {
    const d = state.documents.get(uuid);
    if (!d) return { status: 404, body: apiError('NotFound', 'Document not found.', 'uuid') };
    if (!mayRead(token, d))
      return { status: 403, body: apiError('Forbidden', 'Not your document.', 'uuid') };
    return { status: 200, body: { ...summary(d), validationResults: validationSteps(d) } };
  }

  function cancel(token: IssuedToken, uuid: string, body: Buffer): Reply {
    let request: StateChange | null = null;
    try {
      request = JSON.parse(body.toString('utf8')) as StateChange | null;
    } catch {
      // Answered below.
    }
    const badArgument = (message: string, target: string): Reply => ({
      status: 400,
      body: apiError('BadArgument', message, target),
    });
    // Rejection (status 'rejected') is the buyer's, which the stand-in does not model.
    if (request?.status !== 'cancelled')
      return badArgument("status must be 'cancelled'.", 'status');
    const reason = request.reason;
    if (typeof reason !== 'string' || !reason.trim())
      return badArgument('reason is required.', 'reason');
    if (reason.length > MAX_REASON)
      return badArgument(`reason is limited to ${MAX_REASON} characters.`, 'reason');
    const d = state.documents.get(uuid);
    if (!d) return { status: 404, body: apiError('NotFound', 'Document not found.', 'uuid') };
    if (!mayRead(token, d))
      return stateError(403, 'Forbidden', 'Only the issuer may cancel the document.');
    if (d.status !== 'Valid') {
      return stateError(
        400,
        'IncorrectState',
        `A ${d.status.toLowerCase()} document cannot be cancelled.`,
      );
    }
    const at = now();
    if (at > d.validatedAt + cancelWindowMs) {
      return stateError(
        400,
        'OperationPeriodOver',
        'The time limit for cancelling the document has passed.',
      );
    }
    d.cancelledAt = at;
    d.cancelReason = reason;
    state.cancellations.push({ uuid, reason, at, clientId: token.clientId, tin: token.tin });
    return { status: 200, body: { uuid, status: 'Cancelled' } };
  }

  /** The public page a validation link opens. */
  function portal(uuid: string, longId: string): Reply {
    const d = state.documents.get(uuid);
    const status = d?.status;
    if (!d || d.longId !== longId || (status !== 'Valid' && status !== 'Cancelled'))
      return { status: 404, headers: { 'content-type': 'text/html' }, body: 'Not found' };
    return {
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: `<!doctype html><title>${d.facts.internalId}</title><p>${uuid} ${status}</p>`,
    };
  }

  type Route = { endpoint: Endpoint; run: () => Reply };

  function route(req: IncomingMessage, url: URL, body: Buffer): Route | Reply {
    const method = req.method ?? 'GET';
    const path = url.pathname;
    const only = (wanted: string, endpoint: Endpoint, run: () => Reply): Route | Reply =>
      method === wanted
        ? { endpoint, run }
        : { status: 501, body: apiError('NotImplemented', `${method} is not supported here.`) };
    let m: RegExpExecArray | null;
    if (path === '/connect/token') return only('POST', 'token', () => login(req, body));
    if (/^\/api\/v1\.0\/documentsubmissions\/?$/.test(path))
      return only('POST', 'submit', () => api('submit', req, (t) => submit(req, body, t)));
    if ((m = /^\/api\/v1\.0\/documentsubmissions\/([^/]+)\/?$/.exec(path))) {
      const uid = decodeURIComponent(m[1] ?? '');
      return only('GET', 'getSubmission', () =>
        api('getSubmission', req, (t) => getSubmission(t, uid, url)),
      );
    }
    if (path === '/api/v1.0/documents/search')
      return only('GET', 'search', () => api('search', req, (t) => search(t, url)));
    if ((m = /^\/api\/v1\.0\/documents\/([^/]+)\/details$/.exec(path))) {
      const uuid = decodeURIComponent(m[1] ?? '');
      return only('GET', 'documentDetails', () =>
        api('documentDetails', req, (t) => documentDetails(t, uuid)),
      );
    }
    if ((m = /^\/api\/v1\.0\/documents\/state\/([^/]+)\/state$/.exec(path))) {
      const uuid = decodeURIComponent(m[1] ?? '');
      return only('PUT', 'cancel', () => api('cancel', req, (t) => cancel(t, uuid, body)));
    }
    if ((m = /^\/portal\/([^/]+)\/share\/([^/]+)$/.exec(path))) {
      const [uuid, longId] = [m[1] ?? '', m[2] ?? ''];
      return only('GET', 'portal', () => portal(uuid, longId));
    }
    return { status: 404, body: apiError('NotFound', `No API at ${path}.`) };
  }

  /** Requests held open by a fault, answered by nobody. */
  const hanging = new Set<ServerResponse>();

  function send(res: ServerResponse, logged: LoggedRequest, reply: Reply) {
    logged.status = reply.status;
    const json = reply.body !== undefined && typeof reply.body !== 'string';
    res.writeHead(reply.status, {
      correlationid: lhdnId(20),
      ...(json ? { 'content-type': 'application/json; charset=utf-8' } : {}),
      ...reply.headers,
    });
    res.end(
      reply.body === undefined
        ? undefined
        : typeof reply.body === 'string'
          ? reply.body
          : JSON.stringify(reply.body),
    );
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const logged: LoggedRequest = {
      endpoint: null,
      method: req.method ?? 'GET',
      path: url.pathname + url.search,
      status: null,
      at: now(),
    };
    state.requests.push(logged);
    const found = route(req, url, body);
    if (!('endpoint' in found)) return send(res, logged, found);
    logged.endpoint = found.endpoint;
    state.calls[found.endpoint] += 1;
    const i = state.failNext.findIndex(
      (f) => f.endpoint === found.endpoint || f.endpoint === 'any',
    );
    const fault = i >= 0 ? state.failNext.splice(i, 1)[0] : undefined;
    if (!fault) return send(res, logged, found.run());
    // The effect happens; only its answer is lost.
    if (fault.afterEffect) found.run();
    if (fault.status === undefined) {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    send(res, logged, {
      status: fault.status,
      body: apiError('InternalServerError', 'Injected failure.'),
    });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** Identity service and API base URL alike (as in the sandbox, preprod-api.myinvois…). */
    url,
    /** The stand-in portal: validation links `{portalUrl}/{uuid}/share/{longId}` open here. */
    portalUrl: `${url}/portal`,
    state,
    /** Ends every issued token at once, as a revocation before expiry would. */
    revokeTokens: () => tokens.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type MyInvoisStandIn = Awaited<ReturnType<typeof startMyInvois>>;
