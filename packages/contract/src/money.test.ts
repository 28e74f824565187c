import { describe, expect, it } from 'vitest';
import {
  amountOf,
  feeOf,
  formatKg,
  formatRM,
  parseKg,
  parseRM,
  readKg,
  readRM,
  senToInput,
  tenthsToInput,
} from './money.js';

describe('money and quantities', () => {
  it('multiplies kg by price and rounds half-up once', () => {
    expect(amountOf(125, 1230)).toBe(15375); // 12.5 kg × RM 12.30 = RM 153.75
    expect(amountOf(1, 15)).toBe(2); // 0.1 kg × RM 0.15 = 1.5 sen → 2
    expect(amountOf(1, 14)).toBe(1);
    expect(amountOf(1_000_000, 1_000_000)).toBe(100_000_000_000);
  });
  it('takes a fee in basis points, half-up', () => {
    expect(feeOf(15375, 500)).toBe(769); // 768.75
    expect(feeOf(10, 500)).toBe(1); // 0.5 → 1
    expect(feeOf(0, 500)).toBe(0);
  });
  it('formats ringgit and kg', () => {
    expect(formatRM(123450)).toBe('RM 1,234.50');
    expect(formatRM(5)).toBe('RM 0.05');
    expect(formatRM(-1200)).toBe('-RM 12.00');
    expect(formatRM(100_000_000_000)).toBe('RM 1,000,000,000.00');
    expect(formatKg(125)).toBe('12.5');
    expect(formatKg(12_000)).toBe('1,200');
  });
  it('parses what a person types', () => {
    expect(parseRM('12.3')).toBe(1230);
    expect(parseRM('RM 1,234.50')).toBe(123450);
    expect(parseRM('12')).toBe(1200);
    expect(parseRM('12.345')).toBeNull();
    expect(parseRM('-1')).toBeNull();
    expect(parseRM('abc')).toBeNull();
    expect(parseKg('12.5')).toBe(125);
    expect(parseKg('12.55')).toBeNull();
    expect(parseKg('3 kg')).toBe(30);
    expect(parseKg('')).toBeNull();
  });
  it('says why a typed number is not read', () => {
    // Malaysia writes decimals with a dot: "12,50" is refused, not read as RM 1,250.00.
    expect(readRM('12,50')).toEqual({ problem: 'DECIMAL_COMMA' });
    expect(parseRM('12,50')).toBeNull();
    expect(readKg('10,5')).toEqual({ problem: 'DECIMAL_COMMA' });
    expect(readRM('1,2,3')).toEqual({ problem: 'DECIMAL_COMMA' });
    // Thousands separators stay welcome.
    expect(readRM('1,250')).toEqual({ value: 125_000 });
    expect(readKg('12,345.5')).toEqual({ value: 123_455 });
    expect(readKg('10.55')).toEqual({ problem: 'TOO_MANY_DECIMALS' });
    expect(readRM('12.505')).toEqual({ problem: 'TOO_MANY_DECIMALS' });
    expect(readRM('.5')).toEqual({ value: 50 });
    expect(readRM('12.')).toEqual({ value: 1200 });
    for (const text of ['', '.', 'abc', '-1', '1 250', '1234567890'])
      expect(readRM(text), text).toEqual({ problem: 'NOT_A_NUMBER' });
  });
  it('round-trips into form fields', () => {
    expect(senToInput(1230)).toBe('12.30');
    expect(parseRM(senToInput(5))).toBe(5);
    expect(tenthsToInput(125)).toBe('12.5');
    expect(tenthsToInput(120)).toBe('12');
  });
});
