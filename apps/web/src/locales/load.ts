import type { Locale } from '@sm/contract';
import type en from './en.json';

/**
 * Each language is its own chunk, English too: a page needs only the chosen one's texts. The boot
 * asks for it at once, beside the app's code, so it arrives with the first paint (lib/i18n.ts
 * waits for it before the first render, so no key or other language shows).
 */
export const LOCALE_LOADERS: Record<Locale, () => Promise<{ default: typeof en }>> = {
  en: () => import('./en.json'),
  zh: () => import('./zh.json'),
  my: () => import('./my.json'),
};
