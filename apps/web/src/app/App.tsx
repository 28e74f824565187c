import { QueryClientProvider } from '@tanstack/react-query';
import ConfigProvider, { setDefaultConfig } from 'antd-mobile/es/components/config-provider';
import { useEffect } from 'react';
import { useTranslation } from '../lib/i18n';
import { afterNextPaint } from '../lib/afterNextPaint';
import { antdLocales } from '../lib/antd-locales';
import { queryClient } from '../lib/queryClient';
import { afterFirstPaint } from './afterFirstPaint';
import { AppRoutes } from './router';

export function App() {
  const locale = antdLocales[useTranslation().locale];
  // Imperative Toast and Dialog render outside the provider; they read the default config.
  useEffect(() => setDefaultConfig({ locale }), [locale]);
  useEffect(() => afterNextPaint(afterFirstPaint), []);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={locale}>
        <AppRoutes />
      </ConfigProvider>
    </QueryClientProvider>
  );
}
