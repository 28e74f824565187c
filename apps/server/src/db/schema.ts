import { ORDER_STATUSES } from '@sm/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const tstz = (name: string) => timestamp(name, { withTimezone: true });

export const accountRole = pgEnum('account_role', ['merchant', 'buyer']);
export const businessStatus = pgEnum('business_status', [
  'unverified',
  'pending',
  'verified',
  'rejected',
]);
export const smsPurpose = pgEnum('sms_purpose', ['register', 'reset']);

/** Who can sign in. Merchants and buyers are separate accounts, even on one phone. */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    role: accountRole('role').notNull(),
    phone: text('phone').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('accounts_role_phone_key').on(t.role, t.phone)],
);

/**
 * Wrong passwords per account and client address: a run of them locks that address out of that
 * account for a while, without letting a stranger lock the owner out from elsewhere.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    failures: integer('failures').notNull().default(0),
    lockedUntil: tstz('locked_until'),
    updatedAt: tstz('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.ip] })],
);

/** Values every server process must share, such as the key of the SMS code hashes. */
export const appSettings = pgTable('app_settings', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

export const merchants = pgTable('merchants', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  businessStatus: businessStatus('business_status').notNull().default('unverified'),
  businessRejectReason: text('business_reject_reason'),
});

export const buyers = pgTable('buyers', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  displayName: text('display_name'),
});

export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: tstz('last_seen_at').notNull(),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [index('sessions_account_idx').on(t.accountId)],
);

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    role: accountRole('role').notNull(),
    phone: text('phone').notNull(),
    purpose: smsPurpose('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: tstz('expires_at').notNull(),
    consumedAt: tstz('consumed_at'),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [index('sms_codes_lookup_idx').on(t.role, t.phone, t.createdAt)],
);

/** What the development SMS sender "sent": the log of messages that tests and the operator read. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone: text('phone').notNull(),
    purpose: smsPurpose('purpose').notNull(),
    code: text('code').notNull(),
    body: text('body').notNull(),
    createdAt: tstz('created_at')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('sms_outbox_phone_idx').on(t.phone, t.id)],
);

export const stores = pgTable('stores', {
  id: uuid('id').primaryKey().defaultRandom(),
  merchantId: uuid('merchant_id')
    .notNull()
    .unique()
    .references(() => merchants.accountId, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  address: text('address'),
  description: text('description'),
  createdAt: createdAt(),
});

export const boats = pgTable(
  'boats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.accountId, { onDelete: 'cascade' }),
    boatNumber: text('boat_number').notNull(),
    ownerName: text('owner_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('boats_merchant_idx').on(t.merchantId)],
);

export const mediaKind = pgEnum('media_kind', ['photo', 'video']);

/** An uploaded photo or video, stored under DATA_DIR/media with a random name. */
export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.accountId, { onDelete: 'cascade' }),
    kind: mediaKind('kind').notNull(),
    fileName: text('file_name').notNull(),
    thumbName: text('thumb_name'),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    createdAt: createdAt(),
  },
  (t) => [index('media_merchant_idx').on(t.merchantId)],
);

/** What one Create Auction form published: its lots share the publish time and the end. */
export const auctions = pgTable(
  'auctions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.accountId, { onDelete: 'cascade' }),
    publishedAt: tstz('published_at').notNull(),
    endsAt: tstz('ends_at').notNull(),
    /** Hidden from the merchant's lists (PRODUCT.md §4); its orders stay. */
    deletedAt: tstz('deleted_at'),
  },
  (t) => [index('auctions_merchant_idx').on(t.merchantId, t.publishedAt)],
);

export const freshness = pgEnum('freshness', ['fresh', 'frozen']);
export const lotStatus = pgEnum('lot_status', ['live', 'ended']);
export const endReason = pgEnum('end_reason', ['time', 'buyout']);

export const lots = pgTable(
  'lots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    auctionId: uuid('auction_id')
      .notNull()
      .references(() => auctions.id, { onDelete: 'cascade' }),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.accountId, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    boatId: uuid('boat_id').references(() => boats.id, { onDelete: 'set null' }),
    /** Kept as published, so a boat edited or deleted later does not change a sold lot. */
    boatNumber: text('boat_number').notNull(),
    boatOwner: text('boat_owner').notNull(),
    harbor: text('harbor').notNull(),
    freshness: freshness('freshness').notNull(),
    landedAt: tstz('landed_at').notNull(),
    name: text('name').notNull(),
    species: text('species').notNull(),
    /** Tenths of a kg. */
    quantity: integer('quantity').notNull(),
    /** Sen per kg. */
    startPrice: integer('start_price').notNull(),
    buyoutPrice: integer('buyout_price'),
    description: text('description'),
    noteSize: text('note_size'),
    noteIcing: text('note_icing'),
    notePackaging: text('note_packaging'),
    /** 'live' until the award has been written; a live lot past ends_at takes no bids. */
    status: lotStatus('status').notNull().default('live'),
    publishedAt: tstz('published_at').notNull(),
    endsAt: tstz('ends_at').notNull(),
    endedAt: tstz('ended_at'),
    endReason: endReason('end_reason'),
    awardedQuantity: integer('awarded_quantity').notNull().default(0),
    awardedAmount: bigint('awarded_amount', { mode: 'number' }).notNull().default(0),
    /** Service fee rate of the lot's orders, fixed at the award (basis points). */
    feeBps: integer('fee_bps'),
    awardedFee: bigint('awarded_fee', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('lots_auction_idx').on(t.auctionId, t.position),
    // The lot closer's scan: live lots by end time.
    index('lots_due_idx')
      .on(t.endsAt)
      .where(sql`status = 'live'`),
  ],
);

export const lotMedia = pgTable(
  'lot_media',
  {
    lotId: uuid('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lotId, t.mediaId] })],
);

/**
 * Every accepted bid, kept: a raise supersedes the buyer's standing bid instead of overwriting it,
 * so no accepted bid is ever lost. The standing bids are those not superseded.
 */
export const bids = pgTable(
  'bids',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Order of acceptance: bids on a lot are taken one at a time, so this breaks equal times. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    lotId: uuid('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => buyers.accountId, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    price: integer('price').notNull(),
    createdAt: tstz('created_at').notNull(),
    supersededAt: tstz('superseded_at'),
    /** Set at the award: the tenths of a kg this bid won (0 for a losing bid). */
    awardedQuantity: integer('awarded_quantity'),
  },
  (t) => [
    uniqueIndex('bids_standing_key')
      .on(t.lotId, t.buyerId)
      .where(sql`superseded_at is null`),
    index('bids_buyer_idx').on(t.buyerId, t.createdAt),
  ],
);

/** The statuses of PRODUCT.md §5, as the contract declares them. */
export const orderStatus = pgEnum('order_status', ORDER_STATUSES);

/** The 6 digits after `SO` + date in an order number; cycles after a million orders. */
export const orderNumberSeq = pgSequence('order_number_seq', {
  startWith: 1,
  minValue: 1,
  maxValue: 999_999,
  cycle: true,
});

/** PRODUCT.md §5: one order per winner of a lot, created by the lot's end. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.accountId, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => buyers.accountId, { onDelete: 'restrict' }),
    lotId: uuid('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'restrict' }),
    bidId: uuid('bid_id').references(() => bids.id),
    batchNumber: text('batch_number').notNull(),
    status: orderStatus('status').notNull().default('pending_payment'),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
    feeBps: integer('fee_bps').notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull(),
    createdAt: tstz('created_at').notNull(),
    payBy: tstz('pay_by').notNull(),
  },
  (t) => [
    index('orders_merchant_idx').on(t.merchantId, t.createdAt),
    index('orders_buyer_idx').on(t.buyerId, t.createdAt),
    // One order per winner of a lot: a second award of the same lot cannot write a second one.
    uniqueIndex('orders_lot_buyer_key').on(t.lotId, t.buyerId),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    species: text('species').notNull(),
    name: text('name').notNull(),
    grade: text('grade'),
    freshness: freshness('freshness').notNull(),
    harbor: text('harbor').notNull(),
    boatNumber: text('boat_number').notNull(),
    landedAt: tstz('landed_at').notNull(),
    quantity: integer('quantity').notNull(),
    price: integer('price').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

/**
 * What a merchant's live stream carries, written in the transaction of the change it reports; the
 * id is the SSE event id, so a stream that reconnects with Last-Event-ID gets what it missed.
 */
export const merchantEvents = pgTable(
  'merchant_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: uuid('merchant_id').notNull(),
    type: text('type').notNull(),
    auctionId: uuid('auction_id').notNull(),
    lotId: uuid('lot_id'),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [index('merchant_events_merchant_idx').on(t.merchantId, t.id)],
);
