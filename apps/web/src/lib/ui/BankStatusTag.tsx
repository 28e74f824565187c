import type { BankAccountStatus } from '@sm/contract';
import Tag from 'antd-mobile/es/components/tag';
import { useTranslation } from 'react-i18next';

const COLORS: Record<BankAccountStatus, string> = {
  unverified: 'warning',
  verified: 'success',
  rejected: 'danger',
};

/** A bank account's verification status (spec §4): on the wallet and on the bank account page. */
export function BankStatusTag({ status }: { status: BankAccountStatus }) {
  const { t } = useTranslation();
  return (
    <Tag
      color={COLORS[status]}
      fill="outline"
      round
      style={{ fontSize: 12, padding: '2px 8px', whiteSpace: 'nowrap' }}
    >
      {t(`bankStatus.${status}`)}
    </Tag>
  );
}
