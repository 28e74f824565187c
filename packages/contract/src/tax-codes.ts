/**
 * LHDN's small MyInvois code tables (https://sdk.myinvois.hasil.gov.my/codes/): states and the
 * buyer's identification types. The MSIC industry codes are large and live apart, in msic.ts.
 */

/**
 * LHDN's state codes (StateCodes.json), the CountrySubentityCode of an address, names as LHDN
 * writes them. 17 Not Applicable is for a consolidated e-invoice or an address outside Malaysia;
 * 01–16 go only with country MYS (LHDN's code validation CV316). Older copies of the table also
 * list 00 All States, which the SDK no longer shows and an address never carries.
 */
export const LHDN_STATES = [
  { code: '01', name: 'Johor' },
  { code: '02', name: 'Kedah' },
  { code: '03', name: 'Kelantan' },
  { code: '04', name: 'Melaka' },
  { code: '05', name: 'Negeri Sembilan' },
  { code: '06', name: 'Pahang' },
  { code: '07', name: 'Pulau Pinang' },
  { code: '08', name: 'Perak' },
  { code: '09', name: 'Perlis' },
  { code: '10', name: 'Selangor' },
  { code: '11', name: 'Terengganu' },
  { code: '12', name: 'Sabah' },
  { code: '13', name: 'Sarawak' },
  { code: '14', name: 'Wilayah Persekutuan Kuala Lumpur' },
  { code: '15', name: 'Wilayah Persekutuan Labuan' },
  { code: '16', name: 'Wilayah Persekutuan Putrajaya' },
  { code: '17', name: 'Not Applicable' },
] as const;

export type StateCode = (typeof LHDN_STATES)[number]['code'];
/** 01–17: any address's state, a buyer's included. */
export const STATE_CODES: readonly StateCode[] = LHDN_STATES.map((state) => state.code);

/** 01–16: a store's own address is in a state or federal territory, never Not Applicable. */
export type SellerStateCode = Exclude<StateCode, '17'>;
export const SELLER_STATE_CODES: readonly SellerStateCode[] = STATE_CODES.filter(
  (code): code is SellerStateCode => code !== '17',
);

/** LHDN's name for a state code, or null for a code LHDN does not have. */
export function stateName(code: string): string | null {
  return LHDN_STATES.find((state) => state.code === code)?.name ?? null;
}

/**
 * The buyer's (or seller's) identification type next to the TIN, the schemeID LHDN takes for
 * the registration or identity number.
 */
export const ID_TYPES = [
  'BRN', // Business registration number (SSM) of a company, partnership or sole proprietor
  'NRIC', // Malaysian identity card number (MyKad) of an individual
  'PASSPORT', // Passport number of a foreign individual
  'ARMY', // Armed forces number (MyTentera) of a service member
] as const;
export type IdType = (typeof ID_TYPES)[number];
