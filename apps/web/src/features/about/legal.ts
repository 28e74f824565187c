import type { Locale } from '@sm/contract';
import { queryOptions } from '@tanstack/react-query';
import type en from './legal/en.json';

export type LegalTexts = typeof en;

/**
 * The terms, the privacy policy and the FAQ are long, and a merchant reads them in one language:
 * each language's texts are a chunk of their own, loaded when one of these pages first shows.
 */
const LOADERS: Record<Locale, () => Promise<{ default: LegalTexts }>> = {
  en: () => import('./legal/en.json'),
  zh: () => import('./legal/zh.json'),
  my: () => import('./legal/my.json'),
};

/** Built into the app: once loaded, never stale. */
export const legalTextsQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['legalTexts', locale],
    queryFn: async () => (await LOADERS[locale]()).default,
    staleTime: Infinity,
    gcTime: Infinity,
  });
