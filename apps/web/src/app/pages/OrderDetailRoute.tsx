import OrderDetailPage from '../../features/orders/pages/OrderDetailPage';
import { PrintSlipButton } from '../../features/printing/components/PrintSlipButton';

/**
 * Order detail (spec §2) with the pick-up slip's print button: the shell composes the orders and
 * printing features, as features do not import each other.
 */
export default function OrderDetailRoute({ query }: { query: Record<string, string> }) {
  return (
    <OrderDetailPage
      query={query}
      slipAction={(orderId) => <PrintSlipButton orderId={orderId} block />}
    />
  );
}
