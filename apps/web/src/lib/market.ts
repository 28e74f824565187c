import type { BuyerRecord, CancelReason, OrderStatus } from '@sm/contract';
import type { TFunction } from './i18n';

/**
 * A buyer's record (PRODUCT.md §4a) as one short line, for a bid, a winner or an order:
 * `12 paid · 11 on time · 1 default`, or `New buyer` before any paid or defaulted order.
 */
export function buyerRecordText(t: TFunction, record: BuyerRecord): string {
  if (record.ordersPaid === 0 && record.defaults === 0) return t('buyerRecord.newBuyer');
  return [
    t('buyerRecord.paid', { count: record.ordersPaid }),
    t('buyerRecord.onTime', { count: record.paidOnTime }),
    t('buyerRecord.defaults', { count: record.defaults }),
  ].join(' · ');
}

/** A canceled order reads as Defaulted when the buyer's default canceled it, else as its status. */
export const orderStatusKey = (status: OrderStatus, cancelReason: CancelReason | null = null) =>
  status === 'canceled' && cancelReason === 'default'
    ? ('orderStatus.defaulted' as const)
    : (`orderStatus.${status}` as const);
