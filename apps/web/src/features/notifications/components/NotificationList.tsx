import type { NotificationItem, NotificationType } from '@sm/contract';
import BankcardOutline from 'antd-mobile-icons/es/BankcardOutline';
import CheckCircleOutline from 'antd-mobile-icons/es/CheckCircleOutline';
import CheckShieldOutline from 'antd-mobile-icons/es/CheckShieldOutline';
import ClockCircleOutline from 'antd-mobile-icons/es/ClockCircleOutline';
import CloseShieldOutline from 'antd-mobile-icons/es/CloseShieldOutline';
import ExclamationCircleOutline from 'antd-mobile-icons/es/ExclamationCircleOutline';
import FireFill from 'antd-mobile-icons/es/FireFill';
import LockOutline from 'antd-mobile-icons/es/LockOutline';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import states from '../../../lib/ui/PageMessage.module.css';
import { WindowedList } from '../../../lib/ui/WindowedList';
import { WalletIcon } from '../../../lib/ui/WalletIcon';
import { PrinterIcon } from '../../../lib/ui/PrinterIcon';
import { formatAgo, notificationLines } from '../text';
import styles from './notifications.module.css';

/** A row's height before it is measured; two lines of Malay wrap past it. */
const ESTIMATED_ROW = 76;
const OVERSCAN = 8;
/** 'x minutes ago' moves on this often; a second's precision would only redraw the list. */
const TICK_MS = 30_000;

/** antd-mobile's money icons draw a yen sign: these say the same without it. */
const ICONS: Record<NotificationType, { icon: ReactNode; color: string }> = {
  new_bid: { icon: <FireFill />, color: '#fa8c16' },
  lot_ended: { icon: <ClockCircleOutline />, color: '#1677ff' },
  order_paid: { icon: <CheckCircleOutline />, color: '#00b578' },
  order_defaulted: { icon: <ExclamationCircleOutline />, color: 'var(--danger)' },
  payout_completed: { icon: <WalletIcon />, color: '#00b578' },
  withdrawal_reviewed: { icon: <WalletIcon />, color: '#7b61ff' },
  bank_account_reviewed: { icon: <BankcardOutline />, color: '#13a8a8' },
  business_reviewed: { icon: <CheckShieldOutline />, color: '#0000ff' },
  sign_in_locked: { icon: <LockOutline />, color: 'var(--danger)' },
  print_failed: { icon: <PrinterIcon />, color: 'var(--danger)' },
};

function TypeIcon({ item }: { item: NotificationItem }) {
  const rejected = item.data.status === 'rejected';
  const { icon, color } = ICONS[item.type];
  return (
    <span
      className={styles.icon}
      style={{ background: rejected ? 'var(--danger)' : color }}
      aria-hidden="true"
    >
      {item.type === 'business_reviewed' && rejected ? <CloseShieldOutline /> : icon}
    </span>
  );
}

function useMinuteClock(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function Row({
  item,
  now,
  onOpen,
}: {
  item: NotificationItem;
  now: number;
  onOpen: (item: NotificationItem) => void;
}) {
  const { t, locale } = useTranslation();
  const { title, body } = notificationLines(t, item);
  const ago = formatAgo(item.createdAt, now, locale) ?? t('notifications.justNow');
  return (
    <button
      type="button"
      className={item.read ? styles.item : `${styles.item} ${styles.unreadItem}`}
      onClick={() => onOpen(item)}
    >
      <TypeIcon item={item} />
      <span className={styles.main}>
        <span className={styles.titleLine}>
          <span className={styles.title}>{title}</span>
          <time className={styles.time} dateTime={item.createdAt}>
            {ago}
          </time>
        </span>
        <span className={styles.body}>{body}</span>
      </span>
      {item.read ? (
        <span className={styles.dotSpace} />
      ) : (
        <span className={styles.dot} role="img" aria-label={t('notifications.unread')} />
      )}
    </button>
  );
}

/**
 * The notifications, newest first, windowed over the page's scroll like the other long lists:
 * ninety days of bids can be thousands of rows.
 */
export function NotificationList({
  items,
  hasMore,
  loadingMore,
  loadFailed,
  onLoadMore,
  onOpen,
}: {
  items: NotificationItem[];
  hasMore: boolean;
  loadingMore: boolean;
  loadFailed: boolean;
  onLoadMore: () => void;
  onOpen: (item: NotificationItem) => void;
}) {
  const now = useMinuteClock();
  return (
    <WindowedList
      items={items}
      estimateSize={ESTIMATED_ROW}
      overscan={OVERSCAN}
      hasMore={hasMore}
      loadingMore={loadingMore}
      loadFailed={loadFailed}
      onLoadMore={onLoadMore}
      textsOf="notifications"
      classNames={{ list: styles.list, row: styles.row, end: styles.listEnd }}
      renderItem={(item) => <Row item={item} now={now} onOpen={onOpen} />}
    />
  );
}

/** Grey rows where the first page will be. */
export function NotificationSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('common.loading')}>
      {[0, 1, 2, 3, 4].map((row) => (
        <div key={row} className={styles.skeletonRow}>
          <span className={`${states.skeleton} ${styles.skeletonIcon}`} />
          <span className={styles.skeletonLines}>
            <span className={`${states.skeleton} ${styles.line}`} />
            <span className={`${states.skeleton} ${styles.line} ${styles.lineLong}`} />
          </span>
        </div>
      ))}
    </div>
  );
}
