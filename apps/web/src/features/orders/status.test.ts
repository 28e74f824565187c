import { ORDER_STATUSES } from '@sm/contract';
import { describe, expect, it } from 'vitest';
import { canInvoice, merchantActions, percent, upcomingStatuses } from './status';

describe('merchantActions', () => {
  it('offers the fulfilment steps and cancel the state machine allows', () => {
    expect(merchantActions('pending_payment')).toEqual({
      next: null,
      cancel: 'canceled',
      slip: false,
    });
    expect(merchantActions('paid')).toEqual({
      next: 'ready_for_pickup',
      cancel: 'canceled_refunded',
      slip: true,
    });
    expect(merchantActions('ready_for_pickup')).toEqual({
      next: 'in_transit',
      cancel: 'canceled_refunded',
      slip: true,
    });
    expect(merchantActions('in_transit')).toEqual({ next: 'completed', cancel: null, slip: true });
    for (const done of ['completed', 'canceled', 'canceled_refunded'] as const)
      expect(merchantActions(done)).toEqual({ next: null, cancel: null, slip: false });
  });
});

describe('upcomingStatuses', () => {
  it('lists the steps still ahead on the way to Completed', () => {
    expect(upcomingStatuses('pending_payment')).toEqual([
      'paid',
      'ready_for_pickup',
      'in_transit',
      'completed',
    ]);
    expect(upcomingStatuses('ready_for_pickup')).toEqual(['in_transit', 'completed']);
    expect(upcomingStatuses('completed')).toEqual([]);
  });

  it('never leads to a cancel, and ends for every status', () => {
    for (const status of ORDER_STATUSES) {
      const ahead = upcomingStatuses(status);
      expect(ahead).not.toContain('canceled');
      expect(ahead).not.toContain('canceled_refunded');
    }
    expect(upcomingStatuses('canceled')).toEqual([]);
  });
});

describe('helpers', () => {
  it('allows an invoice once paid and not refunded', () => {
    expect(canInvoice('pending_payment')).toBe(false);
    expect(canInvoice('paid')).toBe(true);
    expect(canInvoice('completed')).toBe(true);
    expect(canInvoice('canceled_refunded')).toBe(false);
  });

  it('shows basis points as a percentage', () => {
    expect(percent(500)).toBe('5%');
    expect(percent(250)).toBe('2.5%');
  });
});
