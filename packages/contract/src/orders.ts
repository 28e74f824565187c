import { z } from 'zod';
import { freshness, speciesSchema } from './auctions.js';
import { buyerRecord } from './market.js';
import { LOCALES, TEXT_MAX_LENGTH } from './constants.js';
import {
  EXPORT_FORMATS,
  FULFILMENT_STATUSES,
  ORDER_PERIODS,
  ORDER_TABS,
  type OrderPeriod,
} from './order-fields.js';
import { cancelReason, orderStatus } from './order-status.js';

export * from './order-status.js';

export const fulfilmentStatus = z.enum(FULFILMENT_STATUSES, { error: 'BAD_REQUEST' });
export const orderTab = z.enum(ORDER_TABS, { error: 'BAD_REQUEST' });

export const PAYOUT_STATUSES = ['pending', 'scheduled', 'completed'] as const;
export const payoutStatus = z.enum(PAYOUT_STATUSES);
export type PayoutStatus = z.infer<typeof payoutStatus>;

/** Hours a buyer has to pay an order before it is canceled. */
export const PAYMENT_WINDOW_MS = 24 * 60 * 60_000;
/** Service fee when the operator has set none, basis points (5 %). */
export const DEFAULT_SERVICE_FEE_BPS = 500;
/** Longest custom date range of the orders list and export, days. */
export const MAX_ORDER_RANGE_DAYS = 366;

export const orderItem = z.object({
  species: speciesSchema,
  name: z.string(),
  grade: z.string().nullable(),
  freshness,
  harbor: z.string(),
  boatNumber: z.string(),
  landedAt: z.string(),
  /** Tenths of a kg. */
  quantity: z.number().int(),
  /** Sen per kg. */
  price: z.number().int(),
  amount: z.number().int(),
});
export type OrderItem = z.infer<typeof orderItem>;

/** An order as its buyer sees it. */
export const buyerOrder = z.object({
  id: z.string(),
  number: z.string(),
  lotId: z.string(),
  status: orderStatus,
  item: orderItem,
  subtotal: z.number().int(),
  paidAmount: z.number().int().nullable(),
  createdAt: z.string(),
  payBy: z.string(),
  paidAt: z.string().nullable(),
});
export type BuyerOrder = z.infer<typeof buyerOrder>;

export const buyerOrdersResponse = z.object({ items: z.array(buyerOrder) });

/** Idempotency-Key header of money-moving requests: the client's own unique key per intent. */
export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string({ error: () => 'IDEMPOTENCY_KEY_REQUIRED' })
    .trim()
    .min(8, 'IDEMPOTENCY_KEY_REQUIRED')
    .max(200, 'IDEMPOTENCY_KEY_REQUIRED'),
});

// Merchant side

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = () =>
  z
    .string({ error: 'INVALID_DATE' })
    .regex(DAY, 'INVALID_DATE')
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'INVALID_DATE');

export const orderPeriod = z.enum(ORDER_PERIODS, { error: 'BAD_REQUEST' });

const orderFilterFields = z.object({
  tab: orderTab.default('all'),
  period: orderPeriod.default('all'),
  /** Custom range, inclusive, Kuala Lumpur days (YYYY-MM-DD). */
  from: day().optional(),
  to: day().optional(),
  /** Order number, buyer name or phone, batch number, item name or species (any language). */
  q: z.string().trim().max(TEXT_MAX_LENGTH, 'TEXT_TOO_LONG').optional(),
});

/** A custom period needs both days, in order, at most a year apart. */
function checkRange(
  f: { period: OrderPeriod; from?: string | undefined; to?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (f.period !== 'custom') return;
  if (f.from === undefined || f.to === undefined) {
    ctx.addIssue({ code: 'custom', message: 'INVALID_DATE', path: [f.from ? 'to' : 'from'] });
  } else if (
    f.from > f.to ||
    Date.parse(f.to) - Date.parse(f.from) > MAX_ORDER_RANGE_DAYS * 86_400_000
  ) {
    ctx.addIssue({ code: 'custom', message: 'INVALID_DATE_RANGE', path: ['to'] });
  }
}

/**
 * What selects orders: tab, period and search. The list, the tab counts and the export take the
 * same filter, so an export holds exactly what the list shows.
 */
export const orderFilter = orderFilterFields.superRefine(checkRange);
export type ParsedOrderFilter = z.output<typeof orderFilter>;

export const orderListQuery = orderFilterFields
  .extend({
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .superRefine(checkRange);

export const orderExportQuery = orderFilterFields
  .extend({
    format: z.enum(EXPORT_FORMATS, { error: 'BAD_REQUEST' }).default('csv'),
    /** The language of the file's headers, statuses and species: the merchant's. */
    lang: z.enum(LOCALES, { error: 'BAD_REQUEST' }).default('en'),
  })
  .superRefine(checkRange);

const orderBuyer = z.object({
  /** The name the buyer gave, if any. */
  name: z.string().nullable(),
  /** `013-••• ••01`: what the merchant sees. */
  maskedPhone: z.string(),
});

/** One card of the orders list. */
export const orderSummary = z.object({
  id: z.string(),
  number: z.string(),
  batchNumber: z.string(),
  buyer: orderBuyer,
  item: orderItem.pick({ species: true, name: true, quantity: true, price: true }),
  subtotal: z.number().int(),
  status: orderStatus,
  payoutStatus: payoutStatus.nullable(),
  createdAt: z.string(),
  payBy: z.string(),
});
export type OrderSummary = z.infer<typeof orderSummary>;

export const orderListResponse = z.object({
  items: z.array(orderSummary),
  nextCursor: z.string().nullable(),
});
export type OrderListResponse = z.infer<typeof orderListResponse>;

/** Orders per tab under the current period and search. */
export const orderCountsResponse = z.object({
  counts: z.record(orderTab, z.number().int()),
});
export type OrderCounts = z.infer<typeof orderCountsResponse>['counts'];

export const timelineEntry = z.object({ status: orderStatus, at: z.string() });

/** PRODUCT.md §5a: an e-invoice's life at MyInvois. */
export const EINVOICE_STATUSES = [
  'not_submitted',
  'submitted',
  'valid',
  'invalid',
  'cancelled',
] as const;
export const einvoiceStatus = z.enum(EINVOICE_STATUSES);
export type EInvoiceStatus = z.infer<typeof einvoiceStatus>;

/** LHDN: the issuer may cancel a Valid e-invoice within 72 hours of its validation. */
export const EINVOICE_CANCEL_WINDOW_MS = 72 * 60 * 60_000;

/** An invoice (e-invoice type 01), or a credit note (type 02) of a refund after the window. */
export const TAX_DOCUMENT_KINDS = ['invoice', 'credit_note'] as const;
export const taxDocumentKind = z.enum(TAX_DOCUMENT_KINDS);
export type TaxDocumentKind = z.infer<typeof taxDocumentKind>;

export const invoiceInfo = z.object({
  kind: taxDocumentKind,
  number: z.string(),
  createdAt: z.string(),
  /** Sen: what the buyer paid, or what a credit note gives back. */
  amount: z.number().int(),
  /** Where the PDF is served (same origin, needs the merchant's session). */
  url: z.string(),
  einvoice: z.object({
    status: einvoiceStatus,
    /** MyInvois document UUID once submitted. */
    uuid: z.string().nullable(),
    /** Once Valid: the long ID and the public validation link (also a QR on the PDF). */
    longId: z.string().nullable(),
    validationUrl: z.string().nullable(),
    /** Why it was not submitted (in English, from the server). */
    error: z.string().nullable(),
    /** MyInvois's reasons for an Invalid one, as MyInvois words them. */
    reasons: z.array(z.string()),
    /** Store tax details still missing before it can be submitted (the app names them). */
    missing: z.array(z.string()),
    issuedAt: z.string().nullable(),
    validatedAt: z.string().nullable(),
    /** Until when MyInvois lets a Valid one be cancelled (72 hours after validation). */
    cancellableUntil: z.string().nullable(),
  }),
});
export type InvoiceInfo = z.infer<typeof invoiceInfo>;

export const orderDetail = orderSummary.extend({
  lotId: z.string(),
  item: orderItem,
  feeBps: z.number().int(),
  /** Null on a canceled order: it is neither charged a fee nor paid out (PRODUCT.md §4a). */
  fee: z.number().int().nullable(),
  /** What the merchant receives: subtotal − fee; null on a canceled order. */
  payout: z.number().int().nullable(),
  /** Why a Canceled order was canceled: the buyer's default at the deadline, or the merchant. */
  cancelReason: cancelReason.nullable(),
  /** True when the deadline charged the buyer's wallet instead of the buyer paying. */
  chargedAtDeadline: z.boolean(),
  paidAmount: z.number().int().nullable(),
  paidAt: z.string().nullable(),
  buyer: orderBuyer.extend({
    /** E.164, for the call button; the screen shows maskedPhone. */
    phone: z.string(),
    record: buyerRecord,
  }),
  timeline: z.array(timelineEntry),
  invoice: invoiceInfo.nullable(),
  /** Issued when the order was refunded after its e-invoice could no longer be cancelled. */
  creditNote: invoiceInfo.nullable(),
  serverNow: z.string(),
});
export type OrderDetail = z.infer<typeof orderDetail>;

export const updateOrderStatusRequest = z.object({ status: fulfilmentStatus });
