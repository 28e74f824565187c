import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { printersQueryOptions, printJobsQueryOptions } from '../api';
import { jobStatus } from '../jobs';
import styles from './printing.module.css';

/**
 * On an order's page, where its latest slip sent to a cloud printer is: sent to the printer,
 * printed when, or not printed and why. Asked for only when a cloud printer is set up; live
 * events keep it current.
 */
export function CloudSlipStatus({ orderId }: { orderId: string }) {
  const { t, locale } = useTranslation();
  const printers = useQuery(printersQueryOptions());
  const hasCloud = printers.data?.some((p) => p.kind === 'cloud') ?? false;
  const jobs = useQuery({ ...printJobsQueryOptions({ orderId }), enabled: hasCloud });
  const latest = jobs.data?.[0];
  if (!hasCloud || !latest) return null;
  const { text, tone } = jobStatus(t, latest, locale);
  return (
    <p className={`${styles.slipStatus} ${styles[tone]}`} role="status">
      <span className={styles.jobLabel}>{latest.printerName}</span> {text}
    </p>
  );
}
