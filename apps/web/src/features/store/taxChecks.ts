import { ADDRESS_LINES_MAX, storeTaxDetailsInput, type StoreTaxDetailsValues } from '@sm/contract';
import { fieldCodes } from '../../lib/fieldCodes';
import type { FieldCodes } from '../../lib/form';
import { TAX_FORM_FIELDS, type TaxFormField, type TaxValues } from './taxForm';

// The contract's schema, and zod with it: the tax form imports this module when it is first
// focused (loadTaxChecks), not with its page.

export type TaxCheck =
  { ok: true; input: StoreTaxDetailsValues } | { ok: false; errors: FieldCodes<TaxFormField> };

/**
 * The contract's `storeTaxDetailsInput` over what was typed: what to send, or a code for each
 * wrong field at once. Two readings are the form's own: a blank MSIC code is "not chosen" (the
 * schema calls a blank one invalid), and the address starts on line 1, as the form labels it.
 */
export function checkTaxDetails(values: TaxValues): TaxCheck {
  const parsed = storeTaxDetailsInput.safeParse({
    tin: values.tin,
    registrationNumber: values.registrationNumber,
    sstNumber: values.sstRegistered ? values.sstNumber : null,
    msicCode: values.msicCode.trim() || undefined,
    businessActivity: values.businessActivity,
    addressLines: values.addressLines.slice(0, ADDRESS_LINES_MAX),
    postcode: values.postcode,
    city: values.city,
    stateCode: values.stateCode || undefined,
  });
  const errors = parsed.success ? {} : fieldCodes(parsed.error, TAX_FORM_FIELDS);
  if (!values.addressLines[0].trim() && !errors.addressLines)
    errors.addressLines = 'ADDRESS_REQUIRED';
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, input: parsed.data };
  return { ok: false, errors };
}
