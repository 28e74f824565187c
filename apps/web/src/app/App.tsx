import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import ConfigProvider, { setDefaultConfig } from 'antd-mobile/es/components/config-provider';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { antdLocales } from '../lib/antd-locales';
import { isLocale } from '../lib/i18n';
import { apiErrorCode } from '../lib/request';
import { router } from './router';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A coded API answer (4xx/5xx with a code) will not change on retry; network trouble may.
      retry: (count, error) => apiErrorCode(error) === null && count < 2,
    },
  },
});

export function App() {
  const { i18n } = useTranslation();
  const locale = antdLocales[isLocale(i18n.language) ? i18n.language : 'en'];
  // Imperative Toast and Dialog render outside the provider; they read the default config.
  useEffect(() => setDefaultConfig({ locale }), [locale]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={locale}>
        <RouterProvider router={router} />
      </ConfigProvider>
    </QueryClientProvider>
  );
}
