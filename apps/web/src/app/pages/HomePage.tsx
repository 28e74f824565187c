import { PullToRefresh } from '../../lib/ui/PullToRefresh';
import AppstoreOutline from 'antd-mobile-icons/es/AppstoreOutline';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../lib/i18n';
import { Link } from '../../lib/router';
import { AuctionList, DashboardCards } from '../../features/auctions/components/AuctionConsole';
import { MerchantOverview, Shortcuts } from '../../features/home/components/MerchantOverview';
import { OrderTodo } from '../../features/home/components/OrderTodo';
import { PATHS } from '../../lib/paths';
import styles from './HomePage.module.css';

/**
 * Home / console (spec §2): the merchant's status, the orders to do and shortcuts (home) around
 * the dashboard and the auction list (auctions). The shell composes them, as features do not
 * import each other.
 */
export default function HomePage() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return (
    <PullToRefresh onRefresh={() => queryClient.refetchQueries({ type: 'active' })}>
      <div className={styles.console}>
        <MerchantOverview />
        {/* Work before totals: what waits on the merchant, then the dashboard. */}
        <OrderTodo />
        <DashboardCards />
        <Shortcuts />
        {/* Every other area: the Menu's grid of shortcuts. */}
        <Link className={styles.allFeatures} to={PATHS.menu}>
          <AppstoreOutline aria-hidden="true" /> {t('menu.openAll')}
        </Link>
        <AuctionList />
      </div>
    </PullToRefresh>
  );
}
