import NoticeBar from 'antd-mobile/es/components/notice-bar';
import SoundOutline from 'antd-mobile-icons/es/SoundOutline';
import { useTranslation } from '../../../lib/i18n';
import styles from './store.module.css';

/** The store's announcements, one after another in a scrolling notice bar; nothing when none. */
export function Announcements({ items }: { items: readonly string[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <div className={styles.notice} role="note" aria-label={t('store.announcements')}>
      <NoticeBar
        color="info"
        shape="rounded"
        icon={<SoundOutline aria-hidden="true" />}
        content={items.join('\u2003·\u2003')}
      />
    </div>
  );
}
