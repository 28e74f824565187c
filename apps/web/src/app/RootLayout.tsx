import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo } from 'react';
import { PATHS } from '../lib/paths';
import { setUnauthorizedHandler } from '../lib/request';
import { Navigate, useLocation, useSearchParams } from '../lib/router';
import { forgetSession, getMerchantInfo, meQueryOptions, useMerchantInfo } from '../lib/session';
import { afterNextPaint } from '../lib/afterNextPaint';
import { PageBoundary } from './PageBoundary';
import { PageFrame } from './PageFrame';
import { type AppRoute, isPublicPath } from './routes';

/**
 * Shell around every route: the session's background refresh, the live events, losing the
 * session.
 */
export function RootLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const merchantInfo = useMerchantInfo();

  useEffect(() => {
    // Any request answered 401 "not logged in / expired": forget the marker; the guard then
    // sends a protected page to login, where 'Please login again' stays until the next sign-in
    // (a toast there was easily missed, by merchants and by the browser tests alike).
    setUnauthorizedHandler(() => {
      if (getMerchantInfo() === null) {
        // A later 401 of the same loss (or after a sign-out): leave the notice as it is.
        queryClient.removeQueries();
        return;
      }
      forgetSession(queryClient, isPublicPath(pathname) ? undefined : 'expired');
    });
    return () => setUnauthorizedHandler(undefined);
  }, [queryClient, pathname]);

  // On start (and when the tab comes back) a signed-in merchant's profile is refreshed quietly.
  useQuery({ ...meQueryOptions(), enabled: merchantInfo !== null });

  // One live event stream per signed-in merchant, for as long as the app runs. Opened once the
  // first screen has painted: a request before it only competes with the page's own (home's
  // greeting is painted from local storage, its data asked for by the boot). What the page
  // fetched before the stream opened is caught up then (liveEvents.ts).
  const merchantId = merchantInfo?.id;
  useEffect(() => {
    if (!merchantId) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    const cancelWait = afterNextPaint(() => {
      import('./liveEvents').then(
        ({ startLiveEvents }) => {
          if (!cancelled) stop = startLiveEvents(queryClient, merchantId);
        },
        () => {
          // Without the stream (its code failed to load) pages still refresh on focus and reload.
        },
      );
    });
    return () => {
      cancelled = true;
      cancelWait();
      stop?.();
    };
  }, [merchantId, queryClient]);

  return children;
}

/** One route's page: the sign-in guard (checked on every render: load, route change, page show). */
export function RoutePage({ route }: { route: AppRoute }) {
  const merchantInfo = useMerchantInfo();
  const { key } = useLocation();
  const [params] = useSearchParams();
  const query = useMemo(() => Object.fromEntries(params), [params]);
  if (!route.public && !merchantInfo) return <Navigate to={PATHS.login} replace />;
  if (route.guestOnly && merchantInfo) return <Navigate to={PATHS.home} replace />;
  const Page = route.page;
  return (
    <PageFrame route={route} query={query}>
      <PageBoundary resetKey={key}>
        <Page query={query} />
      </PageBoundary>
    </PageFrame>
  );
}
