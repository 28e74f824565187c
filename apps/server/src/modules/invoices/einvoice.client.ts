import type { MyInvoisConfig } from '../../config.js';
import { sha256 } from '../../lib/crypto.js';
import type { UblDocument } from './einvoice.js';

/** What MyInvois made of a document: accepted for validation (with its UUID) or refused. */
export interface EInvoiceSubmission {
  status: 'submitted' | 'invalid';
  uuid?: string;
  error?: string;
}

/**
 * Sends e-invoices to LHDN. `submit` answers what MyInvois decided about the document and throws
 * when it could not ask (network, credentials, MyInvois down): then nothing was decided and the
 * document may be sent again.
 */
export interface EInvoiceClient {
  /** False without operator credentials: nothing is ever submitted (the app says 'No E-Invoice'). */
  readonly configured: boolean;
  submit(document: UblDocument, codeNumber: string): Promise<EInvoiceSubmission>;
}

export const unconfiguredEInvoiceClient: EInvoiceClient = {
  configured: false,
  submit: () => Promise.reject(new Error('MyInvois is not configured')),
};

const TIMEOUT_MS = 30_000;
/** Renew the token this long before MyInvois says it expires (it lives an hour). */
const TOKEN_MARGIN_MS = 60_000;
/** Longest error text kept on an invoice. */
const MAX_ERROR = 1_000;

const trimSlash = (url: string) => url.replace(/\/+$/, '');

interface MyInvoisError {
  code?: string;
  message?: string;
  error?: string;
  details?: MyInvoisError[];
  innerError?: MyInvoisError[];
}

/**
 * One line out of MyInvois's two error shapes: a rejected document's `{code, message, details}` and
 * the API's `{errorCode, error, innerError}`.
 */
function errorText(e: MyInvoisError | undefined, fallback: string): string {
  if (!e) return fallback;
  const head = e.message ?? e.error ?? e.code ?? fallback;
  const more = [...(e.details ?? []), ...(e.innerError ?? [])]
    .map((d) => d.message ?? d.error)
    .filter(Boolean);
  const text = more.length > 0 ? `${head}: ${more.join('; ')}` : head;
  return text.length > MAX_ERROR ? `${text.slice(0, MAX_ERROR - 1)}…` : text;
}

async function jsonOf(res: Response): Promise<unknown> {
  try {
    return await res.json();
  } catch {
    return null;
  }
}

/**
 * The MyInvois e-Invoice API (https://sdk.myinvois.hasil.gov.my): an OAuth client-credentials
 * token, then Submit Documents with one JSON document at a time.
 */
export function myInvoisClient(
  config: MyInvoisConfig,
  now: () => number = Date.now,
): EInvoiceClient {
  const base = trimSlash(config.baseUrl);
  const identity = trimSlash(config.identityUrl);
  let token: { value: string; renewAt: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && now() < token.renewAt) return token.value;
    const res = await fetch(`${identity}/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: config.clientId,
        client_secret: config.clientSecret,
        grant_type: 'client_credentials',
        scope: 'InvoicingAPI',
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body = (await jsonOf(res)) as { access_token?: string; expires_in?: number } | null;
    if (!res.ok || !body?.access_token) {
      throw new Error(`MyInvois refused the credentials (HTTP ${res.status})`);
    }
    const lifetimeMs = (body.expires_in ?? 3600) * 1000;
    token = { value: body.access_token, renewAt: now() + lifetimeMs - TOKEN_MARGIN_MS };
    return token.value;
  }

  async function post(body: string): Promise<Response> {
    const send = async () =>
      fetch(`${base}/api/v1.0/documentsubmissions/`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await accessToken()}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    const res = await send();
    if (res.status !== 401) return res;
    // A token revoked before its time: ask for a new one, once.
    token = null;
    return send();
  }

  return {
    configured: true,
    async submit(document, codeNumber) {
      // The hash is of the exact text sent, so it is taken from the same string as the base64.
      const text = JSON.stringify(document);
      const res = await post(
        JSON.stringify({
          documents: [
            {
              format: 'JSON',
              documentHash: sha256(text),
              codeNumber,
              document: Buffer.from(text, 'utf8').toString('base64'),
            },
          ],
        }),
      );
      const body = (await jsonOf(res)) as {
        acceptedDocuments?: { uuid?: string; invoiceCodeNumber?: string }[];
        rejectedDocuments?: { invoiceCodeNumber?: string; error?: MyInvoisError }[];
        error?: MyInvoisError;
      } | null;
      // 400 is MyInvois refusing the submission's structure: about the document, so final.
      if (res.status === 400) {
        return {
          status: 'invalid',
          error: errorText(body?.error, 'MyInvois refused the document'),
        };
      }
      if (!res.ok) {
        throw new Error(errorText(body?.error, `MyInvois answered HTTP ${res.status}`));
      }
      const rejected = body?.rejectedDocuments?.[0];
      if (rejected) {
        return { status: 'invalid', error: errorText(rejected.error, 'Rejected by MyInvois') };
      }
      const uuid = body?.acceptedDocuments?.[0]?.uuid;
      if (!uuid) throw new Error('MyInvois accepted nothing and rejected nothing');
      return { status: 'submitted', uuid };
    },
  };
}

/** The client the configuration asks for. */
export function eInvoiceClientFor(config: MyInvoisConfig | null): EInvoiceClient {
  return config ? myInvoisClient(config) : unconfiguredEInvoiceClient;
}
