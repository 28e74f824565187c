import { PATHS } from '../lib/paths';
import { Navigate, Router } from '../lib/router';
import { RootLayout, RoutePage } from './RootLayout';
import { type AppRoute, ROUTES } from './routes';

/** Paths match without regard to case or a trailing slash, as they did under react-router. */
const normal = (pathname: string) => pathname.replace(/(.)\/+$/, '$1').toLowerCase();
const ROUTE_AT = new Map<string, AppRoute>(ROUTES.map((route) => [normal(route.path), route]));

/** Every route of the spec inside the shell; an unknown path goes home. */
export function AppRoutes() {
  return (
    <Router>
      {(location) => {
        const route = ROUTE_AT.get(normal(location.pathname));
        return (
          <RootLayout>
            {route ? <RoutePage route={route} /> : <Navigate to={PATHS.home} replace />}
          </RootLayout>
        );
      }}
    </Router>
  );
}
