import { DEFAULT_LOCALE, type Locale, LOCALES } from '@sm/contract';
import { isString, storage } from '../lib/storage';
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

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/** The language the merchant chose (local storage), else the default. */
export function storedLocale(): Locale {
  const saved = storage.get('locale', isString);
  return isLocale(saved) ? saved : DEFAULT_LOCALE;
}
