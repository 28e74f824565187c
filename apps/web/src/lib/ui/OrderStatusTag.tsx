import type { CancelReason, OrderStatus } from '@sm/contract';
import { useTranslation } from '../i18n';
import { orderStatusKey } from '../market';
import { StatusPill } from './StatusPill';

const COLOR: Record<OrderStatus, 'default' | 'primary' | 'success' | 'warning' | 'danger'> = {
  pending_payment: 'warning',
  paid: 'primary',
  ready_for_pickup: 'primary',
  in_transit: 'primary',
  completed: 'success',
  canceled: 'default',
  canceled_refunded: 'default',
};

/** An order's status; given why it was canceled, a buyer's default shows as Defaulted, in red. */
export function OrderStatusTag({
  status,
  cancelReason = null,
}: {
  status: OrderStatus;
  cancelReason?: CancelReason | null;
}) {
  const { t } = useTranslation();
  const defaulted = status === 'canceled' && cancelReason === 'default';
  return (
    <StatusPill color={defaulted ? 'danger' : COLOR[status]}>
      {t(orderStatusKey(status, cancelReason))}
    </StatusPill>
  );
}
