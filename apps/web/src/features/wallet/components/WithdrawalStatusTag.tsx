import type { WithdrawalStatus } from '@sm/contract';
import { useTranslation } from '../../../lib/i18n';
import { StatusPill } from '../../../lib/ui/StatusPill';

const COLORS: Record<WithdrawalStatus, string> = {
  pending: 'warning',
  completed: 'success',
  rejected: 'danger',
};

export function WithdrawalStatusTag({ status }: { status: WithdrawalStatus }) {
  const { t } = useTranslation();
  return <StatusPill color={COLORS[status]}>{t(`withdrawalStatus.${status}`)}</StatusPill>;
}
