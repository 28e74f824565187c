import { describe, expect, it, vi } from 'vitest';
import {
  currentLocale,
  fixedT,
  hasTranslation,
  loadLocale,
  onLocaleChange,
  setLocale,
  translate,
  type TranslationKey,
} from './i18n';

describe('the translator', () => {
  it('fills values and picks the plural form by the language’s rules', async () => {
    await Promise.all([loadLocale('en'), loadLocale('zh')]);
    const en = fixedT('en');
    expect(en('records.ordersCount', { count: 1 })).toBe('1 order');
    expect(en('records.ordersCount', { count: 0 })).toBe('0 orders');
    expect(en('records.ordersCount', { count: 12 })).toBe('12 orders');
    // Chinese has one form, `other`.
    expect(fixedT('zh')('records.ordersCount', { count: 1 })).toBe('1 笔订单');
    expect(en('bank.rejectedReason', { reason: 'name differs' })).toMatch(
      /^Rejected: name differs\./,
    );
  });

  it('reads a value not given as nothing, and a key it lacks as the key', async () => {
    await loadLocale('en');
    const en = fixedT('en');
    expect(en('bank.rejectedReason', {})).toMatch(/^Rejected: \./);
    expect(en('no.such.key' as TranslationKey)).toBe('no.such.key');
    expect(en('records' as TranslationKey)).toBe('records');
    expect(hasTranslation('records.ordersCount_one', 'en')).toBe(true);
    expect(hasTranslation('records', 'en')).toBe(false);
  });

  it('follows the chosen language and tells whoever listens, once per change', async () => {
    const heard = vi.fn();
    const stop = onLocaleChange(heard);
    try {
      await setLocale('my');
      await setLocale('my');
      expect(currentLocale()).toBe('my');
      expect(translate('records.ordersCount', { count: 1 })).toBe('1 pesanan');
      expect(translate('records.ordersCount', { count: 1, lng: 'en' })).toBe('1 order');
      await setLocale('en');
      expect(heard.mock.calls).toEqual([['my'], ['en']]);
    } finally {
      stop();
    }
    // The same function for a language each time: a dependency that changes with the language.
    expect(fixedT('en')).toBe(fixedT('en'));
    expect(fixedT('en')).not.toBe(fixedT('my'));
  });
});
