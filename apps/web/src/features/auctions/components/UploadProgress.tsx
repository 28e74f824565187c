import { useTranslation } from '../../../lib/i18n';
import styles from './form.module.css';
import type { UploadRow } from './useUploads';

/** One row per file on its way: its name, a bar and the share sent. */
export function UploadProgress({ rows }: { rows: UploadRow[] }) {
  const { t } = useTranslation();
  if (rows.length === 0) return null;
  return (
    <ul className={styles.uploads}>
      {rows.map((row) => {
        const percent = row.sent === null ? null : Math.round(row.sent * 100);
        return (
          <li key={row.id}>
            <span className={styles.uploadName}>{row.name}</span>
            <progress
              max={100}
              value={percent ?? undefined}
              aria-label={t('auctionForm.uploadingFile', { name: row.name })}
            />
            <span className={styles.uploadPercent}>
              {percent === null ? t('auctionForm.preparing') : `${percent}%`}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
