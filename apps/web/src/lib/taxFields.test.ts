import { LOCALES, TAX_FIELDS } from '@sm/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedT, hasTranslation, loadLocale } from './i18n';
import { missingFieldNames } from './taxFields';

beforeAll(async () => {
  await Promise.all(LOCALES.map(loadLocale));
});

const t = fixedT;

describe('missingFieldNames', () => {
  it('names the missing fields in the merchant’s language', () => {
    const missing = ['tin', 'msicCode', 'addressLines'];
    expect(missingFieldNames(missing, t('en'))).toBe('TIN, MSIC code, address');
    expect(missingFieldNames(missing, t('zh'))).toBe('TIN、MSIC 代码、地址');
    expect(missingFieldNames(missing, t('my'))).toBe('TIN, kod MSIC, alamat');
  });

  it('lists them in the form’s order, each once, whatever order the server sent', () => {
    expect(missingFieldNames(['stateCode', 'tin', 'postcode', 'tin'], t('en'))).toBe(
      'TIN, postcode, state',
    );
  });

  it('has a name for every field of the contract in every language', () => {
    for (const lng of LOCALES) {
      for (const field of TAX_FIELDS)
        expect(hasTranslation(`taxDetails.fields.${field}`, lng)).toBe(true);
    }
  });

  it('still names a field this build does not know, as the server calls it', () => {
    expect(missingFieldNames(['tin', 'countryCode'], t('en'))).toBe('TIN, countryCode');
  });

  it('is empty when nothing is missing', () => {
    expect(missingFieldNames([], t('en'))).toBe('');
  });
});
