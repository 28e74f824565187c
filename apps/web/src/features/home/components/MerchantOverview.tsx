import { formatMalaysianMobile } from '@sm/contract';
import NoticeBar from 'antd-mobile/es/components/notice-bar';
import AddSquareOutline from 'antd-mobile-icons/es/AddSquareOutline';
import FileOutline from 'antd-mobile-icons/es/FileOutline';
import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline';
import SoundOutline from 'antd-mobile-icons/es/SoundOutline';
import UnorderedListOutline from 'antd-mobile-icons/es/UnorderedListOutline';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { Link } from '../../../lib/router';
import { PATHS } from '../../../lib/paths';
import { useMerchantInfo } from '../../../lib/session';
import { storeProfileQueryOptions } from '../../../lib/storeProfile';
import { BusinessStatusTag } from '../../../lib/ui/BusinessStatusTag';
import { Notice } from '../../../lib/ui/Notice';
import { WalletIcon } from '../../../lib/ui/WalletIcon';
import styles from './home.module.css';

/** The store's announcements, as buyers see them; nothing until there are some. */
function Announcements() {
  const { t } = useTranslation();
  const store = useQuery({ ...storeProfileQueryOptions(), select: (s) => s.announcements });
  const items = store.data ?? [];
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

/**
 * The greeting, the business status, the store's announcements and, until the merchant is
 * verified, what to do about it: unverified or rejected, a way straight to the SSM upload.
 */
export function MerchantOverview() {
  const { t } = useTranslation();
  const merchant = useMerchantInfo();
  if (!merchant) return null;
  const name = merchant.storeName ?? formatMalaysianMobile(merchant.phone);
  const status = merchant.businessStatus;

  let note: string | null = null;
  if (status === 'unverified') note = t('home.verifyNote');
  else if (status === 'pending') note = t('home.pendingNote');
  else if (status === 'rejected')
    note = merchant.businessRejectReason
      ? t('home.rejectedNote', { reason: merchant.businessRejectReason })
      : t('home.rejectedNoReason');

  return (
    <>
      <section className={styles.hero}>
        <h2>{t('home.greeting', { name })}</h2>
        <div className={styles.status}>
          <span>{t('business.status')}</span>
          <BusinessStatusTag status={status} />
        </div>
      </section>
      <Announcements />
      {note ? (
        <Notice tone={status === 'rejected' ? 'danger' : 'warning'} role="note">
          {note}
        </Notice>
      ) : null}
      {status === 'unverified' || status === 'rejected' ? (
        <Link className={styles.ssmLink} to={PATHS.store}>
          <FileOutline aria-hidden="true" />
          <span>{t('store.uploadSsm')}</span>
        </Link>
      ) : null}
    </>
  );
}

const SHORTCUTS = [
  { to: PATHS.auctionCreate, title: 'auctionCreate', icon: <AddSquareOutline /> },
  { to: PATHS.orders, title: 'orders', icon: <UnorderedListOutline /> },
  { to: PATHS.wallet, title: 'wallet', icon: <WalletIcon /> },
  { to: PATHS.store, title: 'store', icon: <ShopbagOutline /> },
] as const;

/** One row of shortcuts; Create Auction first, marked as the main one. */
export function Shortcuts() {
  const { t } = useTranslation();
  return (
    <section aria-label={t('home.shortcuts')}>
      <ul className={styles.shortcuts}>
        {SHORTCUTS.map((item, index) => (
          <li key={item.to}>
            <Link
              className={index === 0 ? `${styles.shortcut} ${styles.primary}` : styles.shortcut}
              to={item.to}
            >
              {item.icon}
              <span>{t(`nav.${item.title}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
