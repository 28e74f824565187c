import Button from 'antd-mobile/es/components/button';
import { useTranslation } from '../i18n';
import { Spinner } from './Spinner';

/**
 * What follows an infinite list (useWindowedList): the next page failing with Retry, loading, or
 * the end. `texts` name the list's own items.
 */
export function ListEnd({
  className,
  hasMore,
  loadingMore,
  loadFailed,
  onLoadMore,
  texts,
}: {
  className?: string | undefined;
  hasMore: boolean;
  loadingMore: boolean;
  loadFailed: boolean;
  onLoadMore: () => void;
  texts: { loadMoreFailed: string; loadingMore: string; noMore: string };
}) {
  const { t } = useTranslation();
  return (
    <div className={className}>
      {loadFailed ? (
        <p role="alert">
          {texts.loadMoreFailed}{' '}
          <Button size="mini" fill="outline" onClick={onLoadMore}>
            {t('common.retry')}
          </Button>
        </p>
      ) : loadingMore || hasMore ? (
        <p role="status">
          <Spinner size={16} /> {texts.loadingMore}
        </p>
      ) : (
        <p>{texts.noMore}</p>
      )}
    </div>
  );
}
