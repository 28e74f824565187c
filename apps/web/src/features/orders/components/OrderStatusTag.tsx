import type { OrderStatus } from '@sm/contract';
import Tag from 'antd-mobile/es/components/tag';
import { useTranslation } from 'react-i18next';

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
  return (
    <Tag
      color={COLOR[status]}
      fill="outline"
      round
      style={{ fontSize: 12, padding: '2px 8px', whiteSpace: 'nowrap' }}
    >
      {t(`orderStatus.${status}`)}
    </Tag>
  );
}
