import type { StoreTaxDetails } from '@sm/contract';

/** The three address lines LHDN's address takes, as typed. */
export type AddressLines = [string, string, string];

/**
 * The tax details as typed: nothing is lost to a failed check. The SST number is kept while the
 * switch is off, so turning it back on brings it back; it is sent only while the switch is on.
 */
export interface TaxValues {
  tin: string;
  registrationNumber: string;
  sstRegistered: boolean;
  sstNumber: string;
  msicCode: string;
  businessActivity: string;
  addressLines: AddressLines;
  postcode: string;
  city: string;
  stateCode: string;
}

/** The fields a check or the API may refuse (the contract's names), and the SST switch. */
export type TaxFormField = keyof TaxValues;
export const TAX_FORM_FIELDS: readonly TaxFormField[] = [
  'tin',
  'registrationNumber',
  'sstRegistered',
  'sstNumber',
  'msicCode',
  'businessActivity',
  'addressLines',
  'postcode',
  'city',
  'stateCode',
];

export function taxValuesOf(details: StoreTaxDetails): TaxValues {
  const lines = details.addressLines;
  return {
    tin: details.tin ?? '',
    registrationNumber: details.registrationNumber ?? '',
    sstRegistered: details.sstNumber !== null,
    sstNumber: details.sstNumber ?? '',
    msicCode: details.msicCode ?? '',
    businessActivity: details.businessActivity ?? '',
    addressLines: [lines[0] ?? '', lines[1] ?? '', lines[2] ?? ''],
    postcode: details.postcode ?? '',
    city: details.city ?? '',
    stateCode: details.stateCode ?? '',
  };
}

/** Whether anything typed differs from `saved` (leaving then asks first). */
export const isTaxChanged = (values: TaxValues, saved: TaxValues): boolean =>
  TAX_FORM_FIELDS.some((field) =>
    field === 'addressLines'
      ? values.addressLines.some((line, index) => line !== saved.addressLines[index])
      : values[field] !== saved[field],
  );

/** Upper case as typed: LHDN's TIN, SSM and SST numbers are all capitals. */
export const upper = (text: string) => text.toUpperCase();
