import { DEFAULT_LOCALE, type Locale } from '@sm/contract';
import { useSyncExternalStore } from 'react';
import { LOCALE_LOADERS, storedLocale } from '../locales/load';
import type en from '../locales/en.json';
import { storage } from './storage';

/**
 * The app's translator: nested keys, `{{name}}` values and `_one` / `_other` plurals, the part of
 * i18next the texts use. i18next and react-i18next were 22.6 KB gzip of the shell every page
 * loads, and 14–17 ms of script at every start before the first paint (issue 19).
 */

type Messages = typeof en;
type PluralForm = Intl.LDMLPluralRule;

/** Every key of en.json that leads to a text; `x` too when the texts are `x_one` and `x_other`. */
type KeysOf<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${K}` | (K extends `${infer Base}_${PluralForm}` ? `${Prefix}${Base}` : never)
    : KeysOf<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Translation keys are typed from en.json: a missing key fails `tsc`, not the user. */
export type TranslationKey = KeysOf<Messages>;

/** `count` picks the plural form; `lng` another loaded language; the rest fill `{{name}}`. */
export type TOptions = { count?: number; lng?: Locale } & Record<string, unknown>;

export type TFunction = (key: TranslationKey, options?: TOptions) => string;

const loaded: Partial<Record<Locale, Messages>> = {};
let current: Locale = DEFAULT_LOCALE;
const listeners = new Set<(locale: Locale) => void>();

/** The node at a dotted path, or undefined. */
function lookup(tree: unknown, path: string): unknown {
  let node = tree;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** BCP 47 tags for <html lang>: Malay is `ms` (`my` would be Burmese), Chinese is simplified. */
export const HTML_LANG: Record<Locale, string> = { en: 'en', zh: 'zh-CN', my: 'ms' };

const pluralRules = new Map<Locale, Intl.PluralRules>();
function pluralForm(locale: Locale, count: number): PluralForm {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(HTML_LANG[locale]);
    pluralRules.set(locale, rules);
  }
  return rules.select(count);
}

const VALUE = /\{\{\s*(\w+)\s*\}\}/g;

/** The text of `key` in `locale`; the key itself when there is none (every language has them all). */
function translateIn(locale: Locale, key: string, options?: TOptions): string {
  const tree = loaded[locale];
  let text: unknown;
  if (typeof options?.count === 'number') {
    text =
      lookup(tree, `${key}_${pluralForm(locale, options.count)}`) ?? lookup(tree, `${key}_other`);
  }
  text ??= lookup(tree, key);
  if (typeof text !== 'string') return key;
  if (!options) return text;
  // A value not given reads as nothing, as under i18next; nothing is escaped: React does that.
  return text.replace(VALUE, (_, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

const fixed = new Map<Locale, TFunction>();
/** A translator bound to one language; the same function each time, so it can be a dependency. */
export function fixedT(locale: Locale): TFunction {
  let t = fixed.get(locale);
  if (!t) {
    t = (key, options) => translateIn(options?.lng ?? locale, key, options);
    fixed.set(locale, t);
  }
  return t;
}

/** Translates in the current language (or `options.lng`): for code outside React's render. */
export const translate: TFunction = (key, options) => fixedT(current)(key, options);

/** Whether the current language has a text at `key` (a code the server sent, say). */
export const hasTranslation = (key: string, locale: Locale = current): boolean =>
  typeof lookup(loaded[locale], key) === 'string';

/** The raw node at `path` in the current language, else in English, when loaded. */
export const messagesAt = (path: string): unknown =>
  lookup(loaded[current], path) ?? lookup(loaded.en, path);

export const currentLocale = (): Locale => current;

/** Calls `listener` after each change of language; answers how to stop. */
export function onLocaleChange(listener: (locale: Locale) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Only the chosen language's texts load (about 15 KB gzip each), English's too: the boot asks for
 * them beside the app's code (boot.ts), so nobody downloads languages they never see. Every
 * language has every key (locales.test.ts), so English is never needed as a fallback.
 */
export async function loadLocale(locale: Locale): Promise<void> {
  if (loaded[locale]) return;
  const { default: messages } = await LOCALE_LOADERS[locale]();
  loaded[locale] = messages;
}

function changeLocale(locale: Locale) {
  if (locale === current) return;
  current = locale;
  for (const listener of listeners) listener(locale);
}

/** The page's language and the window title (the translated app name) follow the language. */
function applyLanguage(locale: Locale) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = HTML_LANG[locale];
  document.title = translateIn(locale, 'app.name');
}

/** Ready once the stored language's texts are in (asked for by the boot, beside the app). */
export async function initI18n(): Promise<void> {
  let locale = storedLocale();
  // Offline without the chunk cached: English, rather than no app at all.
  await loadLocale(locale).catch(async () => {
    locale = DEFAULT_LOCALE;
    await loadLocale(locale).catch(() => {
      // Nothing cached at all: the keys, rather than no app.
    });
  });
  changeLocale(locale);
  applyLanguage(locale);
  onLocaleChange(applyLanguage);
}

/** Applies a language at once and keeps it for the next visit (local storage key `locale`). */
export async function setLocale(locale: Locale): Promise<void> {
  await loadLocale(locale);
  storage.set('locale', locale);
  changeLocale(locale);
}

const subscribe = (onChange: () => void) => onLocaleChange(onChange);

/** The current language's translator and the language; a change of language renders again. */
export function useTranslation(): { t: TFunction; locale: Locale } {
  const locale = useSyncExternalStore(subscribe, currentLocale);
  return { t: fixedT(locale), locale };
}
