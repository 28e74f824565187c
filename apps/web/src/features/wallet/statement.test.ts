import { describe, expect, it } from 'vitest';
import { formatSigned, readFilter, STATEMENT_FILTERS } from './statement';

describe('statement', () => {
  it('signs credits and debits', () => {
    expect(formatSigned(50_000)).toBe('+RM 500.00');
    expect(formatSigned(-12_050)).toBe('-RM 120.50');
    expect(formatSigned(0)).toBe('RM 0.00');
  });

  it('reads the filter from the address; anything unknown is All', () => {
    expect(readFilter('withdrawal')).toBe('withdrawal');
    expect(readFilter('refund_received')).toBe('refund_received');
    expect(readFilter(undefined)).toBe('all');
    expect(readFilter('payment')).toBe('all');
    expect(readFilter('nonsense')).toBe('all');
  });

  it('offers All and the spec’s five types, in its order', () => {
    expect(STATEMENT_FILTERS).toEqual([
      'all',
      'withdrawal',
      'deposit',
      'service_fee',
      'sales_revenue',
      'refund_received',
    ]);
  });
});
