import {
  type ErrorCode,
  issueCode,
  type MediaItem,
  storeBasicInfoInput,
  type StoreBasicInfoInput,
  type StoreProfile,
  storeProfileInput,
  type StoreProfileInput,
} from '@sm/contract';
import { fieldCodes } from '../../lib/fieldCodes';
import type { Check } from '../../lib/form';

/** The basic info as typed: coordinates as text, so a half-typed number is not lost. */
export interface BasicInfoValues {
  name: string;
  address: string;
  latitude: string;
  longitude: string;
  logo: MediaItem | null;
}
export type BasicInfoField = 'name' | 'address' | 'latitude' | 'longitude' | 'logo';
const CONTRACT_FIELDS = ['name', 'address', 'latitude', 'longitude', 'logoMediaId'] as const;
export const BASIC_INFO_FIELDS: readonly BasicInfoField[] = [
  'name',
  'address',
  'latitude',
  'longitude',
  'logo',
];

/** Six decimals: about 10 cm, what the server keeps. */
export const formatDegrees = (value: number): string => String(Math.round(value * 1e6) / 1e6);

export const basicInfoValuesOf = (store: StoreProfile): BasicInfoValues => ({
  name: store.name ?? '',
  address: store.address ?? '',
  latitude: store.latitude === null ? '' : formatDegrees(store.latitude),
  longitude: store.longitude === null ? '' : formatDegrees(store.longitude),
  logo: store.logo,
});

/** Empty is "no location"; anything else goes as a number, or as typed for the schema to refuse. */
const degreesOf = (text: string): number | string | null => {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : trimmed;
};

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

/** The saved location, when both coordinates are valid numbers: for the map and the links. */
export function locationOf(values: Pick<BasicInfoValues, 'latitude' | 'longitude'>) {
  const latitude = degreesOf(values.latitude);
  const longitude = degreesOf(values.longitude);
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

/** Description and announcements as typed; blank announcement rows are dropped on save. */
export interface ProfileValues {
  description: string;
  announcements: string[];
}

export const profileValuesOf = (store: StoreProfile): ProfileValues => ({
  description: store.description ?? '',
  announcements: store.announcements.length > 0 ? [...store.announcements] : [''],
});

/** Errors by field: `description`, `announcements` (the list) or `announcements.<row>`. */
export type ProfileErrors = Partial<Record<string, ErrorCode>>;

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
      parsed.error.issues,
      rows.map((r) => r.row),
    ),
  };
}

/**
 * The form's error keys for the issues of a profile save (the schema's or the API's `field`):
 * `announcements.<i>` of what was sent is `announcements.<row>` of the form.
 */
export function profileErrorsOf(
  issues: readonly { path: readonly PropertyKey[]; message: string; code: string }[],
  rowOfSent: readonly number[],
): ProfileErrors {
  const errors: ProfileErrors = {};
  for (const issue of issues) {
    const [field, index] = issue.path;
    let key: string;
    if (field === 'announcements' && typeof index === 'number') {
      key = `announcements.${rowOfSent[index] ?? index}`;
    } else if (field === 'description' || field === 'announcements') {
      key = field;
    } else continue;
    errors[key] ??= issueCode(issue);
  }
  return errors;
}
