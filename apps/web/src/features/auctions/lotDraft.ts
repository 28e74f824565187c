import {
  createAuctionRequest,
  type CreateAuctionRequest,
  type ErrorCode,
  type Freshness,
  issueCode,
  type LotDetail,
  type MediaItem,
  parseKg,
  parseRM,
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

export function emptyLot(now: Date = new Date()): LotDraft {
  return {
    key: newKey(),
    boatId: '',
    harbor: '',
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

type AuctionInput = { lots: Record<string, unknown>[] };

/**
 * The request the form stands for, for the contract's schema to judge, and the errors that text
 * alone shows: an empty number is left out (the schema then says it is required), one that does
 * not read as a number is reported here, since the schema never sees the text.
 */
function toRequest(lots: LotDraft[]): { request: AuctionInput; errors: LotErrors } {
  const errors: LotErrors = {};
  const number = (
    lot: LotDraft,
    field: LotField,
    text: string,
    parse: (input: string) => number | null,
    invalid: ErrorCode,
  ) => {
    if (!text.trim()) return undefined;
    const value = parse(text);
    if (value === null) errors[errorKey(lot, field)] = invalid;
    return value ?? undefined;
  };
  const request = {
    lots: lots.map((lot) => ({
      boatId: lot.boatId || undefined,
      harbor: lot.harbor,
      freshness: lot.freshness || undefined,
      landedAt: lot.landedAt || undefined,
      name: lot.name,
      species: lot.species || undefined,
      quantity: number(lot, 'quantity', lot.quantity, parseKg, 'INVALID_QUANTITY'),
      startPrice: number(lot, 'startPrice', lot.startPrice, parseRM, 'INVALID_PRICE'),
      buyoutPrice: lot.buyoutPrice.trim()
        ? number(lot, 'buyoutPrice', lot.buyoutPrice, parseRM, 'INVALID_PRICE')
        : null,
      description: lot.description,
      notes: lot.notes,
      photoIds: lot.photos.map((photo) => photo.id),
      videoIds: lot.video ? [lot.video.id] : [],
    })),
  };
  return { request, errors };
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

export type Validation =
  | { ok: true; data: CreateAuctionRequest }
  | { ok: false; errors: LotErrors; formError: ErrorCode | null };

/**
 * Every problem of the form at once, each at its field (the first per field), so a merchant with
 * several lots fixes them in one pass; `formError` is the one to tell as a whole (what names no
 * field, such as no lot at all, or else the first).
 */
export function validateLots(lots: LotDraft[]): Validation {
  const { request, errors } = toRequest(lots);
  const parsed = createAuctionRequest.safeParse(request);
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, data: parsed.data };
  let formError: ErrorCode | null = null;
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const at = fieldOfPath(issue.path);
      const lot = at && lots[at.index];
      if (at && lot) errors[errorKey(lot, at.field)] ??= issueCode(issue);
      else formError ??= issueCode(issue);
    }
  }
  // As the contract's validationFailure does: 'Please fill in all fields' speaks for the form.
  const codes = Object.values(errors);
  formError ??= codes.includes('REQUIRED_FIELDS') ? 'REQUIRED_FIELDS' : (codes[0] ?? null);
  return { ok: false, errors, formError };
}

// The local draft ('Save draft'): the whole form, uploaded media included, for one merchant.

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
