/**
 * A simulated Star CloudPRNT printer, as the protocol describes one (Star CloudPRNT Developer
 * Guide rev. 1.4, §3–§7; the Protocol Guide's job-request-get and job-confirmation-delete pages):
 * it POSTs its status to its server URL, fetches a job it is told of with a GET in the media type
 * it prefers, checks the bytes (a PNG it decodes), and confirms with a DELETE: `200 OK`, or an
 * error code. It can run out of paper, have its cover open, fail a job, and poll on a timer.
 *
 * It speaks through a transport, so the API tests drive it through `app.inject` and the browser
 * tests over HTTP against the e2e server. It imports nothing of the server.
 */

export interface Answer {
  status: number;
  contentType: string;
  body: Buffer;
}

/** How the printer reaches its server: a method, a URL (path and query, or absolute), a body. */
export type Transport = (
  method: 'POST' | 'GET' | 'DELETE',
  url: string,
  json?: unknown,
) => Promise<Answer>;

/** Plain HTTP to `baseURL`, as a printer on the shop's network reaches a server. */
export const httpTransport =
  (baseURL: string): Transport =>
  async (method, url, json) => {
    const res = await fetch(new URL(url, baseURL), {
      method,
      ...(json === undefined
        ? {}
        : { body: JSON.stringify(json), headers: { 'content-type': 'application/json' } }),
    });
    return {
      status: res.status,
      contentType: res.headers.get('content-type') ?? '',
      body: Buffer.from(await res.arrayBuffer()),
    };
  };

/** A page the printer printed: the decoded PNG's size and how much of it is ink. */
export interface PrintedPage {
  token: string | null;
  mediaType: string;
  bytes: Buffer;
  width: number;
  height: number;
  /** Black pixels. */
  ink: number;
}

export interface SimulatedPrinterOptions {
  /** Its MAC address as it sends it (`00:11:62:…`, upper or lower case). */
  mac: string;
  /** The URL entered in its CloudPRNT settings: path and query (`/api/cloudprnt?key=…`). */
  serverUrl: string;
  transport: Transport;
  /** Media types it takes, preferred first (mC-Print3 lists these among others). */
  accepts?: string[];
  /** Firmware that passes the poll's jobToken back as `token` (HI01X 1.8+, mC-Print3 3.2+). */
  tokens?: boolean;
  /** Its polling interval, seconds, as it answers GetPollInterval. */
  pollSeconds?: number;
}

/** A poll's answer (guide §3), as the printer reads it. */
interface PollAnswer {
  jobReady?: boolean;
  mediaTypes?: string[];
  jobToken?: string;
  deleteMethod?: 'DELETE' | 'GET';
  clientAction?: { request: string; options?: string }[];
}

/** What one round did: polled only, printed, or tried and confirmed an error. */
export type Round =
  | { kind: 'idle' }
  | { kind: 'printed'; page: PrintedPage }
  | { kind: 'failed'; code: string; fetch: number }
  | { kind: 'held'; reason: 'printer error' }
  | { kind: 'lost'; fetch: number };

/**
 * ASB status bytes (guide §3's `status`): 9 bytes, headers 0x23 0x86, then printer status 1
 * (offline bit 3, cover open bit 5) and status 4 (paper empty bit 3), hex and space-separated.
 */
function asbOf(state: { coverOpen: boolean; paperOut: boolean }): string {
  const bytes = [0x23, 0x86, 0, 0, 0, 0, 0, 0, 0];
  if (state.coverOpen || state.paperOut) bytes[2] = 0x08;
  if (state.coverOpen) bytes[2] = (bytes[2] ?? 0) | 0x20;
  if (state.paperOut) bytes[5] = 0x08;
  return `${bytes.map((b) => b.toString(16)).join(' ')} `;
}

const PNG_SIGNATURE = Buffer.from('89504e470d0a1a0a', 'hex');

export class SimulatedCloudPrinter {
  readonly mac: string;
  private readonly serverUrl: string;
  private readonly transport: Transport;
  private readonly accepts: string[];
  private readonly tokens: boolean;
  private readonly pollSeconds: number;
  private coverOpen = false;
  private paperOut = false;
  /** Codes the next fetched jobs are confirmed with instead of `200 OK`, in order. */
  private failures: string[] = [];
  /** The next fetched job is lost with the paper running out: no confirmation at all. */
  private loseNext = false;
  /** Answers to the server's clientAction requests, for the next poll. */
  private actionAnswers: { request: string; result: string }[] | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<unknown> = Promise.resolve();
  /** Every page it printed, in order. */
  readonly printed: PrintedPage[] = [];
  /** Every request it made: `POST`, `GET 200`, `DELETE 200 OK`… */
  readonly requests: string[] = [];

  constructor(options: SimulatedPrinterOptions) {
    this.mac = options.mac;
    this.serverUrl = options.serverUrl;
    this.transport = options.transport;
    this.accepts = options.accepts ?? ['image/png'];
    this.tokens = options.tokens ?? true;
    this.pollSeconds = options.pollSeconds ?? 5;
  }

  /** The paper runs out (`410`), or is replaced. */
  setPaperOut(out = true) {
    this.paperOut = out;
  }

  /** The cover opens (`420`), or closes. */
  setCoverOpen(open = true) {
    this.coverOpen = open;
  }

  /** The next fetched jobs fail with these codes (`511 Media decoding error`…), one each. */
  failNext(...codes: string[]) {
    this.failures.push(...codes);
  }

  /** The next fetched job is lost mid-print as the paper runs out: reported by a poll, not confirmed. */
  runOutWhilePrinting() {
    this.loseNext = true;
  }

  /** `200 OK`, or the error the printer is in (guide §7: 410 out of paper, 420 cover open). */
  statusCode(): string {
    if (this.coverOpen) return '420 Cover open';
    if (this.paperOut) return '410 Out of paper';
    return '200 OK';
  }

  private url(params: Record<string, string | undefined>) {
    const url = new URL(this.serverUrl, 'http://printer.invalid');
    for (const [name, value] of Object.entries(params)) {
      if (value !== undefined) url.searchParams.append(name, value);
    }
    return /^https?:/.test(this.serverUrl) ? url.toString() : `${url.pathname}${url.search}`;
  }

  /** One poll (POST): its status and MAC; answers to the server's client actions, if asked. */
  async post(printingInProgress = false): Promise<PollAnswer> {
    const body = {
      status: asbOf({ coverOpen: this.coverOpen, paperOut: this.paperOut }),
      printerMAC: this.mac,
      // URL-encoded, as the guide says codes are (they also travel in URLs).
      statusCode: encodeURIComponent(this.statusCode()),
      printingInProgress,
      clientAction: this.actionAnswers,
    };
    this.actionAnswers = null;
    const res = await this.transport('POST', this.url({}), body);
    this.requests.push(`POST ${res.status}`);
    if (res.status !== 200) throw new Error(`poll answered ${res.status}: ${res.body.toString()}`);
    return JSON.parse(res.body.toString('utf8')) as PollAnswer;
  }

  /**
   * A round as the printer makes it: poll; answer client actions at once with another poll; if a
   * job is ready and the printer can print, fetch it in its preferred type, check it, print it and
   * confirm it.
   */
  async round(): Promise<Round> {
    let answer = await this.post();
    if (answer.clientAction?.length) {
      this.actionAnswers = answer.clientAction.map(({ request }) => ({
        request,
        result: request === 'GetPollInterval' ? String(this.pollSeconds) : '',
      }));
      // The guide: the client polls again as soon as it has handled the actions.
      answer = await this.post();
    }
    if (!answer.jobReady) return { kind: 'idle' };
    // While offline (paper, cover) the printer does not fetch; it keeps polling.
    if (this.statusCode() !== '200 OK') return { kind: 'held', reason: 'printer error' };
    const token = this.tokens ? answer.jobToken : undefined;
    const type = this.accepts.find((t) => answer.mediaTypes?.includes(t));
    if (!type) return this.confirm(token, '510 Incompatible media type', answer, 0);
    const res = await this.transport('GET', this.url({ mac: this.mac, type, token }));
    this.requests.push(`GET ${res.status}`);
    // Anything but the job: confirmed as a download error (job-request-get/get-response.html).
    if (res.status !== 200) return this.confirm(token, '520 Download failed', answer, res.status);
    const page = await this.decode(res, type, token ?? null);
    if (this.loseNext) {
      this.loseNext = false;
      this.paperOut = true;
      // Guide §5: a print that fails for the printer's sake is reported by a poll, and the job
      // fetched again once the printer is back.
      await this.post();
      return { kind: 'lost', fetch: res.status };
    }
    const failure = this.failures.shift();
    if (failure) return this.confirm(token, failure, answer, res.status);
    this.printed.push(page);
    await this.confirm(token, '200 OK', answer, res.status);
    return { kind: 'printed', page };
  }

  /** The confirmation (DELETE, or GET with `delete` when the server asked for that). */
  private async confirm(
    token: string | undefined,
    code: string,
    answer: PollAnswer,
    fetch: number,
  ): Promise<Round> {
    const method = answer.deleteMethod === 'GET' ? 'GET' : 'DELETE';
    const params = { mac: this.mac, code, token, ...(method === 'GET' ? { delete: '' } : {}) };
    const res = await this.transport(method, this.url(params));
    this.requests.push(`${method} ${code}`);
    if (res.status !== 200) throw new Error(`confirmation answered ${res.status}`);
    return code.startsWith('2') ? { kind: 'idle' } : { kind: 'failed', code, fetch };
  }

  /** The bytes as the printer reads them: a PNG (signature, then decoded), counted for ink. */
  private async decode(res: Answer, type: string, token: string | null): Promise<PrintedPage> {
    if (!res.contentType.startsWith(type)) {
      throw new Error(`asked for ${type}, got ${res.contentType}`);
    }
    if (!res.body.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('not a PNG');
    const { default: sharp } = await import('sharp');
    const { data, info } = await sharp(res.body)
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    let ink = 0;
    for (const value of data) if (value < 128) ink += 1;
    return { token, mediaType: type, bytes: res.body, width: info.width, height: info.height, ink };
  }

  /** Rounds until one prints nothing, at most `max`: answers the pages printed meanwhile. */
  async printAll(max = 10): Promise<PrintedPage[]> {
    const pages: PrintedPage[] = [];
    for (let i = 0; i < max; i += 1) {
      const round = await this.round();
      if (round.kind === 'printed') pages.push(round.page);
      else if (round.kind === 'idle') return pages;
    }
    return pages;
  }

  /** Polls every `ms` (a round at a time) until stopped; errors are kept, not thrown. */
  start(ms = this.pollSeconds * 1000, onError: (err: unknown) => void = () => {}) {
    const tick = () => {
      this.running = this.round()
        .catch(onError)
        .finally(() => {
          if (this.timer !== undefined) this.timer = setTimeout(tick, ms);
        });
    };
    this.timer = setTimeout(tick, 0);
  }

  async stop() {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
