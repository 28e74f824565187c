import { DEFAULT_LOCALE, type Locale, LOCALES } from '@sm/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLocale, LOCALE_LOADERS, storedLocale } from '../locales/load';
import { storage } from './storage';

/**
 * Only the chosen language's texts load (about 15 KB gzip each), English's too: the boot asks for
 * them beside the app's code (boot.ts), so nobody downloads languages they never see. Every
 * language has every key (locales.test.ts), so English is never needed as a fallback.
 */
async function loadLocale(locale: Locale): Promise<void> {
  if (i18next.hasResourceBundle(locale, 'translation')) return;
  const { default: translation } = await LOCALE_LOADERS[locale]();
  i18next.addResourceBundle(locale, 'translation', translation);
}

/** BCP 47 tags for <html lang>: Malay is `ms` (`my` would be Burmese), Chinese is simplified. */
export const HTML_LANG: Record<Locale, string> = { en: 'en', zh: 'zh-CN', my: 'ms' };

/** The page's language and the window title (the translated app name) follow the language. */
function applyLanguage(language: string) {
  if (typeof document === 'undefined' || !isLocale(language)) return;
  document.documentElement.lang = HTML_LANG[language];
  document.title = i18next.t('app.name', { lng: language });
}

/** Ready once the stored language's texts are in (asked for by the boot, beside the app). */
export async function initI18n(): Promise<typeof i18next> {
  let lng = storedLocale();
  void i18next.use(initReactI18next).init({
    resources: {},
    lng: DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  // Offline without the chunk cached: English, rather than no app at all.
  await loadLocale(lng).catch(async () => {
    lng = DEFAULT_LOCALE;
    await loadLocale(lng).catch(() => {
      // Nothing cached at all: the keys, rather than no app.
    });
  });
  await i18next.changeLanguage(lng);
  applyLanguage(lng);
  i18next.on('languageChanged', applyLanguage);
  return i18next;
}

/** Applies a language at once and keeps it for the next visit (local storage key `locale`). */
export async function setLocale(locale: Locale): Promise<void> {
  await loadLocale(locale);
  storage.set('locale', locale);
  await i18next.changeLanguage(locale);
}

export const currentLocale = (): Locale =>
  isLocale(i18next.language) ? i18next.language : DEFAULT_LOCALE;
