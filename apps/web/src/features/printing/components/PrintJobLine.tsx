import type { PrintJob } from '@sm/contract';
import { useTranslation } from '../../../lib/i18n';
import { jobStatus } from '../jobs';
import styles from './printing.module.css';

/** One cloud print job: what it is (or where), and where it is now. */
export function PrintJobLine({ job, label }: { job: PrintJob; label: string }) {
  const { t, locale } = useTranslation();
  const { text, tone } = jobStatus(t, job, locale);
  return (
    <li className={styles.job}>
      <span className={styles.jobLabel}>{label}</span>
      <span className={styles[tone]}>{text}</span>
    </li>
  );
}
