import {
  BANK_ACCOUNT_STATUSES,
  type BuyerTaxDetails,
  EINVOICE_STATUSES,
  FEEDBACK_CATEGORIES,
  NOTIFICATION_TYPES,
  ORDER_STATUSES,
  PAYOUT_STATUSES,
  PRINT_JOB_KINDS,
  PRINT_JOB_STATES,
  PRINTER_KINDS,
  TAX_DOCUMENT_KINDS,
  WALLET_ENTRY_TYPES,
  WITHDRAWAL_STATUSES,
} from '@sm/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  type AnyPgColumn,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  json,
  jsonb,
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
  /**
   * What the buyer gave to be e-invoiced in its own name (PRODUCT.md §5a); without it, the
   * consolidated general public buyer.
   */
  taxDetails: jsonb('tax_details').$type<BuyerTaxDetails>(),
  /** Sen the operator lets this buyer bid beyond its wallet balance (PRODUCT.md §4a). */
  creditLimit: bigint('credit_limit', { mode: 'number' }).notNull().default(0),
  /** Set by the operator: a suspended buyer cannot bid or buy out. */
  suspendedAt: tstz('suspended_at'),
  suspendedReason: text('suspended_reason'),
  /** A merchant the operator says is the same party: this buyer may not bid on its lots. */
  linkedMerchantId: uuid('linked_merchant_id').references(() => merchants.accountId, {
    onDelete: 'set null',
  }),
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
  // What a MyInvois e-invoice needs of the seller (LHDN): tax id, business registration (SSM),
  // SST registration, MSIC code and activity, and the parts of the address it codes.
  tin: text('tin'),
  registrationNumber: text('registration_number'),
  sstNumber: text('sst_number'),
  msicCode: text('msic_code'),
  businessActivity: text('business_activity'),
  city: text('city'),
  postcode: text('postcode'),
  /** LHDN state code, '01' Johor … '16' Putrajaya. */
  stateCode: text('state_code'),
  /** The registered address as LHDN codes it: up to three lines (city, postcode, state apart). */
  addressLines: jsonb('address_lines')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  taxUpdatedAt: tstz('tax_updated_at'),
  /** A square photo (cropped by the app before upload). */
  logoMediaId: uuid('logo_media_id').references(() => media.id, { onDelete: 'set null' }),
  /** WGS84 degrees, picked on the map or from the device. */
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  /** Short texts shown in the store's notice bar, in order. */
  announcements: jsonb('announcements')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  hasColdRoom: boolean('has_cold_room').notNull().default(false),
  createdAt: createdAt(),
});

/** The store's carousel: up to 5 photos, in the order the merchant set. */
export const storeCarousel = pgTable(
  'store_carousel',
  {
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.accountId, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.position] })],
);

/**
 * The SSM registration documents a merchant submitted for review (PDF or image), newest last. They
 * are private: stored outside the public media directory and served only to their merchant and to
 * the operator.
 */
export const businessDocuments = pgTable(
  'business_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.accountId, { onDelete: 'cascade' }),
    /** Random name under DATA_DIR/documents. */
    fileName: text('file_name').notNull(),
    /** What the merchant called it, for the download's name only. */
    originalName: text('original_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [index('business_documents_merchant_idx').on(t.merchantId, t.createdAt)],
);

export const boats = pgTable(
  'boats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.accountId, { onDelete: 'cascade' }),
    boatNumber: text('boat_number').notNull(),
    ownerName: text('owner_name').notNull(),
    imageMediaId: uuid('image_media_id').references(() => media.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('boats_merchant_idx').on(t.merchantId)],
);

export const coldRooms = pgTable(
  'cold_rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.accountId, { onDelete: 'cascade' }),
    /** 'Cold Room N' unless the merchant named it. */
    name: text('name').notNull(),
    ownerName: text('owner_name'),
    imageMediaId: uuid('image_media_id').references(() => media.id, { onDelete: 'set null' }),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('cold_rooms_merchant_idx').on(t.merchantId)],
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

/** A lot's media as its `media` column keeps them (the fields a page shows). */
export type LotMediaFields = Pick<
  typeof media.$inferSelect,
  'id' | 'kind' | 'fileName' | 'thumbName' | 'width' | 'height' | 'size'
>;

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
    /**
     * Tenths of a kg that a default or a cancel gave back and that are neither offered to the next
     * bidders nor relisted yet (PRODUCT.md §4a). The awarded figures above exclude them.
     */
    returnedQuantity: integer('returned_quantity').notNull().default(0),
    /** Tenths of a kg of returned kg relisted as new lots. */
    relistedQuantity: integer('relisted_quantity').notNull().default(0),
    /** The lot whose returned kg this lot relists. */
    relistedFrom: uuid('relisted_from').references((): AnyPgColumn => lots.id),
    /**
     * The lot's photos and videos in their order, and its first photo's thumbnail, as its pages
     * and lists show them: kept from lot_media by its triggers (migration 0020), so that a page of
     * lots reads them with the lots rather than a lookup a lot. A lot's media never change once
     * published, nor do the media rows.
     */
    media: json('media').$type<LotMediaFields[]>().notNull().default([]),
    thumbName: text('thumb_name'),
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
    // A buyer's exposure: its standing bids (PRODUCT.md §4a), read in every bid's transaction.
    // The lot too, so that a buyer's standing bid on one lot is one entry here as in
    // bids_standing_key: without statistics (a fresh database, PGlite) the planner took either,
    // and through this one on the buyer alone it walked every standing bid of the buyer per lot.
    index('bids_buyer_standing_idx')
      .on(t.buyerId, t.lotId)
      .where(sql`superseded_at is null`),
  ],
);

/**
 * A lot's standing bids added up, and what they would win if it ended now (PRODUCT.md §4): kept
 * by the database itself, on every bid's insert (migration 0016, sm_refigure_lot), so that lists
 * and the dashboard read one row per lot instead of ranking every standing bid of every lot they
 * show. A lot without bids has no row. The winners are by buyer id, their three arrays side by
 * side; what each wins is kept rather than its fee, because the fee of a live lot is at the
 * current rate, which the operator may change, and is rounded per winner (feeOf).
 */
export const lotBidFigures = pgTable('lot_bid_figures', {
  lotId: uuid('lot_id')
    .primaryKey()
    .references(() => lots.id, { onDelete: 'cascade' }),
  bidCount: integer('bid_count').notNull(),
  /** Tenths of a kg, all standing bids. */
  bidQuantity: integer('bid_quantity').notNull(),
  /** Sen: the standing bids' amounts, as each would be paid in full. */
  bidAmount: bigint('bid_amount', { mode: 'number' }).notNull(),
  /** Sen per kg. */
  highestPrice: integer('highest_price').notNull(),
  /** Sen: what the winners would pay, the sum of winning_amounts. */
  winningAmount: bigint('winning_amount', { mode: 'number' }).notNull(),
  winningBuyers: uuid('winning_buyers').array().notNull(),
  /** Tenths of a kg each winner wins. */
  winningQuantities: integer('winning_quantities').array().notNull(),
  winningAmounts: bigint('winning_amounts', { mode: 'number' }).array().notNull(),
});

/**
 * A buyer's record (PRODUCT.md §4a) as its orders make it, kept by a trigger on orders (migration
 * 0019): a lot page shows a record for each of its bids, and counting each buyer's orders there
 * took half the page's statement, more with every order the buyer had. No row: all zero.
 */
export const buyerRecords = pgTable('buyer_records', {
  buyerId: uuid('buyer_id')
    .primaryKey()
    .references(() => buyers.accountId, { onDelete: 'cascade' }),
  ordersPaid: integer('orders_paid').notNull(),
  /** Paid by the buyer, not charged from its wallet at the deadline. */
  paidOnTime: integer('paid_on_time').notNull(),
  /** Canceled at the deadline, unpaid and uncovered. */
  defaults: integer('defaults').notNull(),
});

/** The statuses of PRODUCT.md §5, as the contract declares them. */
export const orderStatus = pgEnum('order_status', ORDER_STATUSES);
export const cancelReason = pgEnum('cancel_reason', ['default', 'merchant']);

export const payoutStatus = pgEnum('payout_status', PAYOUT_STATUSES);

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
    paidAt: tstz('paid_at'),
    /** What the buyer paid, sen; set with Paid and kept through a refund. */
    paidAmount: bigint('paid_amount', { mode: 'number' }),
    /** Why a Canceled order was canceled: the buyer's default at the deadline, or the merchant. */
    cancelReason: cancelReason('cancel_reason'),
    /** Paid by the deadline job from the buyer's wallet instead of by the buyer (PRODUCT.md §4a). */
    chargedAtDeadline: boolean('charged_at_deadline').notNull().default(false),
    /** A share of returned kg offered to a next bidder, not the lot's award. */
    offered: boolean('offered').notNull().default(false),
    /** Set when the order is Completed (Payout Pending), moved on by the payout run. */
    payoutStatus: payoutStatus('payout_status'),
    /** The Kuala Lumpur day the payout run pays it out (set with Payout Scheduled). */
    payoutOn: date('payout_on', { mode: 'string' }),
    payoutAt: tstz('payout_at'),
    /**
     * Lower-case text the merchant's search matches: number, batch, buyer name and phone, item name
     * and species in every language. Written with the order; the order's facts do not change.
     */
    searchText: text('search_text').notNull(),
  },
  (t) => [
    // The merchant's list, newest first, with and without a status filter (keyset pages). Plain
    // ascending: read backwards it gives ORDER BY created_at DESC, id DESC (NULLS FIRST), which a
    // DESC NULLS LAST index would not.
    index('orders_merchant_idx').on(t.merchantId, t.createdAt, t.id),
    index('orders_merchant_status_idx').on(t.merchantId, t.status, t.createdAt, t.id),
    index('orders_buyer_idx').on(t.buyerId, t.createdAt),
    // The payment deadline job's scan.
    index('orders_unpaid_idx')
      .on(t.payBy)
      .where(sql`status = 'pending_payment'`),
    // The payout run's scans: what is Payout Pending, what is Scheduled for a day.
    index('orders_payout_idx')
      .on(t.payoutStatus, t.payoutOn)
      .where(sql`payout_status in ('pending', 'scheduled')`),
    // One award order per winner of a lot: a second award of the same lot cannot write a second
    // one. Offers of returned kg may give a partial winner a second order of the same lot.
    uniqueIndex('orders_lot_buyer_key')
      .on(t.lotId, t.buyerId)
      .where(sql`offered = false`),
    // A buyer's exposure: its orders awaiting payment (PRODUCT.md §4a).
    index('orders_buyer_unpaid_idx')
      .on(t.buyerId)
      .where(sql`status = 'pending_payment'`),
  ],
);

export const orderActor = pgEnum('order_actor', ['buyer', 'merchant', 'system']);

/** Every status an order has had, with when and who: the order detail's timeline. */
export const orderStatusChanges = pgTable(
  'order_status_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: orderStatus('status').notNull(),
    actor: orderActor('actor').notNull(),
    at: tstz('at').notNull(),
  },
  (t) => [index('order_status_changes_order_idx').on(t.orderId, t.id)],
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
    auctionId: uuid('auction_id'),
    lotId: uuid('lot_id'),
    orderId: uuid('order_id'),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [index('merchant_events_merchant_idx').on(t.merchantId, t.id)],
);

export const walletEntryType = pgEnum('wallet_entry_type', WALLET_ENTRY_TYPES);

/**
 * The wallets of merchants and buyers: an append-only ledger (PRODUCT.md §6). A balance is the
 * newest entry's balance_after, which equals the sum of the account's entries; entries are written
 * under a lock on the account row, in the transaction of the change that moves the money.
 */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    type: walletEntryType('type').notNull(),
    /** Signed sen. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    withdrawalId: uuid('withdrawal_id').references(() => withdrawals.id, {
      onDelete: 'restrict',
    }),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [
    index('wallet_entries_account_idx').on(t.accountId, t.id),
    // The statement filtered by type, newest first.
    index('wallet_entries_account_type_idx').on(t.accountId, t.type, t.id),
    // A withdrawal is debited, and refunded when rejected, at most once.
    uniqueIndex('wallet_entries_withdrawal_type_key')
      .on(t.withdrawalId, t.type)
      .where(sql`withdrawal_id is not null`),
    // An order is paid, refunded, paid out and charged its fee at most once.
    uniqueIndex('wallet_entries_order_type_key')
      .on(t.orderId, t.type)
      .where(sql`order_id is not null`),
  ],
);

/**
 * Answers of money-moving requests by Idempotency-Key: the same key and body get the first answer
 * again; the same key with another body is refused. Kept a day.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** sha256 of the route and the body. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    /** Null while the first request is still running. */
    response: jsonb('response'),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/** Invoice numbers: `INV` + year + this sequence, never reused. */
export const invoiceNumberSeq = pgSequence('invoice_number_seq', { startWith: 1, minValue: 1 });

/** Credit note numbers: `CN` + year + this sequence, never reused. */
export const creditNoteNumberSeq = pgSequence('credit_note_number_seq', {
  startWith: 1,
  minValue: 1,
});

export const einvoiceStatus = pgEnum('einvoice_status', EINVOICE_STATUSES);
export const taxDocumentKind = pgEnum('tax_document_kind', TAX_DOCUMENT_KINDS);

/**
 * Tax documents (PRODUCT.md §5, §5a): one invoice per paid order, and a credit note when an
 * invoiced order is refunded after its e-invoice can no longer be cancelled. Each is numbered and
 * its PDF written once; each has its own e-invoice at MyInvois.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: taxDocumentKind('kind').notNull().default('invoice'),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.accountId, { onDelete: 'cascade' }),
    /** A credit note's invoice. */
    originalId: uuid('original_id').references((): AnyPgColumn => invoices.id, {
      onDelete: 'restrict',
    }),
    number: text('number').notNull().unique(),
    /** What the document is for, sen: the buyer's payment, or what a credit note gives back. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The PDF under DATA_DIR/invoices, as issued: never rewritten. */
    fileName: text('file_name').notNull(),
    /** What the PDF was drawn from, so the validated copy shows the same as the one issued. */
    pdfFacts: jsonb('pdf_facts'),
    /** The same PDF with the e-invoice's long ID and validation QR, drawn once it is Valid. */
    validatedFileName: text('validated_file_name'),
    /** The UBL 2.1 JSON document last sent to MyInvois (a resubmission sends a fresh one). */
    einvoiceDocument: jsonb('einvoice_document'),
    einvoiceStatus: einvoiceStatus('einvoice_status').notNull().default('not_submitted'),
    einvoiceVersion: text('einvoice_version'),
    einvoiceSubmissionUid: text('einvoice_submission_uid'),
    einvoiceUuid: text('einvoice_uuid'),
    einvoiceLongId: text('einvoice_long_id'),
    /** Why it is not submitted, or MyInvois's reasons for an Invalid one. */
    einvoiceError: text('einvoice_error'),
    einvoiceReasons: jsonb('einvoice_reasons')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The store fields the e-invoice waits for (TaxField). */
    einvoiceMissing: jsonb('einvoice_missing')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** While not accepted: when an attempt to submit started (a claim); then when it was. */
    einvoiceSubmittedAt: tstz('einvoice_submitted_at'),
    /** The issue date and time of the document last sent. */
    einvoiceIssuedAt: tstz('einvoice_issued_at'),
    einvoiceValidatedAt: tstz('einvoice_validated_at'),
    einvoiceCancelledAt: tstz('einvoice_cancelled_at'),
    /** When the poller next asks MyInvois about a Submitted document (and who holds it till). */
    einvoiceCheckAt: tstz('einvoice_check_at'),
    /** The order was refunded: cancel this e-invoice or issue a credit note (the job's work). */
    refundPendingAt: tstz('refund_pending_at'),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('invoices_order_kind_key').on(t.orderId, t.kind),
    index('invoices_einvoice_check_idx')
      .on(t.einvoiceCheckAt)
      .where(sql`einvoice_status in ('submitted', 'not_submitted')`),
    index('invoices_refund_pending_idx')
      .on(t.refundPendingAt)
      .where(sql`refund_pending_at is not null`),
  ],
);

export const printerKind = pgEnum('printer_kind', PRINTER_KINDS);

export const printers = pgTable(
  'printers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.accountId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: printerKind('kind').notNull(),
    /** 58 or 80 mm. */
    paperWidth: integer('paper_width').notNull(),
    host: text('host'),
    port: integer('port'),
    /** Cloud printers: the MAC address it polls with (lowercase, colons); one account's only. */
    mac: text('mac'),
    /** Cloud printers: its last poll, and the status code and ASB status bytes it reported. */
    cloudSeenAt: tstz('cloud_seen_at'),
    cloudStatusCode: text('cloud_status_code'),
    cloudAsb: text('cloud_asb'),
    /** Its polling interval as it reported it (clientAction GetPollInterval), seconds. */
    cloudPollSeconds: integer('cloud_poll_seconds'),
    /** When the server last asked it for that, so that a printer that cannot answer is not asked at every poll. */
    cloudInfoAskedAt: tstz('cloud_info_asked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('printers_merchant_idx').on(t.merchantId),
    // Per merchant, not across accounts: a MAC is printed on the printer's label, and another
    // account registering it first must not lock the owner out (each registration has its key).
    uniqueIndex('printers_merchant_mac_key')
      .on(t.merchantId, t.mac)
      .where(sql`${t.mac} is not null`),
  ],
);

export const printJobState = pgEnum('print_job_state', PRINT_JOB_STATES);
export const printJobKind = pgEnum('print_job_kind', PRINT_JOB_KINDS);

/**
 * What a merchant sent to a cloud printer, which the printer pulls (Star CloudPRNT): queued until
 * a poll is offered it with a fresh token and the GET with that token fetches it (sent), printed
 * when the printer confirms, failed after its errors or when it was not fetched or confirmed in
 * time. The page is drawn when fetched, from what it is of (an order's slip, the test page).
 */
export const printJobs = pgTable(
  'print_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Queue order: first in, first offered (times can tie). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    printerId: uuid('printer_id')
      .notNull()
      .references(() => printers.id, { onDelete: 'cascade' }),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.accountId, { onDelete: 'cascade' }),
    kind: printJobKind('kind').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /** The slip's labels' language. */
    lang: text('lang').notNull(),
    /** The printer's paper when the job was queued. */
    paperWidth: integer('paper_width').notNull(),
    state: printJobState('state').notNull().default('queued'),
    /** The token of the poll that offered it last: only a GET with it fetches the job. */
    token: text('token'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    createdAt: tstz('created_at').notNull(),
    /** When it last entered the queue: created, or put back after a printer error. */
    queuedAt: tstz('queued_at').notNull(),
    fetchedAt: tstz('fetched_at'),
    printedAt: tstz('printed_at'),
    failedAt: tstz('failed_at'),
  },
  (t) => [
    index('print_jobs_printer_idx').on(t.printerId, t.state, t.seq),
    index('print_jobs_merchant_idx').on(t.merchantId, t.seq),
    index('print_jobs_open_idx')
      .on(t.state, t.queuedAt)
      .where(sql`${t.state} in ('queued', 'sent')`),
  ],
);

export const bankAccountStatus = pgEnum('bank_account_status', BANK_ACCOUNT_STATUSES);

/** PRODUCT.md §6: one per merchant; any change sets it back to Unverified. */
export const bankAccounts = pgTable('bank_accounts', {
  merchantId: uuid('merchant_id')
    .primaryKey()
    .references(() => merchants.accountId, { onDelete: 'cascade' }),
  bankCode: text('bank_code').notNull(),
  holderName: text('holder_name').notNull(),
  /** Digits only. */
  accountNumber: text('account_number').notNull(),
  status: bankAccountStatus('status').notNull().default('unverified'),
  rejectReason: text('reject_reason'),
  reviewedAt: tstz('reviewed_at'),
  createdAt: tstz('created_at').notNull(),
  updatedAt: tstz('updated_at').notNull(),
});

export const withdrawalStatus = pgEnum('withdrawal_status', WITHDRAWAL_STATUSES);

/**
 * A merchant's request to be paid to their bank account. The amount leaves the wallet when it is
 * requested; a rejection returns it (PRODUCT.md §6). The bank details are copied, so a later
 * change of account does not change where a reviewed withdrawal went.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.accountId, { onDelete: 'restrict' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: withdrawalStatus('status').notNull().default('pending'),
    bankCode: text('bank_code').notNull(),
    holderName: text('holder_name').notNull(),
    accountNumber: text('account_number').notNull(),
    requestedAt: tstz('requested_at').notNull(),
    reviewedAt: tstz('reviewed_at'),
    reviewedBy: text('reviewed_by'),
    rejectReason: text('reject_reason'),
  },
  (t) => [
    index('withdrawals_merchant_idx').on(t.merchantId, t.requestedAt),
    index('withdrawals_status_idx').on(t.status, t.requestedAt),
    // None while one is Pending, whatever races: a second Pending row cannot exist.
    uniqueIndex('withdrawals_one_pending_key')
      .on(t.merchantId)
      .where(sql`status = 'pending'`),
  ],
);

/** The days the payout run has finished; a day not here is (re)run by the next tick. */
export const payoutRuns = pgTable('payout_runs', {
  day: date('day', { mode: 'string' }).primaryKey(),
  startedAt: tstz('started_at').notNull(),
  finishedAt: tstz('finished_at'),
  completed: integer('completed').notNull().default(0),
  scheduled: integer('scheduled').notNull().default(0),
});

/** PRODUCT.md §9: every operator action, with who, when, what, and the record before and after. */
export const operatorActions = pgTable(
  'operator_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operator: text('operator').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [index('operator_actions_target_idx').on(t.targetType, t.targetId)],
);

export const feedbackCategory = pgEnum('feedback_category', FEEDBACK_CATEGORIES);

/**
 * What merchants tell the marketplace from About › Feedback, with the app version and language
 * they used, so a report can be matched to the build that showed the problem.
 */
export const feedbackMessages = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.accountId, { onDelete: 'cascade' }),
    category: feedbackCategory('category').notNull(),
    message: text('message').notNull(),
    /** A Malaysian mobile in E.164 or an e-mail address, when given. */
    contact: text('contact'),
    appVersion: text('app_version').notNull(),
    locale: text('locale').notNull(),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [index('feedback_merchant_idx').on(t.merchantId, t.createdAt, t.id)],
);

export const notificationType = pgEnum('notification_type', NOTIFICATION_TYPES);

/**
 * What the merchant is told in the app's notification list (and by Web Push when the app is
 * closed). Written in the transaction of the change, like merchant_events, but kept: events are
 * purged after a day. Rows with `pushedAt` null are the push outbox.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.accountId, { onDelete: 'cascade' }),
    type: notificationType('type').notNull(),
    lotId: uuid('lot_id'),
    orderId: uuid('order_id'),
    /** What the text needs beyond the ids (amounts, status, reason), as it was at the time. */
    data: jsonb('data')
      .$type<Record<string, string | number | null>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    readAt: tstz('read_at'),
    /** Null until the push job has sent it (or decided not to: switched off, no subscription). */
    pushedAt: tstz('pushed_at'),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [
    index('notifications_merchant_idx').on(t.merchantId, t.id),
    index('notifications_unread_idx')
      .on(t.merchantId)
      .where(sql`${t.readAt} is null`),
    index('notifications_push_idx')
      .on(t.id)
      .where(sql`${t.pushedAt} is null`),
  ],
);

/** The types a merchant switched off (absent: on). */
export const notificationMutes = pgTable(
  'notification_mutes',
  {
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.accountId, { onDelete: 'cascade' }),
    type: notificationType('type').notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.type] })],
);

/** Web Push subscriptions (one per browser that allowed notifications). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.accountId, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [index('push_subscriptions_merchant_idx').on(t.merchantId)],
);
