import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  pgEnum,
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
