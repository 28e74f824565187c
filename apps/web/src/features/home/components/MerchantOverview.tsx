import { formatMalaysianMobile } from '@sm/contract';
import AddSquareOutline from 'antd-mobile-icons/es/AddSquareOutline';
import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline';
import UnorderedListOutline from 'antd-mobile-icons/es/UnorderedListOutline';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { useMerchantInfo } from '../../../lib/session';
import { BusinessStatusTag } from '../../../lib/ui/BusinessStatusTag';
import { Notice } from '../../../lib/ui/Notice';
import { WalletIcon } from '../../../lib/ui/WalletIcon';
import styles from './home.module.css';

/** The greeting, the business status and, until the merchant is verified, what to do about it. */
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
      {note ? (
        <Notice tone={status === 'rejected' ? 'danger' : 'warning'} role="note">
          {note}
        </Notice>
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
