import { PAGE_LOADING_DELAY_MS } from '@sm/contract';
import { type ComponentType, useEffect, useState } from 'react';
import { useTranslation } from '../i18n';
import { LoadTimeout, loadOnce } from '../lazyModule';
import { PageFailure } from './PageFailure';
import { Spinner } from './Spinner';

function Loading() {
  const { t } = useTranslation();
  return (
    <div className="page-state" role="status">
      <Spinner />
      <p>{t('common.loading')}</p>
    </div>
  );
}

/** What loads: a page, or a form in a sheet; the failure names it. */
type Kind = 'page' | 'form';

function LoadError({
  kind,
  timedOut,
  onRetry,
}: {
  kind: Kind;
  timedOut: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const title =
    kind === 'form'
      ? t(timedOut ? 'page.formLoadTimedOut' : 'page.formLoadFailed')
      : t(timedOut ? 'page.loadTimedOut' : 'page.loadFailed');
  return <PageFailure title={title} hint={t('page.loadFailedHint')} onRetry={onRetry} />;
}

/**
 * A component whose code loads on demand, and can be asked to start loading earlier (`preload`),
 * or waited for: `whenLoaded` starts the load too, and settles once the code is here or has
 * failed (never rejects; the component then shows the failure).
 */
export type LazyComponent<P> = ComponentType<P> & {
  preload: () => void;
  whenLoaded: () => Promise<void>;
};

/**
 * A component whose code is a chunk of its own (a page, a sheet's form), loaded when it first
 * renders or when `preload` is called. Nothing shows for the first 200 ms, then a loading
 * placeholder; a failed or 60 s-late load shows an error with Retry, and loses nothing around it.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  kind: Kind = 'page',
): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  const start = loadOnce(() => load().then((module) => (loaded = module.default)));

  function Lazy(props: P) {
    const [Component, setComponent] = useState<ComponentType<P> | null>(() => loaded);
    const [attempt, setAttempt] = useState(0);
    const [slow, setSlow] = useState(false);
    const [failure, setFailure] = useState<'error' | 'timeout' | null>(null);

    useEffect(() => {
      if (Component) return;
      let live = true;
      const timer = setTimeout(() => live && setSlow(true), PAGE_LOADING_DELAY_MS);
      start().then(
        (component) => live && setComponent(() => component),
        (error: unknown) => live && setFailure(error instanceof LoadTimeout ? 'timeout' : 'error'),
      );
      return () => {
        live = false;
        clearTimeout(timer);
      };
    }, [Component, attempt]);

    if (Component) return <Component {...props} />;
    if (failure) {
      const retry = () => {
        setFailure(null);
        setSlow(false);
        setAttempt((n) => n + 1);
      };
      return <LoadError kind={kind} timedOut={failure === 'timeout'} onRetry={retry} />;
    }
    return slow ? <Loading /> : null;
  }
  return Object.assign(Lazy, {
    // A failed early load is not an error yet: the render tries again and shows it.
    preload: () => void start().catch(() => {}),
    whenLoaded: () =>
      start().then(
        () => {},
        () => {},
      ),
  });
}
