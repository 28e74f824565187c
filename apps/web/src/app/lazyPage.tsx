import { PAGE_LOAD_TIMEOUT_MS, PAGE_LOADING_DELAY_MS } from '@sm/contract';
import Button from 'antd-mobile/es/components/button';
import { type ComponentType, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../lib/ui/Spinner';

/** Query parameters of the route, passed to every page as props (spec §2). */
export interface PageProps {
  query: Record<string, string>;
}
type PageModule = { default: ComponentType<PageProps> };

class PageTimeout extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new PageTimeout()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page-state" role="status">
      <Spinner />
      <p>{t('common.loading')}</p>
    </div>
  );
}

function PageError({ timedOut, onRetry }: { timedOut: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="page-state" role="alert">
      <p className="page-state-title">{timedOut ? t('page.loadTimedOut') : t('page.loadFailed')}</p>
      <p>{t('page.loadFailedHint')}</p>
      <Button color="primary" fill="outline" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

/**
 * Every page is its own chunk (spec §2: pages load on demand). Nothing shows for the first
 * 200 ms, then a loading placeholder; a failed or 60 s-late load shows an error with Retry.
 */
export function lazyPage(load: () => Promise<PageModule>): ComponentType<PageProps> {
  let loaded: ComponentType<PageProps> | null = null;
  let pending: Promise<ComponentType<PageProps>> | null = null;
  const start = () =>
    (pending ??= withTimeout(load(), PAGE_LOAD_TIMEOUT_MS).then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));

  function LazyPage(props: PageProps) {
    const [Page, setPage] = useState<ComponentType<PageProps> | null>(() => loaded);
    const [attempt, setAttempt] = useState(0);
    const [slow, setSlow] = useState(false);
    const [failure, setFailure] = useState<'error' | 'timeout' | null>(null);

    useEffect(() => {
      if (Page) return;
      let live = true;
      const timer = setTimeout(() => live && setSlow(true), PAGE_LOADING_DELAY_MS);
      start().then(
        (component) => live && setPage(() => component),
        (error: unknown) => live && setFailure(error instanceof PageTimeout ? 'timeout' : 'error'),
      );
      return () => {
        live = false;
        clearTimeout(timer);
      };
    }, [Page, attempt]);

    if (Page) return <Page {...props} />;
    if (failure) {
      const retry = () => {
        setFailure(null);
        setSlow(false);
        setAttempt((n) => n + 1);
      };
      return <PageError timedOut={failure === 'timeout'} onRetry={retry} />;
    }
    return slow ? <PageLoading /> : null;
  }
  return LazyPage;
}
