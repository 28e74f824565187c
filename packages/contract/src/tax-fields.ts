// LHDN's formats and the store's tax fields, without zod: the tax form reads them with its page,
// and loads the schemas (tax.ts) only when it first checks what was typed.

/** LHDN's field lengths (e-Invoice guideline): TIN 14, registration 20, SST 35, address line 150. */
export const TIN_MAX_LENGTH = 14;
export const REGISTRATION_MAX_LENGTH = 20;
export const BUSINESS_ACTIVITY_MAX_LENGTH = 300;
export const TAX_NAME_MAX_LENGTH = 300;
export const ADDRESS_LINE_MAX_LENGTH = 150;
export const ADDRESS_LINES_MAX = 3;
export const CITY_MAX_LENGTH = 50;

/**
 * LHDN TINs (MyInvois FAQ): an individual's is IG and up to 11 digits; a company's,
 * partnership's, … is its type prefix (C, CS, D, F, FA, PT, TA, TC, TN, TR, TP, J, LE) and its
 * digits, a 0 appended where LHDN asks for one. Spaces and lower case are forgiven; the general
 * public's is refused.
 */
export const TIN_PATTERN = /^(IG\d{9,11}|(C|CS|D|F|FA|PT|TA|TC|TN|TR|TP|J|LE)\d{8,12})$/;
/** SSM: the 12-digit number of 2019 on (202001234567), or the older 1234567-X / JM0123456-A. */
export const REGISTRATION_PATTERN = /^(\d{12}|[A-Z]{0,3}\d{4,10}-[A-Z]{1,3})$/;
/** SST registration: W10-1808-32000123; a business with two gives both, joined by ';'. */
export const SST_PATTERN = /^[A-Z]\d{2}-\d{4}-\d{8}(;[A-Z]\d{2}-\d{4}-\d{8})?$/;
export const POSTCODE_PATTERN = /^\d{5}$/;
export const MSIC_PATTERN = /^\d{5}$/;

/** The store fields an e-invoice needs, in the order the form shows them. */
export const TAX_FIELDS = [
  'tin',
  'registrationNumber',
  'msicCode',
  'businessActivity',
  'addressLines',
  'postcode',
  'city',
  'stateCode',
] as const;
export type TaxField = (typeof TAX_FIELDS)[number];
