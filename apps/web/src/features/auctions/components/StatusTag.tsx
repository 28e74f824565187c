import type { LotStatus } from '@sm/contract';
import Tag from 'antd-mobile/es/components/tag';
import { useTranslation } from '../../../lib/i18n';

export function StatusTag({ status }: { status: LotStatus }) {
  const { t } = useTranslation();
  return (
    <Tag
      color={status === 'live' ? 'success' : 'default'}
      fill={status === 'live' ? 'solid' : 'outline'}
      round
      style={{ fontSize: 12, padding: '2px 8px', whiteSpace: 'nowrap' }}
    >
      {t(`lotStatus.${status}`)}
    </Tag>
  );
}
