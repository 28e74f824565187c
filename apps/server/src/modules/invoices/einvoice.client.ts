import type { MyInvoisConfig } from '../../config.js';
import { sha256 } from '../../lib/crypto.js';
import type { UblDocument } from './einvoice.js';

/**
 * LHDN's MyInvois e-Invoice API (https://sdk.myinvois.hasil.gov.my, "e-Invoice API"): the
 * marketplace acts as its merchants' intermediary, so every call is made with a token issued on
 * behalf of the seller's TIN (Login as Intermediary System: header `onbehalfof`).
 *
 * Every method answers what MyInvois decided, and throws when it could not ask (network,
 * credentials, MyInvois down, or a rate limit: `RetryLater`): then nothing was decided.
 */

/** MyInvois took the document for validation, or refused it outright. */
export type EInvoiceSubmission =
  | { status: 'submitted'; uuid: string; submissionUid: string }
  | { status: 'invalid'; error: string; reasons: string[] }
  /** The same document was received in the last 10 minutes (a retry after a lost answer). */
  | { status: 'duplicate' };

/** A submitted document as MyInvois sees it now. */
export interface EInvoiceState {
  status: 'submitted' | 'valid' | 'invalid' | 'cancelled';
  longId: string | null;
  validatedAt: Date | null;
  reasons: string[];
}

export type EInvoiceCancel = { ok: true } | { ok: false; error: string };

export interface EInvoiceClient {
  /** False without operator credentials: nothing is ever submitted. */
  readonly configured: boolean;
  /** Where a Valid document's public validation link points. */
  readonly portalUrl: string | null;
  submit(tin: string, document: UblDocument, codeNumber: string): Promise<EInvoiceSubmission>;
  /** Get Document Details. */
  state(tin: string, uuid: string): Promise<EInvoiceState>;
  /** Get Submission: the document of `codeNumber` in a submission, for a lost answer. */
  findInSubmission(tin: string, submissionUid: string, codeNumber: string): Promise<string | null>;
  /** Search Documents: a document of ours (`codeNumber`) submitted since `since`. */
  findSent(tin: string, codeNumber: string, since: Date): Promise<string | null>;
  /** Cancel Document (the issuer, within 72 hours of validation). */
  cancel(tin: string, uuid: string, reason: string): Promise<EInvoiceCancel>;
}

/** MyInvois asked us to wait (HTTP 429 and Retry-After), or could not answer now. */
export class RetryLater extends Error {
  constructor(
    message: string,
    readonly afterMs: number,
  ) {
    super(message);
  }
}

const notConfigured = () => Promise.reject(new Error('MyInvois is not configured'));
export const unconfiguredEInvoiceClient: EInvoiceClient = {
  configured: false,
  portalUrl: null,
  submit: notConfigured,
  state: notConfigured,
  findInSubmission: notConfigured,
  findSent: notConfigured,
  cancel: notConfigured,
};

/** The public validation link of a Valid document (LHDN: portal/uuid/share/longId). */
export const validationUrl = (portal: string, uuid: string, longId: string) =>
  `${trimSlash(portal)}/${encodeURIComponent(uuid)}/share/${encodeURIComponent(longId)}`;

const TIMEOUT_MS = 30_000;
/** Renew the token this long before MyInvois says it expires (it lives an hour). */
const TOKEN_MARGIN_MS = 60_000;
/** Longest error text kept on an invoice. */
const MAX_ERROR = 1_000;
/** When MyInvois says 429 without Retry-After. */
const DEFAULT_RETRY_MS = 60_000;

const trimSlash = (url: string) => url.replace(/\/+$/, '');

interface MyInvoisError {
  code?: string;
  errorCode?: string;
  message?: string;
  error?: string;
  propertyPath?: string | null;
  details?: MyInvoisError[] | null;
  innerError?: MyInvoisError[] | null;
}

const clip = (text: string) =>
  text.length > MAX_ERROR ? `${text.slice(0, MAX_ERROR - 1)}…` : text;

/** Every line of MyInvois's nested error shapes, innermost reasons included. */
function reasonsOf(e: MyInvoisError | null | undefined): string[] {
  if (!e) return [];
  const inner = [...(e.details ?? []), ...(e.innerError ?? [])].flatMap(reasonsOf);
  if (inner.length > 0) return inner;
  const text = e.message ?? e.error ?? e.code ?? e.errorCode;
  if (!text) return [];
  return [clip(e.propertyPath ? `${e.propertyPath}: ${text}` : text)];
}

function errorText(e: MyInvoisError | null | undefined, fallback: string): string {
  const head = e?.message ?? e?.error ?? e?.code ?? e?.errorCode ?? fallback;
  const more = reasonsOf(e).filter((r) => r !== head);
  return clip(more.length > 0 ? `${head}: ${more.join('; ')}` : head);
}

async function jsonOf(res: Response): Promise<unknown> {
  try {
    return await res.json();
  } catch {
    return null;
  }
}

function retryAfterMs(res: Response): number {
  const header = res.headers.get('retry-after');
  if (!header) return DEFAULT_RETRY_MS;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(1, seconds) * 1000;
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(1000, at - Date.now()) : DEFAULT_RETRY_MS;
}

const STATUS_OF: Record<string, EInvoiceState['status']> = {
  submitted: 'submitted',
  valid: 'valid',
  invalid: 'invalid',
  cancelled: 'cancelled',
  // A buyer's rejection request leaves the document Valid until the issuer cancels it.
};

export function myInvoisClient(
  config: MyInvoisConfig,
  now: () => number = Date.now,
): EInvoiceClient {
  const base = trimSlash(config.baseUrl);
  const identity = trimSlash(config.identityUrl);
  /** One token per taxpayer the marketplace acts for. */
  const tokens = new Map<string, { value: string; renewAt: number }>();

  async function accessToken(tin: string): Promise<string> {
    const cached = tokens.get(tin);
    if (cached && now() < cached.renewAt) return cached.value;
    const res = await fetch(`${identity}/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', onbehalfof: tin },
      body: new URLSearchParams({
        client_id: config.clientId,
        client_secret: config.clientSecret,
        grant_type: 'client_credentials',
        scope: 'InvoicingAPI',
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (res.status === 429) throw new RetryLater('MyInvois login rate limit', retryAfterMs(res));
    const body = (await jsonOf(res)) as { access_token?: string; expires_in?: number } | null;
    if (!res.ok || !body?.access_token) {
      throw new Error(`MyInvois refused the credentials (HTTP ${res.status})`);
    }
    const lifetimeMs = (body.expires_in ?? 3600) * 1000;
    tokens.set(tin, { value: body.access_token, renewAt: now() + lifetimeMs - TOKEN_MARGIN_MS });
    return body.access_token;
  }

  /** An API call as the taxpayer; a token revoked before its time is renewed once. */
  async function call(
    tin: string,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ res: Response; json: unknown }> {
    const send = async () =>
      fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${await accessToken(tin)}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    let res = await send();
    if (res.status === 401) {
      tokens.delete(tin);
      res = await send();
    }
    if (res.status === 429)
      throw new RetryLater(`MyInvois rate limit on ${path}`, retryAfterMs(res));
    return { res, json: await jsonOf(res) };
  }

  const fail = (res: Response, json: unknown, what: string): never => {
    const e = (json as { error?: MyInvoisError } | null)?.error ?? (json as MyInvoisError | null);
    if (res.status >= 500)
      throw new RetryLater(errorText(e, `${what}: HTTP ${res.status}`), DEFAULT_RETRY_MS);
    throw new Error(errorText(e, `${what}: HTTP ${res.status}`));
  };

  return {
    configured: true,
    portalUrl: config.portalUrl,

    async submit(tin, document, codeNumber) {
      // The hash is of the exact text sent, so it is taken from the same string as the base64.
      const text = JSON.stringify(document);
      const { res, json } = await call(tin, 'POST', '/api/v1.0/documentsubmissions/', {
        documents: [
          {
            format: 'JSON',
            documentHash: sha256(text),
            codeNumber,
            document: Buffer.from(text, 'utf8').toString('base64'),
          },
        ],
      });
      const body = json as {
        submissionUid?: string;
        acceptedDocuments?: { uuid?: string; invoiceCodeNumber?: string }[];
        rejectedDocuments?: { invoiceCodeNumber?: string; error?: MyInvoisError }[];
        error?: MyInvoisError;
      } | null;
      const error = body?.error ?? (body as MyInvoisError | null);
      if (
        res.status === 422 &&
        /duplicate/i.test(
          `${error?.code ?? ''}${error?.errorCode ?? ''}${error?.message ?? ''}${error?.error ?? ''}`,
        )
      ) {
        return { status: 'duplicate' };
      }
      // 400 is MyInvois refusing the submission's structure: about the document, so final.
      if (res.status === 400) {
        return {
          status: 'invalid',
          error: errorText(error, 'MyInvois refused the document'),
          reasons: reasonsOf(error),
        };
      }
      if (!res.ok) return fail(res, json, 'Submit Documents');
      const rejected = body?.rejectedDocuments?.[0];
      if (rejected) {
        return {
          status: 'invalid',
          error: errorText(rejected.error, 'Rejected by MyInvois'),
          reasons: reasonsOf(rejected.error),
        };
      }
      const uuid = body?.acceptedDocuments?.[0]?.uuid;
      if (!uuid || !body?.submissionUid) {
        throw new Error('MyInvois accepted nothing and rejected nothing');
      }
      return { status: 'submitted', uuid, submissionUid: body.submissionUid };
    },

    async state(tin, uuid) {
      const { res, json } = await call(
        tin,
        'GET',
        `/api/v1.0/documents/${encodeURIComponent(uuid)}/details`,
      );
      if (!res.ok) return fail(res, json, 'Get Document Details');
      const body = json as {
        status?: string;
        longId?: string | null;
        dateTimeValidated?: string | null;
        validationResults?: {
          validationSteps?: { status?: string; name?: string; error?: MyInvoisError | null }[];
        } | null;
      } | null;
      const status = STATUS_OF[String(body?.status ?? '').toLowerCase()] ?? 'submitted';
      const reasons =
        status === 'invalid'
          ? (body?.validationResults?.validationSteps ?? [])
              .filter((step) => String(step.status).toLowerCase() === 'invalid')
              .flatMap((step) => {
                const found = reasonsOf(step.error);
                return found.length > 0 ? found : [clip(`${step.name ?? 'Validation'}: invalid`)];
              })
          : [];
      const validated = body?.dateTimeValidated ? new Date(body.dateTimeValidated) : null;
      return {
        status,
        longId: body?.longId || null,
        validatedAt: validated && Number.isFinite(validated.getTime()) ? validated : null,
        reasons,
      };
    },

    async findInSubmission(tin, submissionUid, codeNumber) {
      const { res, json } = await call(
        tin,
        'GET',
        `/api/v1.0/documentsubmissions/${encodeURIComponent(submissionUid)}?pageNo=1&pageSize=100`,
      );
      if (res.status === 404) return null;
      if (!res.ok) return fail(res, json, 'Get Submission');
      const body = json as { documentSummary?: { uuid?: string; internalId?: string }[] } | null;
      return body?.documentSummary?.find((d) => d.internalId === codeNumber)?.uuid ?? null;
    },

    async findSent(tin, codeNumber, since) {
      const from = new Date(since.getTime() - 60_000).toISOString().slice(0, 19) + 'Z';
      const to = new Date(now() + 60_000).toISOString().slice(0, 19) + 'Z';
      const query = new URLSearchParams({
        submissionDateFrom: from,
        submissionDateTo: to,
        invoiceDirection: 'Sent',
        pageNo: '1',
        pageSize: '100',
      });
      const { res, json } = await call(tin, 'GET', `/api/v1.0/documents/search?${query}`);
      if (!res.ok) return fail(res, json, 'Search Documents');
      const body = json as {
        result?: { uuid?: string; internalId?: string; dateTimeIssued?: string; status?: string }[];
      } | null;
      // The same number is sent again after an Invalid answer: only the document of this issue
      // time, and not an Invalid one, is the one whose answer was lost.
      const issued = since.toISOString().slice(0, 19);
      return (
        body?.result?.find(
          (d) =>
            d.internalId === codeNumber &&
            String(d.status).toLowerCase() !== 'invalid' &&
            (d.dateTimeIssued ?? '').slice(0, 19) === issued,
        )?.uuid ?? null
      );
    },

    async cancel(tin, uuid, reason) {
      const { res, json } = await call(
        tin,
        'PUT',
        `/api/v1.0/documents/state/${encodeURIComponent(uuid)}/state`,
        { status: 'cancelled', reason },
      );
      if (res.ok) return { ok: true };
      if (res.status >= 400 && res.status < 500) {
        const e =
          (json as { error?: MyInvoisError } | null)?.error ?? (json as MyInvoisError | null);
        return {
          ok: false,
          error: errorText(e, `MyInvois refused the cancellation (HTTP ${res.status})`),
        };
      }
      return fail(res, json, 'Cancel Document');
    },
  };
}

/** The client the configuration asks for. */
export function eInvoiceClientFor(config: MyInvoisConfig | null): EInvoiceClient {
  return config ? myInvoisClient(config) : unconfiguredEInvoiceClient;
}
