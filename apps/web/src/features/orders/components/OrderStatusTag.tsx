import type { OrderStatus } from '@sm/contract';
import { useTranslation } from 'react-i18next';
import { StatusPill } from '../../../lib/ui/StatusPill';

const COLOR: Record<OrderStatus, 'default' | 'primary' | 'success' | 'warning' | 'danger'> = {
  pending_payment: 'warning',
  paid: 'primary',
  ready_for_pickup: 'primary',
  in_transit: 'primary',
  completed: 'success',
  canceled: 'default',
  canceled_refunded: 'default',
};

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return <StatusPill color={COLOR[status]}>{t(`orderStatus.${status}`)}</StatusPill>;
}
