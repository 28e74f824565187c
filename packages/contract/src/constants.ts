/** Product constants from the spec (§9) and PRODUCT.md; one source for app and server. */
export const APP_VERSION = '1.0.0';
export const APP_VERSION_CODE = 100;
/**
 * The <meta name> under which each web build records its id in index.html: the running app reads
 * it from its page, the server from the build it serves (GET /api/version).
 */
export const WEB_BUILD_META = 'sm-build';

export const LOCALES = ['en', 'zh', 'my'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Spec §9: request, connect, upload and download time-outs. */
export const REQUEST_TIMEOUT_MS = 60_000;
/** Spec §2: a lazily loaded page shows its placeholder only after this delay. */
export const PAGE_LOADING_DELAY_MS = 200;
export const PAGE_LOAD_TIMEOUT_MS = 60_000;
export const TOAST_DURATION_MS = 1_500;
/** Spec §9: default maximum length of a text input. */
export const TEXT_MAX_LENGTH = 140;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_TTL_MS = 5 * 60_000;
export const SMS_CODE_MAX_ATTEMPTS = 5;
export const SMS_SEND_COOLDOWN_MS = 60_000;
export const SMS_SENDS_PER_HOUR = 10;

export const SESSION_TTL_MS = 30 * 24 * 60 * 60_000;
export const SESSION_COOKIE = 'sm_session';

/** Consecutive wrong passwords before an account's sign-in is locked for LOGIN_LOCK_MS. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_MS = 15 * 60_000;

export const LOT_DURATION_MS = 15 * 60_000;
export const MAX_LOT_PHOTOS = 3;
export const MAX_LOT_VIDEOS = 1;
export const MAX_LOTS_PER_AUCTION = 20;
export const DESCRIPTION_MAX_LENGTH = 500;
/**
 * A lot's landing time is at most this long ago: fish a week old is not sold as a fresh lot, and
 * an older time is a mistyped year (the date wheel spans ±150 years, spec §9).
 */
export const LANDING_MAX_AGE_DAYS = 7;
/** A landing time this far past the clock still counts as now: phones' clocks drift. */
export const LANDING_LEEWAY_MS = 60 * 60_000;

/** Upload limits (issue 3): a photo up to 10 MB, a video up to 50 MB. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const MAX_VIDEO_BYTES = 50 * 1024 * 1024;
/** Accepted uploads, by what their content is (sniffed), and the names they may carry. */
export const PHOTO_TYPES = {
  'image/jpeg': ['jpg', 'jpeg', 'jfif'],
  'image/png': ['png'],
  'image/webp': ['webp'],
} as const;
export const VIDEO_TYPES = {
  'video/mp4': ['mp4', 'm4v'],
  'video/quicktime': ['mov', 'qt'],
  'video/webm': ['webm'],
} as const;

export const TIME_ZONE = 'Asia/Kuala_Lumpur';

/** What GET /api/events streams (events.ts); here, so the app can check it without zod. */
export const MERCHANT_EVENT_TYPES = [
  'auction_published',
  'auction_deleted',
  'bid',
  'buyout',
  'lot_ended',
  'order_paid',
  'order_canceled',
  /** An unpaid order canceled at its deadline (PRODUCT.md §4a): a cancel, and news. */
  'order_defaulted',
  'order_updated',
  'wallet_changed',
  /** The daily payout run paid a merchant's completed orders into its wallet (PRODUCT.md §5). */
  'payout_completed',
  'withdrawal_reviewed',
  'bank_account_reviewed',
  'business_reviewed',
  /** Wrong passwords locked an address out of the merchant's account: news, nothing to refresh. */
  'sign_in_locked',
  /** A cloud printer polled with another status, or one of its jobs moved (order: the slip's). */
  'printer_updated',
  /** A cloud print job failed: not fetched or not confirmed in time, or the printer's error. */
  'print_failed',
] as const;

/** What the in-app notification list tells a merchant (each can be switched off). */
export const NOTIFICATION_TYPES = [
  'new_bid',
  'lot_ended',
  'order_paid',
  'order_defaulted',
  'payout_completed',
  'withdrawal_reviewed',
  'bank_account_reviewed',
  'business_reviewed',
  'sign_in_locked',
  'print_failed',
] as const;

/**
 * Spec §9: support answers Mon–Fri 9:00–18:00, Kuala Lumpur time (UTC+8 all year). Days are
 * ISO weekdays (1 = Monday); times are minutes after midnight, the closing minute excluded.
 */
export const SUPPORT_HOURS = { days: [1, 2, 3, 4, 5], opens: 9 * 60, closes: 18 * 60 } as const;

/** The marketplace's support lines: phone numbers in E.164, each with the form merchants dial. */
export const SUPPORT_CONTACT = {
  phone: '+60327278800',
  phoneDisplay: '03-2727 8800',
  whatsapp: '+60127278800',
  whatsappDisplay: '012-727 8800',
  email: 'support@seafoodmerchant.com.my',
} as const;

/**
 * How long the server keeps events, and so how far back a stream can resume (Last-Event-ID): a
 * phone away longer reloads its lists instead.
 */
export const EVENT_RETENTION_MS = 24 * 60 * 60_000;

/**
 * The named event (`event: position`) a stream opened without Last-Event-ID sends first: its
 * `data` is the merchant's newest event id, from which a later visit can resume the stream rather
 * than reload what it fetched before the stream opened.
 */
export const STREAM_POSITION_EVENT = 'position';
