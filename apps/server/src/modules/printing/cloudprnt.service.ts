import { randomBytes } from 'node:crypto';
import {
  CLOUD_PRINT_CONFIRM_WINDOW_MS,
  CLOUD_PRINT_FETCH_WINDOW_MS,
  CLOUD_PRINT_MAX_ATTEMPTS,
  type CloudPrinterStatus,
  type CloudPrntPollAnswer,
  type cloudPrntJobQuery,
  type cloudPrntPoll,
  type MerchantEventType,
  normalizeMac,
  type PrintJob,
} from '@sm/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { insertEvents, type NewMerchantEvent } from '../events/index.js';
import {
  CLOUDPRNT_MEDIA_TYPES,
  cloudStateOf,
  confirmationOf,
  isFinalError,
  isPrinterError,
  keyMatches,
  mediaTypeOf,
  normalizeAsb,
  pollPathOf,
  printerKey,
  reportedPollSeconds,
  statusCodeOf,
} from './cloudprnt.js';
import * as repo from './cloudprnt.repo.js';
import type { PrintJobRow } from './cloudprnt.repo.js';
import type { PrinterRow } from './printing.repo.js';

type Poll = z.output<typeof cloudPrntPoll>;
type JobQuery = z.output<typeof cloudPrntJobQuery>;

/** A printer that cannot say its polling interval is asked again after this, not at every poll. */
const INFO_ASK_INTERVAL_MS = 60_000;
/** Jobs failed by one sweep at most; the next takes the rest. */
const SWEEP_BATCH = 500;
/** Printed and failed jobs are kept this long (Printer setup shows the latest). */
const JOB_RETENTION_MS = 30 * 24 * 60 * 60_000;
/** Jobs a list shows. */
const JOB_LIST_LIMIT = 20;

/**
 * Requests per minute per printer (polls, fetches and confirmations): a 5 s poll is 12 a minute, a
 * job 3 more, and a printer polls at once on each status change. A printer past this is answered
 * 429, which the guide (§8) names for a client that polls too often. Counted per process, after
 * the printer is known by its MAC and key, so no one else can spend it.
 */
export const CLOUD_REQUESTS_PER_MINUTE = 300;
const BUDGET_WINDOW_MS = 60_000;
/** Printers whose budget one process keeps before it drops the expired ones. */
const BUDGETS_KEPT = 10_000;

export interface CloudPrntDeps {
  db: Db;
  clock: Clock;
  /** The app secret: printers' keys are derived from it. */
  secret: string;
  /** Draws a job's page as the PNG the printer fetches. */
  render(job: PrintJobRow): Promise<Buffer>;
}

/** What Printer setup shows of a cloud printer. */
export function cloudStatusOf(row: PrinterRow, now: Date, secret: string): CloudPrinterStatus {
  return {
    state: cloudStateOf(
      {
        seenAt: row.cloudSeenAt,
        statusCode: row.cloudStatusCode,
        asb: row.cloudAsb,
        pollSeconds: row.cloudPollSeconds,
      },
      now,
    ),
    lastSeenAt: row.cloudSeenAt?.toISOString() ?? null,
    statusCode: row.cloudStatusCode,
    pollPath: pollPathOf(printerKey(secret, row.id)),
  };
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

export const printJobOf = (job: repo.JobView): PrintJob => ({
  id: job.id,
  printerId: job.printerId,
  printerName: job.printerName,
  kind: job.kind,
  orderId: job.orderId,
  orderNumber: job.orderNumber,
  state: job.state,
  attempts: job.attempts,
  error: job.error,
  createdAt: job.createdAt.toISOString(),
  fetchedAt: iso(job.fetchedAt),
  printedAt: iso(job.printedAt),
  failedAt: iso(job.failedAt),
});

const newToken = () => randomBytes(16).toString('base64url');

/**
 * Star CloudPRNT (cloudprnt.ts has the protocol and its sources): cloud printers poll, are offered
 * their queued jobs, fetch each as a PNG and confirm it. A printer is known by its MAC address and
 * the key in its URL; anything else is answered as a printer with nothing to print. Each job is
 * fetched by one GET only (the token of its latest offer, under row locks), printed once, tried
 * again after the printer's errors, and reported to the merchant when it fails or times out.
 */
export function createCloudPrntService({ db, clock, secret, render }: CloudPrntDeps) {
  /** The registered cloud printer that `mac` and `key` name together, or null. */
  async function printerOf(mac: string | null | undefined, key: string | undefined) {
    const normalized = mac ? normalizeMac(mac) : null;
    if (!normalized) return null;
    // The registration whose key the printer was given: another account's of the same MAC
    // (typed off the label) never answers for it.
    const registered = await repo.cloudPrintersByMac(db, normalized);
    return registered.find((printer) => keyMatches(secret, printer.id, key)) ?? null;
  }

  const event = (
    merchantId: string,
    type: MerchantEventType,
    at: Date,
    orderId: string | null = null,
  ): NewMerchantEvent => ({
    merchantId,
    type,
    auctionId: null,
    lotId: null,
    orderId,
    createdAt: at,
  });

  /** Per-printer request budgets of this process: fixed one-minute windows. */
  const budgets = new Map<string, { start: number; used: number }>();
  function spend(printerId: string) {
    const now = clock.now().getTime();
    if (budgets.size >= BUDGETS_KEPT) {
      for (const [id, b] of budgets) if (now - b.start >= BUDGET_WINDOW_MS) budgets.delete(id);
    }
    let budget = budgets.get(printerId);
    if (!budget || now - budget.start >= BUDGET_WINDOW_MS) {
      budget = { start: now, used: 0 };
      budgets.set(printerId, budget);
    }
    budget.used += 1;
    if (budget.used > CLOUD_REQUESTS_PER_MINUTE) {
      const retryAfterSeconds = Math.ceil((budget.start + BUDGET_WINDOW_MS - now) / 1000);
      throw new AppError('RATE_LIMITED', { retryAfterSeconds: Math.max(1, retryAfterSeconds) });
    }
  }

  /** The printer, known by its MAC and key, once its budget allows another request. */
  async function knownPrinter(mac: string | null | undefined, key: string | undefined) {
    const printer = await printerOf(mac, key);
    if (printer) spend(printer.id);
    return printer;
  }

  return {
    /**
     * A poll (POST): stores the printer's status, puts back the job it was printing if it reports a
     * printer error, and offers its oldest queued job (unless it is printing one now). With no job
     * and no known polling interval, asks for the interval instead (guide §3, Client action).
     */
    async poll(key: string | undefined, body: Poll): Promise<CloudPrntPollAnswer> {
      const printer = await knownPrinter(body.printerMAC, key);
      if (!printer) return { jobReady: false };
      const now = clock.now();
      const statusCode = statusCodeOf(body.statusCode);
      const asb = normalizeAsb(body.status);
      const reported = reportedPollSeconds(body.clientAction);
      const printing = body.printingInProgress === true;
      return db.transaction(async (tx) => {
        const before = await repo.recordPoll(tx, printer.id, {
          at: now,
          statusCode,
          asb,
          pollSeconds: reported,
        });
        // Deleted between the lookup and the lock.
        if (!before) return { jobReady: false };
        const events: NewMerchantEvent[] = [];
        const pollSeconds = reported ?? before.pollSeconds;
        if (
          cloudStateOf(before, now) !==
          cloudStateOf({ seenAt: now, statusCode, asb, pollSeconds }, now)
        ) {
          events.push(event(printer.merchantId, 'printer_updated', now));
        }
        if (statusCode && isPrinterError(statusCode) && !printing) {
          for (const job of await repo.requeueSent(tx, printer.id, statusCode, now)) {
            events.push(event(printer.merchantId, 'printer_updated', now, job.orderId));
          }
        }
        let answer: CloudPrntPollAnswer = { jobReady: false };
        const token = newToken();
        if (!printing && (await repo.offerNextJob(tx, printer.id, token))) {
          answer = { jobReady: true, mediaTypes: [...CLOUDPRNT_MEDIA_TYPES], jobToken: token };
        } else if (
          pollSeconds === null &&
          (!before.infoAskedAt ||
            now.getTime() - before.infoAskedAt.getTime() >= INFO_ASK_INTERVAL_MS)
        ) {
          await repo.markInfoAsked(tx, printer.id, now);
          answer = { jobReady: false, clientAction: [{ request: 'GetPollInterval', options: '' }] };
        }
        await insertEvents(tx, events);
        return answer;
      });
    },

    /**
     * The job's GET: the job offered under `token` (or, from firmware without tokens, the one in
     * progress or the oldest queued), as a PNG. 404 when there is none for this printer, or the
     * printer is unknown; 415 for a media type other than those offered.
     */
    async fetchJob(query: JobQuery): Promise<Buffer> {
      const printer = await knownPrinter(query.mac, query.key);
      if (!printer) throw new AppError('NOT_FOUND');
      if (
        query.type !== undefined &&
        !(CLOUDPRNT_MEDIA_TYPES as readonly string[]).includes(mediaTypeOf(query.type))
      ) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      }
      const now = clock.now();
      const job = await db.transaction(async (tx) => {
        const claimed =
          query.token !== undefined
            ? await repo.claimByToken(tx, printer.id, query.token, now)
            : await repo.claimWithoutToken(tx, printer.id, now, newToken());
        if (claimed?.previousState === 'queued') {
          await insertEvents(tx, [
            event(printer.merchantId, 'printer_updated', now, claimed.orderId),
          ]);
        }
        return claimed;
      });
      if (!job) throw new AppError('NOT_FOUND');
      return render(job);
    },

    /**
     * The confirmation (DELETE, or GET with `delete`): `200 OK` prints the job; an error code puts it
     * back in the queue, up to CLOUD_PRINT_MAX_ATTEMPTS reports, or fails it at once when trying
     * again cannot help (isFinalError). A failed job is reported to the merchant. Answered the same
     * whether or not anything matched.
     */
    async confirm(query: JobQuery): Promise<void> {
      const printer = await knownPrinter(query.mac, query.key);
      if (!printer) return;
      const { printed, code } = confirmationOf(query.code);
      const now = clock.now();
      await db.transaction(async (tx) => {
        const job = await repo.jobToConfirm(tx, printer.id, query.token);
        if (!job) return;
        if (printed) {
          await repo.updateJob(tx, job.id, { state: 'printed', printedAt: now, error: null });
          await insertEvents(tx, [event(printer.merchantId, 'printer_updated', now, job.orderId)]);
          return;
        }
        const attempts = job.attempts + 1;
        if (isFinalError(code) || attempts >= CLOUD_PRINT_MAX_ATTEMPTS) {
          await repo.updateJob(tx, job.id, {
            state: 'failed',
            failedAt: now,
            attempts,
            error: code,
          });
          await insertEvents(tx, [event(printer.merchantId, 'print_failed', now, job.orderId)]);
          return;
        }
        await repo.updateJob(tx, job.id, { state: 'queued', queuedAt: now, attempts, error: code });
        await insertEvents(tx, [event(printer.merchantId, 'printer_updated', now, job.orderId)]);
      });
    },

    /** Queues a page for a cloud printer; the merchant is answered at once. */
    async enqueue(
      printer: PrinterRow,
      page: { kind: 'slip'; orderId: string } | { kind: 'test' },
      lang: string,
    ): Promise<PrintJob> {
      const now = clock.now();
      const orderId = page.kind === 'slip' ? page.orderId : null;
      const id = await db.transaction(async (tx) => {
        const job = await repo.insertPrintJob(
          tx,
          {
            printerId: printer.id,
            merchantId: printer.merchantId,
            kind: page.kind,
            orderId,
            lang,
            paperWidth: printer.paperWidth,
          },
          now,
        );
        await insertEvents(tx, [event(printer.merchantId, 'printer_updated', now, orderId)]);
        return job.id;
      });
      const [view] = await repo.jobsOf(db, printer.merchantId, { jobId: id }, 1);
      if (!view) throw new Error('queued print job not found');
      return printJobOf(view);
    },

    /** The merchant's latest jobs, of an order or a printer if asked. */
    async jobs(merchantId: string, filter: { orderId?: string; printerId?: string }) {
      return { items: (await repo.jobsOf(db, merchantId, filter, JOB_LIST_LIMIT)).map(printJobOf) };
    },

    /**
     * Fails the jobs no printer fetched within CLOUD_PRINT_FETCH_WINDOW_MS of being queued, or did
     * not confirm within CLOUD_PRINT_CONFIRM_WINDOW_MS of fetching them, and tells their merchants:
     * one event (and notification) per merchant and sweep. Rows are locked SKIP LOCKED and
     * changed by one statement, so every process may sweep and each job is reported once.
     */
    async sweep(): Promise<number> {
      const now = clock.now();
      const failed = await db.transaction(async (tx) => {
        const rows = await repo.failOverdue(tx, {
          now,
          fetchBefore: new Date(now.getTime() - CLOUD_PRINT_FETCH_WINDOW_MS),
          confirmBefore: new Date(now.getTime() - CLOUD_PRINT_CONFIRM_WINDOW_MS),
          limit: SWEEP_BATCH,
        });
        const byMerchant = new Map<string, (string | null)[]>();
        for (const row of rows) {
          byMerchant.set(row.merchant_id, [
            ...(byMerchant.get(row.merchant_id) ?? []),
            row.order_id,
          ]);
        }
        await insertEvents(
          tx,
          [...byMerchant].map(([merchantId, orderIds]) =>
            event(
              merchantId,
              'print_failed',
              now,
              orderIds.length === 1 ? (orderIds[0] ?? null) : null,
            ),
          ),
        );
        return rows.length;
      });
      return failed;
    },

    /** When the sweep next has a job to fail (past: one is due), or null when none is open. */
    async nextOverdueAt(): Promise<Date | null> {
      const { queuedAt, fetchedAt } = await repo.oldestOpenJobs(db);
      const due = [
        queuedAt && queuedAt.getTime() + CLOUD_PRINT_FETCH_WINDOW_MS,
        fetchedAt && fetchedAt.getTime() + CLOUD_PRINT_CONFIRM_WINDOW_MS,
      ].filter((at): at is number => typeof at === 'number');
      return due.length === 0 ? null : new Date(Math.min(...due));
    },

    /** Housekeeping: printed and failed jobs past their retention, a batch an hour. */
    async purgeExpired(): Promise<void> {
      const before = new Date(clock.now().getTime() - JOB_RETENTION_MS);
      await repo.purgeFinishedJobs(db, before, SWEEP_BATCH);
    },
  };
}

export type CloudPrntService = ReturnType<typeof createCloudPrntService>;
