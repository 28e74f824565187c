import Button from 'antd-mobile/es/components/button';
import { useTranslation } from '../i18n';

/**
 * A page (or a sheet's form) that could not be shown: what failed, what to do, and Retry, in the
 * page's own area, announced as an alert.
 */
export function PageFailure({
  title,
  hint,
  onRetry,
}: {
  title: string;
  hint: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="page-state" role="alert">
      <p className="page-state-title">{title}</p>
      <p>{hint}</p>
      <Button color="primary" fill="outline" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
