import { CLOUD_PRINT_POLL_SECONDS, type Printer } from '@sm/contract';
import Button from 'antd-mobile/es/components/button';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/datetime';
import { toast } from '../../../lib/toast';
import { printJobsQueryOptions } from '../api';
import { copyText } from '../../../lib/clipboard';
import { cloudServerUrl, jobSubject } from '../jobs';
import { PrintJobLine } from './PrintJobLine';
import styles from './printing.module.css';

/** Jobs a card shows: enough to see the last test and slips go through. */
const RECENT_JOBS = 3;

/**
 * A cloud printer's card body: its MAC and last contact, how to point the printer at this
 * server (open until the printer's first poll), and its latest jobs.
 */
export function CloudPrinterDetails({ printer }: { printer: Printer }) {
  const { t, locale } = useTranslation();
  const id = useId();
  const jobs = useQuery(printJobsQueryOptions({ printerId: printer.id }));
  const cloud = printer.cloud;
  if (!cloud) return null;
  const url = cloudServerUrl(cloud.pollPath);
  const seen = cloud.lastSeenAt
    ? t(cloud.state === 'offline' ? 'printing.cloud.offlineSince' : 'printing.cloud.lastSeen', {
        time: formatDateTime(cloud.lastSeenAt, locale),
      })
    : null;

  const copy = async () => {
    if (await copyText(url)) toast(t('printing.cloud.copied'), 'success');
    else toast(t('printing.cloud.copyFailed'), 'fail');
  };

  const recent = (jobs.data ?? []).slice(0, RECENT_JOBS);
  return (
    <>
      <p className={styles.meta}>
        <span>{t('printing.paperMm', { width: printer.paperWidth })}</span>
        {/* As the printer's self-test print shows it. */}
        <span>{t('printing.cloud.macValue', { mac: printer.mac?.toUpperCase() ?? '' })}</span>
        {seen ? <span>{seen}</span> : null}
      </p>
      <details className={styles.setup} open={cloud.state === 'waiting'}>
        <summary>{t('printing.cloud.setupTitle')}</summary>
        <div className={styles.setupBody}>
          <label htmlFor={`${id}-url`} className={styles.urlLabel}>
            {t('printing.cloud.urlLabel')}
          </label>
          {/* Read-only text: selectable whole, to copy by hand where the button cannot. */}
          <textarea
            id={`${id}-url`}
            className={styles.url}
            value={url}
            readOnly
            rows={2}
            spellCheck={false}
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button size="small" color="primary" fill="outline" onClick={() => void copy()}>
            {t('printing.cloud.copy')}
          </Button>
          <ol className={styles.steps}>
            <li>{t('printing.cloud.steps.open')}</li>
            <li>{t('printing.cloud.steps.url')}</li>
            <li>{t('printing.cloud.steps.poll', { seconds: CLOUD_PRINT_POLL_SECONDS })}</li>
          </ol>
        </div>
      </details>
      {recent.length ? (
        <ul className={styles.jobs} aria-label={t('printing.cloud.jobs')}>
          {recent.map((job) => (
            <PrintJobLine key={job.id} job={job} label={jobSubject(t, job)} />
          ))}
        </ul>
      ) : null}
    </>
  );
}
