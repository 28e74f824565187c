import { DEFAULT_LOCALE, type Locale, LOCALES } from '@sm/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import my from '../locales/my.json';
import zh from '../locales/zh.json';
import { isString, storage } from './storage';

export const resources = {
  en: { translation: en },
  zh: { translation: zh },
  my: { translation: my },
} as const;

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/** BCP 47 tags for <html lang>: Malay is `ms` (`my` would be Burmese), Chinese is simplified. */
const HTML_LANG: Record<Locale, string> = { en: 'en', zh: 'zh-CN', my: 'ms' };

function storedLocale(): Locale {
  const saved = storage.get('locale', isString);
  return isLocale(saved) ? saved : DEFAULT_LOCALE;
}

/** The page's language and the window title (the translated app name) follow the language. */
function applyLanguage(language: string) {
  if (typeof document === 'undefined' || !isLocale(language)) return;
  document.documentElement.lang = HTML_LANG[language];
  document.title = i18next.t('app.name', { lng: language });
}

export function initI18n(): typeof i18next {
  const lng = storedLocale();
  void i18next.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  applyLanguage(lng);
  i18next.on('languageChanged', applyLanguage);
  return i18next;
}

/** Applies a language at once and keeps it for the next visit (local storage key `locale`). */
export async function setLocale(locale: Locale): Promise<void> {
  storage.set('locale', locale);
  await i18next.changeLanguage(locale);
}

export const currentLocale = (): Locale =>
  isLocale(i18next.language) ? i18next.language : DEFAULT_LOCALE;
