import { createHashRouter, Navigate } from 'react-router';
import { RootLayout, RoutePage } from './RootLayout';
import { HOME_PATH, ROUTES } from './routes';

export const router = createHashRouter([
  {
    element: <RootLayout />,
    children: [
      ...ROUTES.map((route) => ({ path: route.path, element: <RoutePage route={route} /> })),
      { path: '*', element: <Navigate to={HOME_PATH} replace /> },
    ],
  },
]);
