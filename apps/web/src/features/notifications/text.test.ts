import {
  NOTIFICATION_TEXT_KEYS,
  type NotificationData,
  notificationTarget,
  notificationText,
  type NotificationType,
} from '@sm/contract';
import { describe, expect, it } from 'vitest';
import { lotDetailPath, orderDetailPath, PATHS } from '../../lib/paths';
import en from '../../locales/en.json';
import my from '../../locales/my.json';
import zh from '../../locales/zh.json';
import { formatAgo } from './text';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);

describe('notification texts', () => {
  it('has a title and a sentence for every text key, in every language, using only given values', () => {
    const lot = { lotName: 'Pomfret', quantity: 1000, awardedAmount: 10_500 };
    const samples: [NotificationType, NotificationData][] = [
      ['new_bid', { lotName: 'Pomfret', price: 2100, quantity: 50 }],
      ['lot_ended', { ...lot, endReason: 'time', awardedQuantity: 50 }],
      ['lot_ended', { ...lot, endReason: 'buyout', awardedQuantity: 1000 }],
      ['lot_ended', { ...lot, endReason: 'time', awardedQuantity: 0 }],
      ['order_paid', { orderNumber: 'SO20260115000001', amount: 10_500, lotName: 'Pomfret' }],
      ['order_defaulted', { orderNumber: 'SO20260115000001', lotName: 'Pomfret', quantity: 100 }],
      ['payout_completed', { amount: 19_400, orders: 1 }],
      ['withdrawal_reviewed', { amount: 5_000, status: 'completed', reason: null }],
      ['withdrawal_reviewed', { amount: 5_000, status: 'rejected', reason: 'Name' }],
      ['bank_account_reviewed', { status: 'verified', reason: null }],
      ['bank_account_reviewed', { status: 'rejected', reason: 'Closed' }],
      ['business_reviewed', { status: 'verified', reason: null }],
      ['business_reviewed', { status: 'rejected', reason: 'Unreadable' }],
      ['sign_in_locked', { address: '203.0.113.20' }],
      ['print_failed', { printerName: 'Kaunter', reason: 'not_fetched', jobs: 1 }],
      ['print_failed', { printerName: 'Kaunter', reason: 'not_confirmed', jobs: 1 }],
      ['print_failed', { printerName: 'Kaunter', reason: '520', jobs: 2, orderNumber: null }],
    ];
    const varsOf = new Map<string, Record<string, string>>();
    for (const [type, data] of samples) {
      const { key, vars } = notificationText(type, data);
      varsOf.set(key, vars);
    }
    expect([...varsOf.keys()].sort()).toEqual([...NOTIFICATION_TEXT_KEYS].sort());
    for (const locale of [en, zh, my]) {
      for (const key of NOTIFICATION_TEXT_KEYS) {
        const text = locale.notifications.text[key];
        expect(text.title, key).toBeTruthy();
        // Every value a text shows is given, and not empty.
        for (const name of placeholders(text.body))
          expect(varsOf.get(key)?.[name ?? ''], `${key}: ${name}`).toBeTruthy();
      }
    }
  });

  it('opens the same routes the app declares', () => {
    const ids = { lotId: 'lot-1', orderId: 'order-1' };
    expect(notificationTarget({ type: 'new_bid', ...ids })).toBe(lotDetailPath('lot-1'));
    expect(notificationTarget({ type: 'lot_ended', ...ids })).toBe(lotDetailPath('lot-1'));
    expect(notificationTarget({ type: 'order_paid', ...ids })).toBe(orderDetailPath('order-1'));
    // A default's kg are back on the lot: its page offers them to the next bidders or relists them.
    expect(notificationTarget({ type: 'order_defaulted', ...ids })).toBe(lotDetailPath('lot-1'));
    expect(notificationTarget({ type: 'withdrawal_reviewed', ...ids })).toBe(PATHS.wallet);
    expect(notificationTarget({ type: 'bank_account_reviewed', ...ids })).toBe(PATHS.bankAccount);
    expect(notificationTarget({ type: 'business_reviewed', ...ids })).toBe(PATHS.store);
    // A print that failed: Printer setup shows the printer's state and its jobs.
    expect(notificationTarget({ type: 'print_failed', ...ids })).toBe(PATHS.printer);
  });

  it('says how long ago in the app’s language, then the date after a week', () => {
    const now = Date.parse('2026-01-15T04:00:00Z');
    const ago = (ms: number, locale: 'en' | 'zh' | 'my' = 'en') =>
      formatAgo(new Date(now - ms).toISOString(), now, locale);
    expect(ago(30_000)).toBeNull();
    expect(ago(5 * 60_000)).toBe('5 minutes ago');
    expect(ago(3 * 3_600_000)).toBe('3 hours ago');
    expect(ago(26 * 3_600_000)).toBe('yesterday');
    expect(ago(5 * 60_000, 'zh')).toBe('5分钟前');
    expect(ago(5 * 60_000, 'my')).toBe('5 minit lalu');
    expect(ago(8 * 24 * 3_600_000)).toMatch(/7 Jan 2026/);
  });
});
