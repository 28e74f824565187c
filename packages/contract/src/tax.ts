import { z } from 'zod';
import { ID_TYPES, SELLER_STATE_CODES, STATE_CODES } from './tax-codes.js';
import {
  TIN_MAX_LENGTH,
  REGISTRATION_MAX_LENGTH,
  BUSINESS_ACTIVITY_MAX_LENGTH,
  TAX_NAME_MAX_LENGTH,
  ADDRESS_LINE_MAX_LENGTH,
  ADDRESS_LINES_MAX,
  CITY_MAX_LENGTH,
  TIN_PATTERN,
  REGISTRATION_PATTERN,
  SST_PATTERN,
  POSTCODE_PATTERN,
  MSIC_PATTERN,
  TAX_FIELDS,
  type TaxField,
} from './tax-fields.js';

/**
 * Tax details for Malaysian e-invoices (PRODUCT.md §5a), in the formats LHDN's MyInvois takes:
 * the store's (the seller, required before an e-invoice) and a buyer's (optional: without them
 * the buyer is the consolidated general public).
 */

/** What LHDN assigns to buyers without a tax id of their own (the general public). */
export const GENERAL_PUBLIC_TIN = 'EI00000000010';

/** Upper case, spaces out: "c 2088 0050 010" is C20880050010. */
const compact = (v: string) => v.replace(/\s+/g, '').toUpperCase();

/** A required text: missing or blank is `required`, past `max` is `tooLong`. */
const requiredText = (max: number, required: string, tooLong: string) =>
  z
    .string({ error: (i) => (i.input == null ? required : 'BAD_REQUEST') })
    .trim()
    .min(1, required)
    .max(max, tooLong);

const tin = z
  .string({ error: (i) => (i.input == null ? 'TIN_REQUIRED' : 'BAD_REQUEST') })
  .transform(compact)
  .pipe(
    z
      .string()
      .min(1, 'TIN_REQUIRED')
      .max(TIN_MAX_LENGTH, 'TIN_INVALID')
      .regex(TIN_PATTERN, 'TIN_INVALID')
      .refine((v) => v !== GENERAL_PUBLIC_TIN, 'TIN_INVALID'),
  );

const registrationNumber = z
  .string({ error: (i) => (i.input == null ? 'REGISTRATION_REQUIRED' : 'BAD_REQUEST') })
  .transform(compact)
  .pipe(
    z
      .string()
      .min(1, 'REGISTRATION_REQUIRED')
      .max(REGISTRATION_MAX_LENGTH, 'REGISTRATION_INVALID')
      .regex(REGISTRATION_PATTERN, 'REGISTRATION_INVALID'),
  );

/** Null is "not registered for SST" (the e-invoice then says NA). */
const sstNumber = z
  .string({ error: 'BAD_REQUEST' })
  .transform(compact)
  .pipe(z.string().regex(SST_PATTERN, 'SST_INVALID'))
  .nullable();

const addressLines = z
  .array(
    z.string({ error: 'BAD_REQUEST' }).trim().max(ADDRESS_LINE_MAX_LENGTH, 'ADDRESS_LINE_TOO_LONG'),
    { error: (i) => (i.input == null ? 'ADDRESS_REQUIRED' : 'BAD_REQUEST') },
  )
  .max(ADDRESS_LINES_MAX, 'BAD_REQUEST')
  // Blank lines are dropped; the first must remain.
  .transform((lines) => lines.filter(Boolean))
  .refine((lines) => lines.length > 0, 'ADDRESS_REQUIRED');

const postcode = z
  .string({ error: (i) => (i.input == null ? 'POSTCODE_INVALID' : 'BAD_REQUEST') })
  .trim()
  .regex(POSTCODE_PATTERN, 'POSTCODE_INVALID');

const city = requiredText(CITY_MAX_LENGTH, 'CITY_REQUIRED', 'CITY_TOO_LONG');

/** PUT /api/store/tax-details (and the operator's correction): every field, validated alone. */
export const storeTaxDetailsInput = z.object({
  tin,
  registrationNumber,
  sstNumber,
  msicCode: z
    .string({ error: (i) => (i.input == null ? 'MSIC_REQUIRED' : 'BAD_REQUEST') })
    .trim()
    .regex(MSIC_PATTERN, 'MSIC_INVALID'),
  businessActivity: requiredText(
    BUSINESS_ACTIVITY_MAX_LENGTH,
    'ACTIVITY_REQUIRED',
    'ACTIVITY_TOO_LONG',
  ),
  addressLines,
  postcode,
  city,
  stateCode: z.enum(SELLER_STATE_CODES, { error: 'STATE_REQUIRED' }),
});
export type StoreTaxDetailsInput = z.input<typeof storeTaxDetailsInput>;
export type StoreTaxDetailsValues = z.output<typeof storeTaxDetailsInput>;

/** GET /api/store/tax-details: as saved (null where never given), and what is still missing. */
export const storeTaxDetails = z.object({
  tin: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  /** Null: not registered for SST. */
  sstNumber: z.string().nullable(),
  msicCode: z.string().nullable(),
  businessActivity: z.string().nullable(),
  addressLines: z.array(z.string()),
  postcode: z.string().nullable(),
  city: z.string().nullable(),
  stateCode: z.string().nullable(),
  /** Empty when an e-invoice can be issued. */
  missing: z.array(z.enum(TAX_FIELDS)),
  updatedAt: z.string().nullable(),
});
export type StoreTaxDetails = z.infer<typeof storeTaxDetails>;

/**
 * PUT /api/buyer/tax-details: a buyer that wants e-invoices in its own name (a restaurant
 * company). The identification is its SSM number (BRN) or, for a person, NRIC, passport or army
 * number. DELETE goes back to the general public.
 */
export const buyerTaxDetailsInput = z
  .object({
    name: requiredText(TAX_NAME_MAX_LENGTH, 'TAX_NAME_REQUIRED', 'TAX_NAME_TOO_LONG'),
    tin,
    idType: z.enum(ID_TYPES, { error: 'ID_TYPE_INVALID' }),
    idNumber: z
      .string({ error: (i) => (i.input == null ? 'ID_NUMBER_REQUIRED' : 'BAD_REQUEST') })
      .transform(compact)
      .pipe(
        z
          .string()
          .min(1, 'ID_NUMBER_REQUIRED')
          .max(REGISTRATION_MAX_LENGTH, 'ID_NUMBER_INVALID')
          .regex(/^[A-Z0-9-]+$/, 'ID_NUMBER_INVALID'),
      ),
    sstNumber: sstNumber.default(null),
    email: z.email({ error: 'EMAIL_INVALID' }).max(320, 'EMAIL_INVALID').nullable().default(null),
    addressLines,
    postcode,
    city,
    stateCode: z.enum(STATE_CODES, { error: 'STATE_REQUIRED' }),
  })
  // LHDN: NRIC, passport and army numbers have at most 12 characters (BRN up to 20).
  .refine((v) => v.idType === 'BRN' || v.idNumber.length <= 12, {
    message: 'ID_NUMBER_INVALID',
    path: ['idNumber'],
  });
export type BuyerTaxDetailsInput = z.input<typeof buyerTaxDetailsInput>;

/** A buyer's tax details as kept (the input, checked and tidied). */
export const buyerTaxDetails = z.object({
  name: z.string(),
  tin: z.string(),
  idType: z.enum(ID_TYPES),
  idNumber: z.string(),
  sstNumber: z.string().nullable(),
  email: z.string().nullable(),
  addressLines: z.array(z.string()),
  postcode: z.string(),
  city: z.string(),
  stateCode: z.string(),
});
export type BuyerTaxDetails = z.infer<typeof buyerTaxDetails>;

/** GET /api/buyer/tax-details: null while the buyer is the general public. */
export const buyerTaxDetailsResponse = z.object({ taxDetails: buyerTaxDetails.nullable() });
export type BuyerTaxDetailsResponse = z.infer<typeof buyerTaxDetailsResponse>;

/**
 * What an e-invoice still needs of a store's saved tax details (an empty list: it can be
 * issued). The SST number is not among them: a store not registered for SST says NA.
 */
export function missingTaxFields(store: {
  tin: string | null;
  registrationNumber: string | null;
  msicCode: string | null;
  businessActivity: string | null;
  addressLines: readonly string[];
  postcode: string | null;
  city: string | null;
  stateCode: string | null;
}): TaxField[] {
  return TAX_FIELDS.filter((field) => {
    const value: string | readonly string[] | null = store[field];
    if (typeof value === 'string' || value === null) return !value?.trim();
    return !value.some((line) => line.trim());
  });
}
