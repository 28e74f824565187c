import { formatMalaysianMobile } from '@sm/contract';
import AddSquareOutline from 'antd-mobile-icons/es/AddSquareOutline';
import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline';
import UnorderedListOutline from 'antd-mobile-icons/es/UnorderedListOutline';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { useMerchantInfo } from '../../../lib/session';
import { WalletIcon } from '../../../lib/ui/WalletIcon';
import { BusinessStatusTag } from '../../../lib/ui/BusinessStatusTag';
import styles from './home.module.css';

const SHORTCUTS = [
  { to: PATHS.auctionCreate, title: 'auctionCreate', icon: <AddSquareOutline /> },
  { to: PATHS.orders, title: 'orders', icon: <UnorderedListOutline /> },
  { to: PATHS.wallet, title: 'wallet', icon: <WalletIcon /> },
  { to: PATHS.store, title: 'store', icon: <ShopbagOutline /> },
] as const;

export default function HomePage() {
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
    <div className={styles.screen}>
      <section className={styles.hero}>
        <h2>{t('home.greeting', { name })}</h2>
        <p>{t('home.intro')}</p>
      </section>
      <section className={styles.card} aria-label={t('business.status')}>
        <div className={styles.row}>
          <h3>{t('business.status')}</h3>
          <BusinessStatusTag status={status} />
        </div>
        {note ? (
          <p
            className={
              status === 'rejected' ? `${styles.note} ${styles.noteRejected}` : styles.note
            }
            role="note"
          >
            {note}
          </p>
        ) : null}
      </section>
      <h3 className={styles.sectionTitle}>{t('home.shortcuts')}</h3>
      <ul className={styles.shortcuts}>
        {SHORTCUTS.map((item) => (
          <li key={item.to}>
            <Link className={styles.shortcut} to={item.to}>
              {item.icon}
              {t(`nav.${item.title}`)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
