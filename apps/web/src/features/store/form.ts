import type { ErrorCode, MediaItem, StoreProfile } from '@sm/contract';

/** The basic info as typed: coordinates as text, so a half-typed number is not lost. */
export interface BasicInfoValues {
  name: string;
  address: string;
  latitude: string;
  longitude: string;
  logo: MediaItem | null;
}
export type BasicInfoField = 'name' | 'address' | 'latitude' | 'longitude' | 'logo';
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
export const degreesOf = (text: string): number | string | null => {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : trimmed;
};

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

/**
 * The form's error keys for the problems of a profile save, each a path and its code (the
 * schema's issues or the API's `field`): `announcements.<i>` of what was sent is
 * `announcements.<row>` of the form.
 */
export function profileErrorsOf(
  problems: readonly { path: readonly PropertyKey[]; code: ErrorCode }[],
  rowOfSent: readonly number[],
): ProfileErrors {
  const errors: ProfileErrors = {};
  for (const problem of problems) {
    const [field, index] = problem.path;
    let key: string;
    if (field === 'announcements' && typeof index === 'number') {
      key = `announcements.${rowOfSent[index] ?? index}`;
    } else if (field === 'description' || field === 'announcements') {
      key = field;
    } else continue;
    errors[key] ??= problem.code;
  }
  return errors;
}
