import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.js';
import { orders, printers, printJobs } from '../../db/schema.js';

export type PrintJobRow = typeof printJobs.$inferSelect;
export type NewPrintJob = Pick<
  typeof printJobs.$inferInsert,
  'printerId' | 'merchantId' | 'kind' | 'orderId' | 'lang' | 'paperWidth'
>;

/** A cloud printer as its polls find it. */
export interface CloudPrinterRow {
  id: string;
  merchantId: string;
  name: string;
}

/** What a printer's last poll left, before this one. */
export interface PreviousPoll {
  seenAt: Date | null;
  statusCode: string | null;
  asb: string | null;
  pollSeconds: number | null;
  infoAskedAt: Date | null;
}

const dateOrNull = (value: unknown) => (value == null ? null : new Date(value as string | Date));

/** The cloud printer registered with this MAC address, on whichever account. */
/** The cloud printers registered with this MAC (one per merchant at most). */
export async function cloudPrintersByMac(tx: Tx, mac: string): Promise<CloudPrinterRow[]> {
  return tx
    .select({ id: printers.id, merchantId: printers.merchantId, name: printers.name })
    .from(printers)
    .where(and(eq(printers.mac, mac), eq(printers.kind, 'cloud')));
}

/**
 * Stores what a poll said (its time, status code, ASB bytes, and the polling interval if it
 * reported one) and answers what the previous poll had left, read under the row's lock.
 */
export async function recordPoll(
  tx: Tx,
  printerId: string,
  poll: { at: Date; statusCode: string | null; asb: string | null; pollSeconds: number | null },
): Promise<PreviousPoll | null> {
  const [row] = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
      update ${printers} p set
        cloud_seen_at = ${poll.at.toISOString()}::timestamptz,
        cloud_status_code = ${poll.statusCode},
        cloud_asb = ${poll.asb},
        cloud_poll_seconds = coalesce(${poll.pollSeconds}::integer, old.cloud_poll_seconds)
      from (select id, cloud_seen_at, cloud_status_code, cloud_asb, cloud_poll_seconds,
              cloud_info_asked_at
            from ${printers} where id = ${printerId} for update) old
      where p.id = old.id
      returning old.cloud_seen_at as seen_at, old.cloud_status_code as status_code,
        old.cloud_asb as asb, old.cloud_poll_seconds as poll_seconds,
        old.cloud_info_asked_at as info_asked_at`),
  );
  if (!row) return null;
  return {
    seenAt: dateOrNull(row.seen_at),
    statusCode: (row.status_code as string | null) ?? null,
    asb: (row.asb as string | null) ?? null,
    pollSeconds: row.poll_seconds == null ? null : Number(row.poll_seconds),
    infoAskedAt: dateOrNull(row.info_asked_at),
  };
}

export async function markInfoAsked(tx: Tx, printerId: string, at: Date) {
  await tx.update(printers).set({ cloudInfoAskedAt: at }).where(eq(printers.id, printerId));
}

export async function insertPrintJob(tx: Tx, job: NewPrintJob, at: Date): Promise<PrintJobRow> {
  const [row] = await tx
    .insert(printJobs)
    .values({ ...job, createdAt: at, queuedAt: at })
    .returning();
  if (!row) throw new Error('print job insert returned nothing');
  return row;
}

/**
 * Jobs the printer fetched and then reported a printer error for (paper out, cover open): back in
 * the queue, so that it fetches them again once it is ready (guide §5, "Print failure"). Not an
 * attempt of the job's own: the printer, not the job, was at fault.
 */
export async function requeueSent(tx: Tx, printerId: string, code: string, at: Date) {
  return tx
    .update(printJobs)
    .set({ state: 'queued', queuedAt: at, error: code })
    .where(and(eq(printJobs.printerId, printerId), eq(printJobs.state, 'sent')))
    .returning({ id: printJobs.id, orderId: printJobs.orderId });
}

/**
 * Offers the printer's oldest queued job to this poll under a fresh token: only a GET with the
 * token of the latest offer fetches it, so two polls racing for one job cannot both print it.
 * A job another poll is offering at this moment is skipped, not waited for.
 */
export async function offerNextJob(tx: Tx, printerId: string, token: string) {
  const [row] = rowsOf<{ id: string }>(
    await tx.execute(sql`
      update ${printJobs} set token = ${token}
      where id = (
        select id from ${printJobs}
        where printer_id = ${printerId} and state = 'queued'
        order by seq limit 1
        for update skip locked)
      returning id`),
  );
  return row ?? null;
}

export type ClaimedJob = PrintJobRow & { previousState: 'queued' | 'sent' };

function claimedOf(row: Record<string, unknown> | undefined): ClaimedJob | null {
  if (!row) return null;
  return {
    id: row.id as string,
    seq: Number(row.seq),
    printerId: row.printer_id as string,
    merchantId: row.merchant_id as string,
    kind: row.kind as PrintJobRow['kind'],
    orderId: (row.order_id as string | null) ?? null,
    lang: row.lang as string,
    paperWidth: Number(row.paper_width),
    state: row.state as PrintJobRow['state'],
    token: (row.token as string | null) ?? null,
    attempts: Number(row.attempts),
    error: (row.error as string | null) ?? null,
    createdAt: new Date(row.created_at as string),
    queuedAt: new Date(row.queued_at as string),
    fetchedAt: dateOrNull(row.fetched_at),
    printedAt: dateOrNull(row.printed_at),
    failedAt: dateOrNull(row.failed_at),
    previousState: row.previous_state as 'queued' | 'sent',
  };
}

/** Marks the picked job fetched (a re-fetch of one in progress keeps its first time). */
const claim = (picked: SQL, at: Date, token: string | null) => sql`
  with pick as (${picked})
  update ${printJobs} j set
    state = 'sent',
    fetched_at = case when pick.state = 'queued' then ${at.toISOString()}::timestamptz
      else j.fetched_at end,
    token = coalesce(j.token, ${token})
  from pick where j.id = pick.id
  returning j.*, pick.state as previous_state`;

/**
 * The job of a GET with a token: the one offered under it, queued or already fetched (the
 * printer may fetch it again, guide §4), now fetched.
 */
export async function claimByToken(tx: Tx, printerId: string, token: string, at: Date) {
  const picked = sql`
    select id, state from ${printJobs}
    where printer_id = ${printerId} and token = ${token} and state in ('queued', 'sent')
    for update`;
  return claimedOf(rowsOf<Record<string, unknown>>(await tx.execute(claim(picked, at, null)))[0]);
}

/**
 * The job of a GET without a token (firmware before tokens): the one in progress again, else the
 * oldest queued one. Such a printer cannot be told apart from itself fetching again.
 */
export async function claimWithoutToken(tx: Tx, printerId: string, at: Date, token: string) {
  const inProgress = sql`
    select id, state from ${printJobs}
    where printer_id = ${printerId} and state = 'sent'
    order by fetched_at, seq limit 1 for update`;
  const again = claimedOf(
    rowsOf<Record<string, unknown>>(await tx.execute(claim(inProgress, at, token)))[0],
  );
  if (again) return again;
  const oldest = sql`
    select id, state from ${printJobs}
    where printer_id = ${printerId} and state = 'queued'
    order by seq limit 1 for update skip locked`;
  return claimedOf(rowsOf<Record<string, unknown>>(await tx.execute(claim(oldest, at, token)))[0]);
}

/**
 * The job a confirmation is about, locked: the one of its token (queued again after a printer
 * error, or fetched), or without a token the printer's job in progress.
 */
export async function jobToConfirm(tx: Tx, printerId: string, token: string | undefined) {
  const [row] = await tx
    .select()
    .from(printJobs)
    .where(
      and(
        eq(printJobs.printerId, printerId),
        token === undefined
          ? eq(printJobs.state, 'sent')
          : and(eq(printJobs.token, token), sql`${printJobs.state} in ('queued', 'sent')`),
      ),
    )
    .orderBy(printJobs.fetchedAt, printJobs.seq)
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function updateJob(
  tx: Tx,
  jobId: string,
  values: Partial<
    Pick<PrintJobRow, 'state' | 'attempts' | 'error' | 'queuedAt' | 'printedAt' | 'failedAt'>
  >,
) {
  await tx.update(printJobs).set(values).where(eq(printJobs.id, jobId));
}

/**
 * Jobs past their time, failed in one statement (each once, whichever process runs): queued and
 * not fetched since `fetchBefore`, or fetched and not confirmed since `confirmBefore`.
 */
export async function failOverdue(
  tx: Tx,
  {
    now,
    fetchBefore,
    confirmBefore,
    limit,
  }: { now: Date; fetchBefore: Date; confirmBefore: Date; limit: number },
) {
  return rowsOf<{ merchant_id: string; order_id: string | null }>(
    await tx.execute(sql`
      with due as (
        select id from ${printJobs}
        where (state = 'queued' and queued_at <= ${fetchBefore.toISOString()}::timestamptz)
           or (state = 'sent' and fetched_at <= ${confirmBefore.toISOString()}::timestamptz)
        order by seq limit ${limit}
        for update skip locked)
      update ${printJobs} j set
        state = 'failed',
        failed_at = ${now.toISOString()}::timestamptz,
        error = case when j.state = 'queued' then 'not_fetched' else 'not_confirmed' end
      from due where j.id = due.id
      returning j.merchant_id, j.order_id`),
  );
}

/** The oldest open jobs' times: the first queued one's, and the first fetched one's. */
export async function oldestOpenJobs(
  tx: Tx,
): Promise<{ queuedAt: Date | null; fetchedAt: Date | null }> {
  const [row] = rowsOf<{ queued_at: Date | string | null; fetched_at: Date | string | null }>(
    await tx.execute(sql`
      select (select min(queued_at) from ${printJobs} where state = 'queued') as queued_at,
        (select min(fetched_at) from ${printJobs} where state = 'sent') as fetched_at`),
  );
  const at = (value: Date | string | null | undefined) => (value ? new Date(value) : null);
  return { queuedAt: at(row?.queued_at), fetchedAt: at(row?.fetched_at) };
}

/** Printed and failed jobs older than `before`: their slips' news is long past. */
export async function purgeFinishedJobs(tx: Tx, before: Date, limit: number) {
  await tx.execute(sql`
    delete from ${printJobs} where id in (
      select id from ${printJobs}
      where state in ('printed', 'failed') and created_at < ${before.toISOString()}::timestamptz
      limit ${limit})`);
}

export type JobView = PrintJobRow & { printerName: string; orderNumber: string | null };

/** The merchant's latest jobs, newest first; of one order or one printer if asked. */
export async function jobsOf(
  tx: Tx,
  merchantId: string,
  filter: { orderId?: string; printerId?: string; jobId?: string },
  limit: number,
): Promise<JobView[]> {
  const rows = await tx
    .select({ job: printJobs, printerName: printers.name, orderNumber: orders.number })
    .from(printJobs)
    .innerJoin(printers, eq(printers.id, printJobs.printerId))
    .leftJoin(orders, eq(orders.id, printJobs.orderId))
    .where(
      and(
        eq(printJobs.merchantId, merchantId),
        filter.orderId ? eq(printJobs.orderId, filter.orderId) : undefined,
        filter.printerId ? eq(printJobs.printerId, filter.printerId) : undefined,
        filter.jobId ? eq(printJobs.id, filter.jobId) : undefined,
      ),
    )
    .orderBy(desc(printJobs.seq))
    .limit(limit);
  return rows.map(({ job, printerName, orderNumber }) => ({
    ...job,
    printerName,
    orderNumber: orderNumber ?? null,
  }));
}
