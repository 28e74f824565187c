import { createHashRouter, Navigate } from 'react-router';
import { RootLayout, RoutePage } from './RootLayout';
import { PATHS } from '../lib/paths';
import { ROUTES } from './routes';

export const router = createHashRouter([
  {
    element: <RootLayout />,
    children: [
      ...ROUTES.map((route) => ({ path: route.path, element: <RoutePage route={route} /> })),
      { path: '*', element: <Navigate to={PATHS.home} replace /> },
    ],
  },
]);
