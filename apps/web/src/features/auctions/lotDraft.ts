import {
  type ErrorCode,
  type Freshness,
  type LotDetail,
  type MediaItem,
  senToInput,
  SPECIES,
  type Species,
  tenthsToInput,
} from '@sm/contract';
import { storage } from '../../lib/storage';

/** One lot of the Create Auction form as typed: numbers stay text until they are checked. */
export interface LotDraft {
  /** React's key for the lot card; never sent. */
  key: string;
  boatId: string;
  harbor: string;
  freshness: Freshness | '';
  /** ISO 8601. */
  landedAt: string;
  name: string;
  species: Species | '';
  /** kg, as typed. */
  quantity: string;
  /** RM per kg, as typed. */
  startPrice: string;
  buyoutPrice: string;
  description: string;
  notes: { size: string; icing: string; packaging: string };
  photos: MediaItem[];
  video: MediaItem | null;
}

/** The fields of a lot as the form names them (and its errors are keyed). */
const LOT_FIELDS = [
  'boatId',
  'harbor',
  'freshness',
  'landedAt',
  'name',
  'species',
  'quantity',
  'startPrice',
  'buyoutPrice',
  'description',
  'notes.size',
  'notes.icing',
  'notes.packaging',
  'photos',
  'video',
] as const;
export type LotField = (typeof LOT_FIELDS)[number];
/** The fields typed into a text input. */
export type TextLotField = Exclude<
  LotField,
  'boatId' | 'freshness' | 'landedAt' | 'species' | 'photos' | 'video'
>;
const isLotField = (name: string): name is LotField =>
  (LOT_FIELDS as readonly string[]).includes(name);

/**
 * Errors by `<lot key>.<field>`: by key, not position, so adding or removing a lot leaves them
 * at their fields; as codes, so a change of language retranslates them.
 */
export type LotErrors = Partial<Record<string, ErrorCode>>;
export const errorKey = (lot: LotDraft, field: LotField) => `${lot.key}.${field}`;

let created = 0;
const newKey = () => `lot-${Date.now().toString(36)}-${(created += 1)}`;

/** What a new lot starts with before the merchant types: the remembered harbour, the boat. */
export interface LotDefaults {
  boatId: string;
  harbor: string;
}

export function emptyLot(
  now: Date = new Date(),
  defaults: LotDefaults = { boatId: '', harbor: '' },
): LotDraft {
  return {
    key: newKey(),
    boatId: defaults.boatId,
    harbor: defaults.harbor,
    freshness: '',
    landedAt: now.toISOString(),
    name: '',
    species: '',
    quantity: '',
    startPrice: '',
    buyoutPrice: '',
    description: '',
    notes: { size: '', icing: '', packaging: '' },
    photos: [],
    video: null,
  };
}

/**
 * The next lot of the same catch ('Add lot'): the facts of the lot above (boat, harbour,
 * freshness, landing time, species, name), with its own quantity, prices, notes and media to give.
 */
export const nextLot = (above: LotDraft): LotDraft => ({
  ...emptyLot(),
  boatId: above.boatId,
  harbor: above.harbor,
  freshness: above.freshness,
  landedAt: above.landedAt,
  species: above.species,
  name: above.name,
});

/** A copy to edit into the next lot: same facts and media (the server lets lots share them). */
export const duplicateLot = (lot: LotDraft): LotDraft => ({
  ...lot,
  key: newKey(),
  notes: { ...lot.notes },
  photos: [...lot.photos],
});

export function getText(lot: LotDraft, field: TextLotField): string {
  switch (field) {
    case 'notes.size':
      return lot.notes.size;
    case 'notes.icing':
      return lot.notes.icing;
    case 'notes.packaging':
      return lot.notes.packaging;
    default:
      return lot[field];
  }
}

export function setText(lot: LotDraft, field: TextLotField, value: string): LotDraft {
  switch (field) {
    case 'notes.size':
      return { ...lot, notes: { ...lot.notes, size: value } };
    case 'notes.icing':
      return { ...lot, notes: { ...lot.notes, icing: value } };
    case 'notes.packaging':
      return { ...lot, notes: { ...lot.notes, packaging: value } };
    default:
      return { ...lot, [field]: value };
  }
}

/**
 * The lot of `?relist=`: its facts and media again, for the kg that did not sell (the whole lot
 * while it has no award yet).
 */
export function lotFromDetail(lot: LotDetail): LotDraft {
  const quantity = lot.award ? lot.award.unsoldQuantity : lot.quantity;
  return {
    key: newKey(),
    boatId: lot.boat.id,
    harbor: lot.harbor,
    freshness: lot.freshness,
    landedAt: lot.landedAt,
    name: lot.name,
    species: lot.species,
    quantity: quantity > 0 ? tenthsToInput(quantity) : '',
    startPrice: senToInput(lot.startPrice),
    buyoutPrice: lot.buyoutPrice === null ? '' : senToInput(lot.buyoutPrice),
    description: lot.description ?? '',
    notes: {
      size: lot.notes.size ?? '',
      icing: lot.notes.icing ?? '',
      packaging: lot.notes.packaging ?? '',
    },
    photos: lot.photos,
    video: lot.video,
  };
}

const FORM_FIELD: Record<string, LotField> = { photoIds: 'photos', videoIds: 'video' };

/**
 * Which lot and field an error about `lots.<i>.<field>…` concerns (`photos` for
 * `lots.0.photoIds.1`), or null when it names no field of a lot.
 */
export function fieldOfPath(
  path: readonly PropertyKey[],
): { index: number; field: LotField } | null {
  const [root, index, field, sub] = path.map(String);
  if (root !== 'lots' || index === undefined || !/^\d+$/.test(index) || field === undefined)
    return null;
  const name = field === 'notes' ? `notes.${sub}` : (FORM_FIELD[field] ?? field);
  return isLotField(name) ? { index: Number(index), field: name } : null;
}

/** Codes that only say a field is still empty: not told while the merchant is filling the form. */
const STILL_EMPTY: ReadonlySet<ErrorCode> = new Set(['REQUIRED_FIELDS', 'PHOTO_REQUIRED']);
/** What more typing cannot mend, so it is told as it is typed: a name past 140 characters. */
const TOLD_WHILE_TYPING: ReadonlySet<ErrorCode> = new Set(['LOT_NAME_TOO_LONG', 'TEXT_TOO_LONG']);

/**
 * The message a field shows after the merchant types into it, leaves it or picks its value, given
 * the one `shown` and the problem `found` now: the form tells problems at once, not only on
 * Publish, but never calls a field the merchant has not filled yet wrong (a "Required" already
 * shown stays until it is filled), and while typing only what more typing cannot mend.
 */
export function errorAfter(
  event: 'typing' | 'leaving' | 'picking',
  shown: ErrorCode | undefined,
  found: ErrorCode | null,
): ErrorCode | undefined {
  if (!found) return undefined;
  if (event === 'typing') return TOLD_WHILE_TYPING.has(found) ? found : undefined;
  return STILL_EMPTY.has(found) ? shown : found;
}

/**
 * The fields whose message a change of `field` can change: a start price moves the buyout's
 * "must be above the start price".
 */
export const fieldsToCheck = (field: LotField): LotField[] =>
  field === 'startPrice' ? ['startPrice', 'buyoutPrice'] : [field];

/**
 * The form's content without React's keys: two forms that read the same compare equal, so the
 * page can tell typed input from the form it opened with.
 */
export const formContent = (lots: readonly LotDraft[]): string =>
  JSON.stringify(lots.map(({ key: _key, ...lot }) => lot));

// The local draft ('Save draft', and saved as the merchant types): the whole form, uploaded media
// included, for one merchant.

export interface StoredDraft {
  merchantId: string;
  savedAt: string;
  lots: LotDraft[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function reviveMedia(value: unknown): MediaItem | null {
  if (!isRecord(value) || typeof value.id !== 'string' || typeof value.url !== 'string')
    return null;
  if (value.kind !== 'photo' && value.kind !== 'video') return null;
  const int = (n: unknown) => (typeof n === 'number' && Number.isInteger(n) ? n : null);
  return {
    id: value.id,
    kind: value.kind,
    url: value.url,
    thumbUrl: typeof value.thumbUrl === 'string' ? value.thumbUrl : null,
    width: int(value.width),
    height: int(value.height),
    size: int(value.size) ?? 0,
  };
}

/** A stored lot as the form can use it, whatever an older build or a hand edit left there. */
function reviveLot(value: unknown): LotDraft {
  const lot = isRecord(value) ? value : {};
  const notes = isRecord(lot.notes) ? lot.notes : {};
  const species = text(lot.species);
  const media = Array.isArray(lot.photos) ? lot.photos.map(reviveMedia) : [];
  return {
    ...emptyLot(),
    boatId: text(lot.boatId),
    harbor: text(lot.harbor),
    freshness: lot.freshness === 'fresh' || lot.freshness === 'frozen' ? lot.freshness : '',
    landedAt: text(lot.landedAt) || new Date().toISOString(),
    name: text(lot.name),
    species: Object.hasOwn(SPECIES, species) ? (species as Species) : '',
    quantity: text(lot.quantity),
    startPrice: text(lot.startPrice),
    buyoutPrice: text(lot.buyoutPrice),
    description: text(lot.description),
    notes: { size: text(notes.size), icing: text(notes.icing), packaging: text(notes.packaging) },
    photos: media.filter((item): item is MediaItem => item?.kind === 'photo'),
    video: reviveMedia(lot.video)?.kind === 'video' ? reviveMedia(lot.video) : null,
  };
}

const isStoredDraft = (data: unknown): data is Record<string, unknown> =>
  isRecord(data) && typeof data.merchantId === 'string' && Array.isArray(data.lots);

/** A stored draft as the form can use it, or null (unreadable, or another merchant's). */
export function reviveDraft(data: unknown, merchantId: string): StoredDraft | null {
  if (!isStoredDraft(data) || data.merchantId !== merchantId) return null;
  const lots = (data.lots as unknown[]).map(reviveLot);
  if (lots.length === 0) return null;
  return { merchantId, savedAt: text(data.savedAt), lots };
}

/** This merchant's draft on this device; a shared phone may hold another merchant's. */
export const readDraft = (merchantId: string): StoredDraft | null =>
  reviveDraft(storage.get('auctionDraft', isStoredDraft), merchantId);

/** False when the device would not keep it. */
export function saveDraft(merchantId: string, lots: LotDraft[]): boolean {
  const draft: StoredDraft = { merchantId, savedAt: new Date().toISOString(), lots };
  return storage.set('auctionDraft', draft);
}

export const clearDraft = () => storage.remove('auctionDraft');
