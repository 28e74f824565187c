import type { Locale, PrintJob } from '@sm/contract';
import type { TFunction } from '../../lib/i18n';
import { formatDateTime } from '../../lib/datetime';

export type JobTone = 'pending' | 'done' | 'failed';

/** Why a job failed, in words: not fetched or not confirmed in time, or the printer's code. */
function reasonOf(t: TFunction, error: string | null): string {
  if (error === 'not_fetched' || error === 'not_confirmed') {
    return t(`printing.job.reasons.${error}`);
  }
  return t('printing.job.reasons.code', { code: error ?? '?' });
}

/**
 * Where a cloud print job is, as a merchant reads it: sent to the printer (waiting for its poll,
 * or put back after its error), printing, printed when, or not printed and why.
 */
export function jobStatus(
  t: TFunction,
  job: PrintJob,
  locale: Locale,
): { text: string; tone: JobTone } {
  switch (job.state) {
    case 'queued':
      return {
        text: job.error
          ? t('printing.job.retrying', { code: job.error })
          : t('printing.job.queued'),
        tone: 'pending',
      };
    case 'sent':
      return { text: t('printing.job.sent'), tone: 'pending' };
    case 'printed':
      return {
        text: t('printing.job.printed', {
          time: formatDateTime(job.printedAt ?? job.createdAt, locale),
        }),
        tone: 'done',
      };
    case 'failed':
      return { text: t('printing.job.failed', { reason: reasonOf(t, job.error) }), tone: 'failed' };
  }
}

/** What a job printed: the test page, or an order's slip. */
export const jobSubject = (t: TFunction, job: PrintJob) =>
  job.kind === 'test'
    ? t('printing.job.test')
    : t('printing.job.slip', { order: job.orderNumber ?? '' });

/** The URL to enter in the printer's CloudPRNT settings: this app's origin and its poll path. */
export const cloudServerUrl = (pollPath: string, origin = window.location.origin) =>
  `${origin}${pollPath}`;
