import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import { useQueryClient } from '@tanstack/react-query';
import { AuctionList, DashboardCards } from '../../features/auctions/components/AuctionConsole';
import { MerchantOverview, Shortcuts } from '../../features/home/components/MerchantOverview';
import styles from './HomePage.module.css';

/**
 * Home / console (spec §2): the merchant's status and shortcuts (home) above the dashboard and the
 * auction list (auctions). The shell composes them, as features do not import each other.
 */
export default function HomePage() {
  const queryClient = useQueryClient();
  return (
    <PullToRefresh onRefresh={() => queryClient.refetchQueries({ type: 'active' })}>
      <div className={styles.console}>
        <MerchantOverview />
        <DashboardCards />
        <Shortcuts />
        <AuctionList />
      </div>
    </PullToRefresh>
  );
}
