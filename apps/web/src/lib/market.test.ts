import { LOCALES, NO_RECORD } from '@sm/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedT, loadLocale, translate } from './i18n';
import { buyerRecordText, orderStatusKey } from './market';

beforeAll(async () => {
  await Promise.all(LOCALES.map(loadLocale));
});

const t = fixedT;

describe('buyerRecordText', () => {
  it('says paid, on time and defaults in one short line', () => {
    const record = { ordersPaid: 12, paidOnTime: 11, defaults: 1 };
    expect(buyerRecordText(t('en'), record)).toBe('12 paid · 11 on time · 1 default');
    expect(buyerRecordText(t('en'), { ...record, defaults: 2 })).toBe(
      '12 paid · 11 on time · 2 defaults',
    );
    expect(buyerRecordText(t('zh'), record)).toBe('已付 12 单 · 准时 11 单 · 违约 1 单');
    expect(buyerRecordText(t('my'), record)).toBe('12 dibayar · 11 tepat masa · 1 gagal bayar');
  });

  it('calls a buyer with no paid and no defaulted order new', () => {
    expect(buyerRecordText(t('en'), NO_RECORD)).toBe('New buyer');
    expect(buyerRecordText(t('my'), NO_RECORD)).toBe('Pembeli baharu');
  });

  it('still tells a buyer whose only orders were defaults', () => {
    expect(buyerRecordText(t('en'), { ordersPaid: 0, paidOnTime: 0, defaults: 1 })).toBe(
      '0 paid · 0 on time · 1 default',
    );
  });
});

describe('orderStatusKey', () => {
  it('reads a cancel by default as Defaulted and anything else as its status', () => {
    expect(orderStatusKey('canceled', 'default')).toBe('orderStatus.defaulted');
    expect(orderStatusKey('canceled', 'merchant')).toBe('orderStatus.canceled');
    expect(orderStatusKey('canceled')).toBe('orderStatus.canceled');
    expect(orderStatusKey('pending_payment', null)).toBe('orderStatus.pending_payment');
    expect(translate(orderStatusKey('canceled', 'default'))).toBe('Defaulted');
  });
});
