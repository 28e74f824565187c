import { formatMalaysianMobile, type Locale, LOCALES } from '@sm/contract';
import Badge from 'antd-mobile/es/components/badge';
import Button from 'antd-mobile/es/components/button';
import List from 'antd-mobile/es/components/list';
import AppOutline from 'antd-mobile-icons/es/AppOutline';
import AppstoreOutline from 'antd-mobile-icons/es/AppstoreOutline';
import BankcardOutline from 'antd-mobile-icons/es/BankcardOutline';
import BellOutline from 'antd-mobile-icons/es/BellOutline';
import CheckShieldOutline from 'antd-mobile-icons/es/CheckShieldOutline';
import GlobalOutline from 'antd-mobile-icons/es/GlobalOutline';
import HistogramOutline from 'antd-mobile-icons/es/HistogramOutline';
import InformationCircleOutline from 'antd-mobile-icons/es/InformationCircleOutline';
import SetOutline from 'antd-mobile-icons/es/SetOutline';
import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline';
import { useState } from 'react';
import { setLocale, useTranslation } from '../../../lib/i18n';
import { useNavigate } from '../../../lib/router';
import { appVersionLabel } from '../../../lib/appUpdate';
import { PATHS } from '../../../lib/paths';
import { useMerchantInfo } from '../../../lib/session';
import { ActionSheet } from '../../../lib/ui/ActionSheet';
import { useUnreadNotifications } from '../../../lib/unreadNotifications';
import { WalletIcon } from '../../../lib/ui/WalletIcon';
import { BusinessStatusTag } from '../../../lib/ui/BusinessStatusTag';
import { useLogout } from '../api';
import styles from './profile.module.css';
import { useConfirm } from '../../../lib/ui/useConfirm';
import { PrinterIcon } from '../../../lib/ui/PrinterIcon';

const MONEY_LINKS = [
  { to: PATHS.businessRecords, title: 'businessRecords', icon: <HistogramOutline /> },
  { to: PATHS.wallet, title: 'wallet', icon: <WalletIcon /> },
  { to: PATHS.bankAccount, title: 'bankAccount', icon: <BankcardOutline /> },
] as const;

const SETTINGS_LINKS = [
  { to: PATHS.printer, title: 'printer', icon: <PrinterIcon /> },
  { to: PATHS.general, title: 'general', icon: <SetOutline /> },
  { to: PATHS.menu, title: 'menu', icon: <AppstoreOutline /> },
  { to: PATHS.about, title: 'about', icon: <InformationCircleOutline /> },
] as const;

/**
 * Profile (spec §2): the store and its business status, money, settings and help, language,
 * notifications, the version, and logging out.
 */
export default function ProfilePage() {
  const { t, locale } = useTranslation();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const merchant = useMerchantInfo();
  const logout = useLogout();
  const unread = useUnreadNotifications();
  const [choosingLanguage, setChoosingLanguage] = useState(false);
  if (!merchant) return null;

  const storeName = merchant.storeName ?? t('profile.storeNotSet');
  const status = merchant.businessStatus;
  const statusNote =
    status === 'rejected' && merchant.businessRejectReason
      ? t('profile.businessNotes.rejectedReason', { reason: merchant.businessRejectReason })
      : t(`profile.businessNotes.${status}`);

  const confirmLogout = async () => {
    const confirmed = await confirm({
      content: t('profile.logoutConfirm'),
      confirmText: t('profile.logout'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    logout.mutate(undefined, { onSettled: () => void navigate(PATHS.login, { replace: true }) });
  };

  return (
    <div className={styles.screen}>
      <section className={styles.header}>
        <div className={styles.avatar} aria-hidden="true">
          {(merchant.storeName ?? 'M').slice(0, 1).toUpperCase()}
        </div>
        <div className={styles.identity}>
          <h2>{storeName}</h2>
          <span className={styles.phone}>{formatMalaysianMobile(merchant.phone)}</span>
          <BusinessStatusTag status={status} />
        </div>
      </section>

      <List className={styles.list} header={t('profile.store')}>
        <List.Item prefix={<ShopbagOutline />} onClick={() => void navigate(PATHS.store)}>
          {t('profile.storeManagement')}
        </List.Item>
        <List.Item
          prefix={<CheckShieldOutline />}
          description={statusNote}
          extra={<BusinessStatusTag status={status} />}
          onClick={() => void navigate(PATHS.store)}
        >
          <span>{t('business.status')}</span>
        </List.Item>
      </List>

      <List className={styles.list} header={t('profile.account')}>
        {MONEY_LINKS.map((item) => (
          <List.Item key={item.to} prefix={item.icon} onClick={() => void navigate(item.to)}>
            {t(`nav.${item.title}`)}
          </List.Item>
        ))}
      </List>

      <List className={styles.list} header={t('profile.settings')}>
        <List.Item
          prefix={<BellOutline />}
          extra={unread > 0 ? <Badge content={unread > 99 ? '99+' : unread} /> : null}
          onClick={() => void navigate(PATHS.notifications)}
        >
          {t('nav.notifications')}
        </List.Item>
        <List.Item
          prefix={<GlobalOutline />}
          extra={t(`languages.${locale}`)}
          onClick={() => setChoosingLanguage(true)}
        >
          {t('profile.language')}
        </List.Item>
        {SETTINGS_LINKS.map((item) => (
          <List.Item key={item.to} prefix={item.icon} onClick={() => void navigate(item.to)}>
            {t(`nav.${item.title}`)}
          </List.Item>
        ))}
        <List.Item prefix={<AppOutline />} extra={appVersionLabel()} arrowIcon={false}>
          {t('profile.version')}
        </List.Item>
      </List>

      <Button
        className={styles.logout}
        block
        size="large"
        color="danger"
        fill="outline"
        loading={logout.isPending}
        onClick={confirmLogout}
      >
        {t('profile.logout')}
      </Button>

      <ActionSheet
        visible={choosingLanguage}
        extra={t('profile.chooseLanguage')}
        cancelText={t('common.cancel')}
        actions={LOCALES.map((key: Locale) => ({
          key,
          text: t(`languages.${key}`),
          bold: key === locale,
        }))}
        onAction={(action) => {
          setChoosingLanguage(false);
          void setLocale(action.key as Locale);
        }}
        onClose={() => setChoosingLanguage(false)}
      />
    </div>
  );
}
