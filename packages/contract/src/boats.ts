import { z } from 'zod';
import { TEXT_MAX_LENGTH } from './constants.js';
import type { ErrorCode } from './errors.js';
import { isUuid, optionalText, requiredBoolean } from './validation.js';

/**
 * Enough for any fleet or set of cold rooms a market merchant runs; the lists are read whole (the
 * lot form's picker, the settings pages), so they stay bounded instead of paginated.
 */
export const MAX_BOATS = 50;
export const MAX_COLD_ROOMS = 50;

/** A required text whose empty or missing value has its own code (spec §5: 'required'). */
const requiredTextAs = (code: ErrorCode) =>
  z
    .string({
      error: (issue) => (issue.input === undefined || issue.input === null ? code : 'BAD_REQUEST'),
    })
    .trim()
    .min(1, code)
    .max(TEXT_MAX_LENGTH, 'TEXT_TOO_LONG');

/**
 * An optional photo: the id of one of the merchant's own uploads (POST /api/media). Null or left
 * out means none; when saving a change, that removes the photo.
 */
const imageId = z
  .string({ error: 'BAD_REQUEST' })
  .refine(isUuid, 'INVALID_ID')
  .nullish()
  .transform((v) => v ?? null);

/**
 * Boat numbers match whatever their case and spacing: 'slf4521' is the boat 'SLF 4521', so a
 * merchant cannot add the same boat twice under two spellings.
 */
export const boatNumberKey = (boatNumber: string): string =>
  boatNumber.replace(/\s+/g, '').toLowerCase();

/** POST /api/boats and PUT /api/boats/:id (the whole boat, as when adding). */
export const boatInput = z.object({
  boatNumber: requiredTextAs('BOAT_NUMBER_REQUIRED'),
  ownerName: requiredTextAs('OWNER_NAME_REQUIRED'),
  imageId,
});
export type BoatInput = z.input<typeof boatInput>;

/** What the lot form needs of a boat to pick it. */
export const boatSummary = z.object({
  id: z.string(),
  boatNumber: z.string(),
  ownerName: z.string(),
});
export type BoatSummary = z.infer<typeof boatSummary>;

export const boat = boatSummary.extend({
  imageId: z.string().nullable(),
  /** The photo and its thumbnail (for lists), when it has one. */
  imageUrl: z.string().nullable(),
  thumbUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type Boat = z.infer<typeof boat>;

/** GET /api/boats: the store's boats, oldest first; the lot form picks from them. */
export const boatListResponse = z.object({ items: z.array(boat) });
export type BoatListResponse = z.infer<typeof boatListResponse>;

/**
 * A cold room the merchant leaves unnamed is called 'Cold Room N'. The name is stored as given,
 * in English, like a label on the door: it reads the same in every language of the app.
 */
export const COLD_ROOM_DEFAULT_NAME = 'Cold Room';
const DEFAULT_NAME = /^cold\s*room\s*(\d{1,6})$/i;

export const defaultColdRoomName = (n: number): string => `${COLD_ROOM_DEFAULT_NAME} ${n}`;

/** The N of a name 'Cold Room N' (any case or spacing), or null for any other name. */
export function defaultColdRoomNumber(name: string): number | null {
  const match = DEFAULT_NAME.exec(name.trim());
  return match?.[1] ? Number(match[1]) : null;
}

/** The smallest N ≥ 1 that no name among `names` uses as 'Cold Room N'. */
export function nextColdRoomNumber(names: readonly string[]): number {
  const used = new Set(names.map(defaultColdRoomNumber));
  let n = 1;
  while (used.has(n)) n += 1;
  return n;
}

/** POST /api/cold-rooms and PUT /api/cold-rooms/:id (the whole room, as when adding). */
export const coldRoomInput = z.object({
  /** Empty: the server names it 'Cold Room N'. */
  name: optionalText(),
  ownerName: optionalText(),
  imageId,
  /** A room out of use stays listed, marked inactive. */
  active: z.boolean({ error: 'BAD_REQUEST' }).default(true),
});
export type ColdRoomInput = z.input<typeof coldRoomInput>;

export const coldRoom = z.object({
  id: z.string(),
  name: z.string(),
  ownerName: z.string().nullable(),
  imageId: z.string().nullable(),
  imageUrl: z.string().nullable(),
  thumbUrl: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type ColdRoom = z.infer<typeof coldRoom>;

/**
 * GET /api/cold-rooms: the store's has-cold-room flag with its rooms, oldest first. The flag
 * belongs to the store, so it can be set only once the store is (`storeSetUp`).
 */
export const coldRoomListResponse = z.object({
  storeSetUp: z.boolean(),
  hasColdRoom: z.boolean(),
  items: z.array(coldRoom),
});
export type ColdRoomListResponse = z.infer<typeof coldRoomListResponse>;

/** PUT /api/cold-rooms/settings. */
export const coldRoomSettings = z.object({
  hasColdRoom: requiredBoolean(),
});
export type ColdRoomSettings = z.infer<typeof coldRoomSettings>;
