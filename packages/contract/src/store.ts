import { z } from 'zod';
import { businessStatusSchema } from './auth.js';
import { mediaItem } from './media.js';
import {
  ANNOUNCEMENT_MAX_LENGTH,
  MAX_ANNOUNCEMENTS,
  MAX_CAROUSEL_IMAGES,
  STORE_ADDRESS_MAX_LENGTH,
  STORE_DESCRIPTION_MAX_LENGTH,
  STORE_NAME_MAX_LENGTH,
} from './store-fields.js';
import { requiredId, requiredOrBad } from './validation.js';

/** A text that may be left out or empty (then null), trimmed, at most `max` characters. */
const nullableText = (
  max: number,
  tooLong: 'STORE_ADDRESS_TOO_LONG' | 'STORE_DESCRIPTION_TOO_LONG',
) =>
  z
    .string({ error: 'BAD_REQUEST' })
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((v) => (v ? v : null));

/** Degrees, kept to 6 decimals (about 10 cm): more is noise from the map or the device. */
const degrees = (limit: number, code: 'INVALID_LATITUDE' | 'INVALID_LONGITUDE') =>
  z
    .number({ error: code })
    .min(-limit, code)
    .max(limit, code)
    .transform((v) => Math.round(v * 1e6) / 1e6)
    .nullable()
    .default(null);

/**
 * PUT /api/store/basic-info: the whole of it (what is left out is cleared). The location is both
 * coordinates or neither; the logo is one of the merchant's own uploaded photos (POST /api/media),
 * cropped square by the app.
 */
export const storeBasicInfoInput = z
  .object({
    name: z
      .string({ error: (i) => (i.input == null ? 'STORE_NAME_REQUIRED' : 'BAD_REQUEST') })
      .trim()
      .min(1, 'STORE_NAME_REQUIRED')
      .max(STORE_NAME_MAX_LENGTH, 'STORE_NAME_TOO_LONG'),
    address: nullableText(STORE_ADDRESS_MAX_LENGTH, 'STORE_ADDRESS_TOO_LONG'),
    latitude: degrees(90, 'INVALID_LATITUDE'),
    longitude: degrees(180, 'INVALID_LONGITUDE'),
    logoMediaId: requiredId().nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if ((v.latitude === null) !== (v.longitude === null)) {
      ctx.addIssue({
        code: 'custom',
        message: 'LOCATION_INCOMPLETE',
        path: [v.latitude === null ? 'latitude' : 'longitude'],
      });
    }
  });
export type StoreBasicInfoInput = z.input<typeof storeBasicInfoInput>;

const announcement = z
  .string({ error: requiredOrBad })
  .trim()
  .min(1, 'ANNOUNCEMENT_EMPTY')
  .max(ANNOUNCEMENT_MAX_LENGTH, 'ANNOUNCEMENT_TOO_LONG');

/** PUT /api/store/profile: the description and the announcements, in the order shown. */
export const storeProfileInput = z.object({
  description: nullableText(STORE_DESCRIPTION_MAX_LENGTH, 'STORE_DESCRIPTION_TOO_LONG'),
  announcements: z
    .array(announcement, { error: 'BAD_REQUEST' })
    .max(MAX_ANNOUNCEMENTS, 'TOO_MANY_ANNOUNCEMENTS')
    .default([]),
});
export type StoreProfileInput = z.input<typeof storeProfileInput>;

/** PUT /api/store/carousel: the photos in the order to show; reordering sends the new order. */
export const storeCarouselInput = z.object({
  mediaIds: z
    .array(requiredId(), { error: requiredOrBad })
    .max(MAX_CAROUSEL_IMAGES, 'TOO_MANY_CAROUSEL_IMAGES')
    .refine((ids) => new Set(ids).size === ids.length, 'CAROUSEL_DUPLICATE_IMAGE'),
});
export type StoreCarouselInput = z.input<typeof storeCarouselInput>;

/** What the app and the operator see of a submitted SSM document; the file itself is private. */
export const businessDocument = z.object({
  id: z.string(),
  /** The name it was uploaded under, for the download only. */
  fileName: z.string(),
  mime: z.string(),
  size: z.number().int(),
  submittedAt: z.string(),
});
export type BusinessDocument = z.infer<typeof businessDocument>;

/** The map the app draws for picking the location: a slippy-map tile URL and its credit line. */
export const mapTiles = z.object({
  /** With {z}, {x}, {y} (and optionally {s}), as Leaflet takes it. */
  url: z.string(),
  attribution: z.string(),
});
export type MapTiles = z.infer<typeof mapTiles>;

/** GET /api/store, and the answer of every change to it. */
export const storeProfile = z.object({
  /** Null until the basic info is saved for the first time. */
  name: z.string().nullable(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  logo: mediaItem.nullable(),
  description: z.string().nullable(),
  announcements: z.array(z.string()),
  /** At most MAX_CAROUSEL_IMAGES, in order. */
  carousel: z.array(mediaItem),
  hasColdRoom: z.boolean(),
  businessStatus: businessStatusSchema,
  businessRejectReason: z.string().nullable(),
  /** The latest SSM document submitted, if any. */
  ssmDocument: businessDocument.nullable(),
  mapTiles,
});
export type StoreProfile = z.infer<typeof storeProfile>;
