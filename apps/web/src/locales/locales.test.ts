import { ERROR_CODES } from '@sm/contract';
import { describe, expect, it } from 'vitest';
import legalEn from '../features/about/legal/en.json';
import legalMy from '../features/about/legal/my.json';
import legalZh from '../features/about/legal/zh.json';
import en from './en.json';
import my from './my.json';
import zh from './zh.json';

type Tree = { [key: string]: string | Tree };

/** Every leaf of a locale as `dotted.key → text`. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|<(\w+)>/g)].map((m) => m[1] ?? m[2]).sort();

// The legal texts load with their own pages; they are checked as part of each locale.
const english = leaves({ ...en, legal: legalEn });
const others = { zh: leaves({ ...zh, legal: legalZh }), my: leaves({ ...my, legal: legalMy }) };

describe('locales', () => {
  for (const [name, other] of Object.entries(others)) {
    it(`${name} has every key of en`, () => {
      expect([...english.keys()].filter((key) => !other.has(key))).toEqual([]);
    });
    it(`${name} has no key that en lacks`, () => {
      expect([...other.keys()].filter((key) => !english.has(key))).toEqual([]);
    });
    it(`${name} has no empty text and keeps en's placeholders and tags`, () => {
      for (const [key, text] of other) {
        expect(text.trim(), key).not.toBe('');
        expect(placeholders(text), key).toEqual(placeholders(english.get(key) ?? ''));
      }
    });
  }

  it('translates every API error code in every locale', () => {
    for (const locale of [english, others.zh, others.my]) {
      for (const code of Object.keys(ERROR_CODES))
        expect(locale.has(`errors.${code}`), code).toBe(true);
    }
  });

  it('has every message of the spec catalogue (§8) in English', () => {
    const catalogue = [
      'Network error',
      'Send failed',
      'Reset failed',
      'Failed',
      'Upload failed',
      'Submit failed',
      'Save failed',
      'Export failed',
      'Please login first',
      'Please login again',
      'Not logged in',
      'Insufficient balance',
      'You can make one withdrawal every 24 hours',
      'You already have a pending withdrawal',
      'Invalid ID',
      'Code sent',
      'Password reset successful',
      'Updated',
      'Deleted',
      'Published',
      'Saved locally',
      'Saved successfully',
      'Copied link',
      'Submitted waiting for review',
      'Invoice ready',
      'No E-Invoice',
      'You are up to date',
      'Please fill in all fields',
      'Passwords do not match',
      'Please agree to the policy',
      'Invalid phone format',
    ];
    const texts = new Set(english.values());
    expect(catalogue.filter((message) => !texts.has(message))).toEqual([]);
  });

  it('labels the tabs in Malay and Chinese as the spec says', () => {
    expect([my.tabs.home, my.tabs.orders, my.tabs.profile]).toEqual([
      'Laman Utama',
      'Pesanan',
      'Profil',
    ]);
    expect([zh.tabs.home, zh.tabs.orders, zh.tabs.profile]).toEqual(['首页', '订单', '我的']);
  });
});
