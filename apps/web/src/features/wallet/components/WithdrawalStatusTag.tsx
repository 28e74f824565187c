import type { WithdrawalStatus } from '@sm/contract';
import Tag from 'antd-mobile/es/components/tag';
import { useTranslation } from 'react-i18next';

const COLORS: Record<WithdrawalStatus, string> = {
  pending: 'warning',
  completed: 'success',
  rejected: 'danger',
};

export function WithdrawalStatusTag({ status }: { status: WithdrawalStatus }) {
  const { t } = useTranslation();
  return (
    <Tag
      color={COLORS[status]}
      fill="outline"
      round
      style={{ fontSize: 12, padding: '2px 8px', whiteSpace: 'nowrap' }}
    >
      {t(`withdrawalStatus.${status}`)}
    </Tag>
  );
}
