import type { BusinessStatus } from '@sm/contract';
import Tag from 'antd-mobile/es/components/tag';
import { useTranslation } from '../i18n';

const COLORS: Record<BusinessStatus, string> = {
  unverified: 'default',
  pending: 'warning',
  verified: 'success',
  rejected: 'danger',
};

export function BusinessStatusTag({ status }: { status: BusinessStatus }) {
  const { t } = useTranslation();
  return (
    <Tag
      color={COLORS[status]}
      fill="solid"
      round
      style={{ whiteSpace: 'normal', fontSize: 12, padding: '3px 8px' }}
    >
      {t(`business.${status}`)}
    </Tag>
  );
}
