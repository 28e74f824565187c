import { MERCHANT_EVENT_TYPES, type MerchantEvent } from '@sm/contract';

const isIdOrNull = (value: unknown) => value === null || typeof value === 'string';

/**
 * A message of the merchant's event stream (the contract's `merchantEvent`), or null for anything
 * else. A plain check, not the contract's zod schema: the stream opens on every signed-in page and
 * zod is not worth loading for five fields. Each feature then picks the events it cares about.
 */
export function parseMerchantEvent(data: string): MerchantEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  const event = value as Partial<MerchantEvent> | null;
  if (
    typeof event !== 'object' ||
    event === null ||
    !(MERCHANT_EVENT_TYPES as readonly string[]).includes(event.type as string) ||
    !isIdOrNull(event.auctionId) ||
    !isIdOrNull(event.lotId) ||
    !isIdOrNull(event.orderId)
  )
    return null;
  return event as MerchantEvent;
}
