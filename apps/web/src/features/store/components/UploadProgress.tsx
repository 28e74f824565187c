import { useTranslation } from '../../../lib/i18n';
import styles from './store.module.css';

/** One file on its way: its name, a bar and the share sent (null while it is being prepared). */
export function UploadProgress({ name, sent }: { name: string; sent: number | null }) {
  const { t } = useTranslation();
  const percent = sent === null ? null : Math.round(sent * 100);
  return (
    <div className={styles.upload}>
      <span className={styles.uploadName}>{name}</span>
      <span className={styles.uploadPercent}>
        {percent === null ? t('store.preparing') : `${percent}%`}
      </span>
      <progress
        max={100}
        value={percent ?? undefined}
        aria-label={t('store.uploading', { name })}
      />
    </div>
  );
}
