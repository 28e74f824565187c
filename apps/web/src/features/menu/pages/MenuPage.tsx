import Badge from 'antd-mobile/es/components/badge';
import AddSquareOutline from 'antd-mobile-icons/es/AddSquareOutline';
import AppstoreOutline from 'antd-mobile-icons/es/AppstoreOutline';
import BankcardOutline from 'antd-mobile-icons/es/BankcardOutline';
import BellOutline from 'antd-mobile-icons/es/BellOutline';
import CheckCircleOutline from 'antd-mobile-icons/es/CheckCircleOutline';
import ClockCircleOutline from 'antd-mobile-icons/es/ClockCircleOutline';
import CompassOutline from 'antd-mobile-icons/es/CompassOutline';
import ContentOutline from 'antd-mobile-icons/es/ContentOutline';
import HistogramOutline from 'antd-mobile-icons/es/HistogramOutline';
import InformationCircleOutline from 'antd-mobile-icons/es/InformationCircleOutline';
import CheckShieldOutline from 'antd-mobile-icons/es/CheckShieldOutline';
import CloseCircleOutline from 'antd-mobile-icons/es/CloseCircleOutline';
import QuestionCircleOutline from 'antd-mobile-icons/es/QuestionCircleOutline';
import SendOutline from 'antd-mobile-icons/es/SendOutline';
import SetOutline from 'antd-mobile-icons/es/SetOutline';
import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline';
import TruckOutline from 'antd-mobile-icons/es/TruckOutline';
import UnorderedListOutline from 'antd-mobile-icons/es/UnorderedListOutline';
import UserContactOutline from 'antd-mobile-icons/es/UserContactOutline';
import type { ReactNode } from 'react';
import { type TFunction, useTranslation } from '../../../lib/i18n';
import { Link } from '../../../lib/router';
import { PATHS } from '../../../lib/paths';
import { useUnreadNotifications } from '../../../lib/unreadNotifications';
import { WalletIcon } from '../../../lib/ui/WalletIcon';
import styles from './menu.module.css';
import { PrinterIcon } from '../../../lib/ui/PrinterIcon';

interface Shortcut {
  to: string;
  label: (t: TFunction) => string;
  icon: ReactNode;
  badge?: 'notifications';
}

type SectionKey = 'auctions' | 'orders' | 'money' | 'store' | 'settings' | 'help';

const ordersTab = (tab: string) => `${PATHS.orders}?tab=${tab}`;

/** Every area of the app, grouped as a merchant's day goes: sell, ship, get paid, set up, get help. */
const SECTIONS: { key: SectionKey; items: Shortcut[] }[] = [
  {
    key: 'auctions',
    items: [
      { to: PATHS.auctionCreate, label: (t) => t('nav.auctionCreate'), icon: <AddSquareOutline /> },
      { to: PATHS.index, label: (t) => t('menu.items.auctions'), icon: <AppstoreOutline /> },
      {
        to: PATHS.businessRecords,
        label: (t) => t('nav.businessRecords'),
        icon: <HistogramOutline />,
      },
    ],
  },
  {
    key: 'orders',
    items: [
      { to: PATHS.orders, label: (t) => t('menu.items.allOrders'), icon: <UnorderedListOutline /> },
      {
        to: ordersTab('to_pay'),
        label: (t) => t('orders.tabs.to_pay'),
        icon: <ClockCircleOutline />,
      },
      { to: ordersTab('paid'), label: (t) => t('orders.tabs.paid'), icon: <CheckShieldOutline /> },
      { to: ordersTab('to_ship'), label: (t) => t('orders.tabs.to_ship'), icon: <SendOutline /> },
      {
        to: ordersTab('in_transit'),
        label: (t) => t('orders.tabs.in_transit'),
        icon: <TruckOutline />,
      },
      {
        to: ordersTab('completed'),
        label: (t) => t('orders.tabs.completed'),
        icon: <CheckCircleOutline />,
      },
      {
        to: ordersTab('canceled'),
        label: (t) => t('orders.tabs.canceled'),
        icon: <CloseCircleOutline />,
      },
    ],
  },
  {
    key: 'money',
    items: [
      { to: PATHS.wallet, label: (t) => t('nav.wallet'), icon: <WalletIcon /> },
      { to: PATHS.bankAccount, label: (t) => t('nav.bankAccount'), icon: <BankcardOutline /> },
    ],
  },
  {
    key: 'store',
    items: [
      { to: PATHS.store, label: (t) => t('nav.store'), icon: <ShopbagOutline /> },
      { to: PATHS.basicInfo, label: (t) => t('nav.basicInfo'), icon: <UserContactOutline /> },
      { to: PATHS.boats, label: (t) => t('nav.boats'), icon: <CompassOutline /> },
      { to: PATHS.coldRooms, label: (t) => t('nav.coldRooms'), icon: <ContentOutline /> },
    ],
  },
  {
    key: 'settings',
    items: [
      {
        to: PATHS.notifications,
        label: (t) => t('nav.notifications'),
        icon: <BellOutline />,
        badge: 'notifications',
      },
      { to: PATHS.printer, label: (t) => t('nav.printer'), icon: <PrinterIcon /> },
      { to: PATHS.general, label: (t) => t('nav.general'), icon: <SetOutline /> },
    ],
  },
  {
    key: 'help',
    items: [
      {
        to: PATHS.about,
        label: (t) => t('menu.items.aboutSupport'),
        icon: <InformationCircleOutline />,
      },
      { to: PATHS.faq, label: (t) => t('nav.faq'), icon: <QuestionCircleOutline /> },
    ],
  },
];

const badgeText = (n: number) => (n > 99 ? '99+' : String(n));

/** Menu (spec §2): a shortcut to every area, in a grid of icons. */
export default function MenuPage() {
  const { t } = useTranslation();
  const unread = useUnreadNotifications();

  return (
    <div className={styles.screen}>
      {SECTIONS.map((section) => (
        <section
          key={section.key}
          className={styles.section}
          aria-labelledby={`menu-${section.key}`}
        >
          <h2 id={`menu-${section.key}`}>{t(`menu.sections.${section.key}`)}</h2>
          <ul className={styles.grid}>
            {section.items.map((item) => {
              const badge = item.badge === 'notifications' && unread > 0 ? unread : 0;
              return (
                <li key={item.to}>
                  <Link className={styles.tile} to={item.to}>
                    <span aria-hidden="true">
                      <Badge content={badge > 0 ? badgeText(badge) : null}>
                        <span className={styles.icon}>{item.icon}</span>
                      </Badge>
                    </span>
                    <span className={styles.label}>{item.label(t)}</span>
                    {badge > 0 ? (
                      <span className={styles.srOnly}>{t('menu.unread', { count: badge })}</span>
                    ) : null}
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
