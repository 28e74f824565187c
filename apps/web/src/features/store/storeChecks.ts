import {
  issueCode,
  storeBasicInfoInput,
  type StoreBasicInfoInput,
  storeProfileInput,
  type StoreProfileInput,
} from '@sm/contract';
import { fieldCodes } from '../../lib/fieldCodes';
import type { Check } from '../../lib/form';
import {
  type BasicInfoField,
  type BasicInfoValues,
  degreesOf,
  type ProfileErrors,
  profileErrorsOf,
  type ProfileValues,
} from './form';

// The contract's schemas, and zod with them: the profile editor and the basic info form import
// this module when they are first focused, not with their pages.

const CONTRACT_FIELDS = ['name', 'address', 'latitude', 'longitude', 'logoMediaId'] as const;

export type BasicInfoCheck = Check<StoreBasicInfoInput, BasicInfoField>;

/** The contract's `storeBasicInfoInput` over what was typed: what to send, or a code per field. */
export function checkBasicInfo(values: BasicInfoValues): BasicInfoCheck {
  const input = {
    name: values.name,
    address: values.address,
    latitude: degreesOf(values.latitude),
    longitude: degreesOf(values.longitude),
    logoMediaId: values.logo?.id ?? null,
  };
  const parsed = storeBasicInfoInput.safeParse(input);
  if (parsed.success) return { ok: true, input: parsed.data };
  const { logoMediaId, ...codes } = fieldCodes(parsed.error, CONTRACT_FIELDS);
  return { ok: false, errors: logoMediaId ? { ...codes, logo: logoMediaId } : codes };
}

export type ProfileCheck =
  { ok: true; input: StoreProfileInput } | { ok: false; errors: ProfileErrors };

/**
 * The contract's `storeProfileInput` over the form; a refused announcement is marked at the row
 * the merchant typed it in, blank rows (left out of what is sent) counted.
 */
export function checkProfile(values: ProfileValues): ProfileCheck {
  const rows = values.announcements
    .map((text, row) => ({ text, row }))
    .filter(({ text }) => text.trim() !== '');
  const parsed = storeProfileInput.safeParse({
    description: values.description,
    announcements: rows.map(({ text }) => text),
  });
  if (parsed.success) return { ok: true, input: parsed.data };
  return {
    ok: false,
    errors: profileErrorsOf(
      parsed.error.issues.map((issue) => ({ path: issue.path, code: issueCode(issue) })),
      rows.map((r) => r.row),
    ),
  };
}
